/**
 * The page numbers the pagination shows: at most `size` consecutive pages, the current one centred where possible
 * and the window shifted at either end so it stays full.
 */
export function pageWindow(currentPage: number, totalPages: number, size = 5): number[] {
  if (totalPages <= 0) return [];
  const count = Math.min(size, totalPages);
  const current = Math.min(Math.max(currentPage, 1), totalPages);
  const first = Math.min(Math.max(current - Math.floor(count / 2), 1), totalPages - count + 1);
  return Array.from({ length: count }, (_, index) => first + index);
}

export function pageCount(totalItems: number, pageSize: number): number {
  return Math.max(1, Math.ceil(totalItems / pageSize));
}

/** 'from-to / total' numbers of a page (1-based; 0-0 when there is nothing). */
export function pageRange(page: number, pageSize: number, totalItems: number): { from: number; to: number } {
  if (totalItems === 0) return { from: 0, to: 0 };
  const from = (page - 1) * pageSize + 1;
  return { from, to: Math.min(page * pageSize, totalItems) };
}
