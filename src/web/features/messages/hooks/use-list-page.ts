import { useEffect, useMemo, type Dispatch, type RefObject } from 'react';
import type { UnifiedMessage } from '../../../../contract/messages.ts';
import { pageCount } from '../../../lib/page-window.ts';
import type { ListAction } from './use-message-filters.ts';

/** SPEC §9. */
export const PAGE_SIZE = 20;

interface ListPageOptions {
  /** What the list shows, filtered, in order. */
  filtered: readonly UnifiedMessage[];
  requestedPage: number;
  dispatch: Dispatch<ListAction>;
  selected: ReadonlySet<string>;
  /** The top of the list, scrolled to when the page changes from the pager below it. */
  listTopRef: RefObject<HTMLDivElement | null>;
}

/** The page of the list shown, and how much of it is selected. */
export function useListPage({ filtered, requestedPage, dispatch, selected, listTopRef }: ListPageOptions) {
  const pages = pageCount(filtered.length, PAGE_SIZE);
  const page = Math.min(requestedPage, pages);

  // SPEC §4: when hiding empties the last page, the list moves back a page.
  useEffect(() => {
    if (requestedPage > pages) dispatch({ type: 'page', page: pages });
  }, [dispatch, pages, requestedPage]);
  const pageMessages = useMemo(
    () => filtered.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE),
    [filtered, page],
  );
  const pageIds = useMemo(() => pageMessages.map((message) => message.id), [pageMessages]);
  const selectedOnPage = pageMessages.filter((message) => selected.has(message.id)).length;
  const pageSelection: 'none' | 'some' | 'all' =
    selectedOnPage === 0 ? 'none' : selectedOnPage === pageMessages.length ? 'all' : 'some';

  const changePage = (nextPage: number, from: 'top' | 'bottom') => {
    dispatch({ type: 'page', page: nextPage });
    if (from === 'bottom') listTopRef.current?.scrollIntoView({ block: 'start' });
  };

  return { page, pages, pageMessages, pageIds, pageSelection, changePage };
}
