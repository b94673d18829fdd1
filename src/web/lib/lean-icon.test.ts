import { render } from '@testing-library/react';
import { CircleCheck, Tag } from 'lucide-react';
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';

describe("lucide's icons, as the app draws them", () => {
  it('are made by the lighter factory: classes, view box and shapes, the stroke left to the stylesheet', () => {
    const { container } = render(createElement(Tag, { className: 'size-4' }));
    const icon = container.querySelector('svg')!;

    expect(icon).toHaveClass('lucide', 'lucide-tag', 'size-4');
    expect(icon).toHaveAttribute('viewBox', '0 0 24 24');
    expect(icon).toHaveAttribute('aria-hidden', 'true');
    // lucide's own factory writes these on every icon; the `lucide` class sets them once.
    expect(icon).not.toHaveAttribute('stroke');
    expect(icon).not.toHaveAttribute('width');
    expect([...icon.children].map((shape) => shape.tagName)).toEqual(['path', 'circle']);
    expect(icon.querySelector('circle')).toHaveAttribute('fill', 'currentColor');
  });

  it('keep the classes of their aliases, and are read out when named', () => {
    const { container } = render(
      createElement(CircleCheck, { 'aria-label': 'Done', style: { color: 'green' } }),
    );
    const icon = container.querySelector('svg')!;

    expect(icon).toHaveClass('lucide-circle-check', 'lucide-check-circle-2');
    expect(icon).not.toHaveAttribute('aria-hidden');
    expect(icon).toHaveAccessibleName('Done');
    expect(icon).toHaveStyle({ color: 'rgb(0, 128, 0)' });
  });
});
