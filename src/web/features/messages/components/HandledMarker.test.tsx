import { screen } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../lib/i18n.ts';
import { chatworkMessage } from '../../../test/message-fixtures.ts';
import { renderRouter } from '../../../test/render-router.ts';
import { cardProps } from '../test/render-card.ts';
import { HandledContext } from './HandledMarker.tsx';
import { MessageCard } from './MessageCard.tsx';
import { MessageRow } from './MessageRow.tsx';

const answered = chatworkMessage('100');
const waiting = chatworkMessage('101');

function renderBoth(handled: ReadonlySet<string> | null) {
  const list: ReactNode = createElement(
    'ol',
    null,
    createElement('li', null, createElement(MessageCard, cardProps(answered))),
    createElement('li', null, createElement(MessageCard, cardProps(waiting))),
    createElement(
      'li',
      null,
      createElement(MessageRow, { ...cardProps(answered), onExpand: () => undefined }),
    ),
  );
  renderRouter([{ path: '/', element: createElement(HandledContext, { value: handled }, list) }], '/');
}

describe('the handled marker', () => {
  beforeEach(() => changeLanguage('en'));

  it('marks the card and the compact row of a message the person answered, and no other', async () => {
    renderBoth(new Set([answered.id]));
    const markers = await screen.findAllByText('Handled');
    expect(markers).toHaveLength(2);
    const [card, other, row] = screen.getAllByRole('listitem');
    expect(card!.querySelector('[data-handled-marker]')).not.toBeNull();
    expect(other!.querySelector('[data-handled-marker]')).toBeNull();
    expect(row!.querySelector('[data-handled-marker]')).not.toBeNull();
    expect(markers[0]).toHaveAttribute('title', 'You answered this message');
  });

  it('says 対応済み in Japanese', async () => {
    await changeLanguage('jp');
    renderBoth(new Set([answered.id]));
    expect(await screen.findAllByText('対応済み')).toHaveLength(2);
  });

  it('shows nothing where the list gives no handled messages', () => {
    renderBoth(null);
    expect(screen.queryByText('Handled')).toBeNull();
  });
});
