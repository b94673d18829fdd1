import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../lib/i18n.ts';
import { ScreenshotShowcases } from './ScreenshotShowcases.tsx';

async function openInbox() {
  const user = userEvent.setup();
  render(<ScreenshotShowcases />);
  const opener = screen.getByRole('button', { name: 'Enlarge screenshot: The unified inbox' });
  await user.click(opener);
  const viewer = await screen.findByRole('dialog', { name: 'The unified inbox' });
  return { user, opener, viewer };
}

describe('ScreenshotShowcases', () => {
  it('shows two screenshots of the language on screen, sized and loaded lazily', async () => {
    const { container, rerender } = render(<ScreenshotShowcases />);
    // Decorative inside their buttons, which carry the names.
    const images = () => [...container.querySelectorAll('button img')];

    expect(images()).toHaveLength(2);
    for (const image of images()) {
      expect(image).toHaveAttribute('loading', 'lazy');
      expect(image).toHaveAttribute('width', '1280');
      expect(image).toHaveAttribute('height', '800');
    }
    expect(images()[0]!.getAttribute('src')).toMatch(/inbox-en/);

    await changeLanguage('jp');
    rerender(<ScreenshotShowcases />);
    expect(images()[0]!.getAttribute('src')).toMatch(/inbox-jp/);
    expect(screen.getByRole('button', { name: 'スクリーンショットを拡大：統合受信箱' })).toBeVisible();
  });

  it('opens the enlarged screenshot in a modal dialog and closes it on Escape, giving focus back', async () => {
    const { user, opener, viewer } = await openInbox();

    expect(viewer).toHaveAttribute('aria-modal', 'true');
    expect(
      screen.getByRole('img', { name: /Matome's inbox listing Slack and ChatWork mentions/ }),
    ).toBeVisible();
    expect(viewer).toContainElement(document.activeElement as HTMLElement);

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(opener).toHaveFocus();
  });

  it('closes on the close button and on a click outside the image', async () => {
    const { user, opener, viewer } = await openInbox();

    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(opener).toHaveFocus();

    await user.click(opener);
    const reopened = await screen.findByRole('dialog', { name: 'The unified inbox' });
    expect(reopened).not.toBe(viewer);
    const backdrop = reopened.previousElementSibling;
    if (!(backdrop instanceof HTMLElement)) throw new Error('no backdrop before the viewer');
    await user.click(backdrop);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(opener).toHaveFocus();
  });

  it('keeps focus inside while open', async () => {
    const { user, viewer } = await openInbox();

    for (let press = 0; press < 3; press += 1) {
      await user.tab();
      expect(viewer).toContainElement(document.activeElement as HTMLElement);
    }
  });
});
