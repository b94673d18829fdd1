import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { createElement, useState } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { UnifiedMessage } from '../../../../contract/messages.ts';
import { changeLanguage } from '../../../lib/i18n.ts';
import { chatworkMessage } from '../../../test/message-fixtures.ts';
import { renderRouter } from '../../../test/render-router.ts';
import { cardProps } from '../test/render-card.ts';
import { MessagePage } from './MessagePage.tsx';

const PAGE_SIZE = 20;
const messages = Array.from({ length: 2 * PAGE_SIZE }, (_, index) => chatworkMessage(String(index + 1)));
const idsOf = (page: readonly UnifiedMessage[]) => page.map((message) => message.id);

function PagedList() {
  const [page, setPage] = useState(1);
  const { message: _, ...shared } = cardProps(messages[0]!);
  return createElement(MessagePage, {
    ...shared,
    listTopRef: null,
    messages: messages.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE),
    page,
    pageCount: 2,
    pageSize: PAGE_SIZE,
    total: messages.length,
    onPageChange: setPage,
    colorOf: () => '#EF4444',
    selected: new Set<string>(),
    focusedId: null,
    onFocusCard: () => undefined,
    isHidden: () => false,
    isFading: () => false,
    density: 'comfortable',
  });
}

const shownCardIds = () =>
  screen.queryAllByRole('article').map((card) => card.getAttribute('data-message-id'));

describe('a page of messages', () => {
  beforeEach(() => changeLanguage('en'));

  it('shows the next page at once, without the cards of the page before, and then all of it', async () => {
    renderRouter([{ path: '/', element: createElement(PagedList) }], '/');
    await waitFor(() => expect(shownCardIds()).toEqual(idsOf(messages.slice(0, PAGE_SIZE))));

    act(() => {
      fireEvent.click(screen.getAllByRole('button', { name: 'Next' })[0]!);
    });

    // The first frame: the new page's first cards, and none of the old page's left on screen.
    const nextPage = idsOf(messages.slice(PAGE_SIZE));
    const first = shownCardIds();
    expect(first.length).toBeGreaterThan(0);
    expect(first).toEqual(nextPage.slice(0, first.length));
    // A moment later the whole page is there, and the old page's cards have left the document.
    await waitFor(() => expect(shownCardIds()).toEqual(nextPage));
    expect(document.querySelectorAll('article').length).toBe(PAGE_SIZE);
  });

  it('fills its first drawing in two cards a frame, and a page change draws the rest of its page in one', async () => {
    const counts: number[] = [];
    const observer = new MutationObserver(() => counts.push(shownCardIds().length));
    observer.observe(document.body, { childList: true, subtree: true });
    renderRouter([{ path: '/', element: createElement(PagedList) }], '/');
    await waitFor(() => expect(shownCardIds()).toHaveLength(PAGE_SIZE));
    const steps = (all: number[]) => all.filter((count, index) => count !== all[index - 1] && count > 0);
    const opening = steps(counts);
    expect(opening[0]).toBeLessThan(PAGE_SIZE - 2);
    expect(opening.at(-1)).toBe(PAGE_SIZE);
    for (let step = 1; step < opening.length; step += 1) {
      expect(opening[step]! - opening[step - 1]!).toBeGreaterThan(0);
      expect(opening[step]! - opening[step - 1]!).toBeLessThanOrEqual(2);
    }

    counts.length = 0;
    act(() => {
      fireEvent.click(screen.getAllByRole('button', { name: 'Next' })[0]!);
    });
    await waitFor(() => expect(shownCardIds()).toEqual(idsOf(messages.slice(PAGE_SIZE))));
    observer.disconnect();
    const change = steps(counts);
    expect(change).toHaveLength(2);
    expect(change[1]).toBe(PAGE_SIZE);
  });

  it('says everything again in the language chosen, on cards that did not change', async () => {
    renderRouter([{ path: '/', element: createElement(PagedList) }], '/');
    await waitFor(() => expect(shownCardIds()).toHaveLength(PAGE_SIZE));
    expect(screen.getAllByRole('button', { name: 'Reply to Aiko Tanaka' })).toHaveLength(PAGE_SIZE);

    await act(() => changeLanguage('jp'));

    expect(screen.getAllByRole('button', { name: 'Aiko Tanakaさんに返信' })).toHaveLength(PAGE_SIZE);
    expect(screen.getByRole('navigation', { name: /上/ })).toBeVisible();
  });
});
