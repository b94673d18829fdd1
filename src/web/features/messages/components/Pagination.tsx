import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useRepeatedText } from '../../../lib/RepeatedTextScope.tsx';
import { pageRange, pageWindow } from '../../../lib/page-window.ts';

interface PaginationProps {
  page: number;
  pageCount: number;
  pageSize: number;
  total: number;
  position: 'top' | 'bottom';
  onPageChange(page: number): void;
}

const buttonClassName =
  'inline-flex min-w-9 items-center justify-center rounded-md border px-2.5 py-1.5 text-sm font-medium disabled:cursor-not-allowed disabled:opacity-50';

export function Pagination({ page, pageCount, pageSize, total, position, onPageChange }: PaginationProps) {
  const t = useRepeatedText('messages');
  const { from, to } = pageRange(page, pageSize, total);
  return (
    <nav
      aria-label={t('pagination.label', { position: t(`pagination.${position}`) })}
      className="flex flex-wrap items-center justify-between gap-3"
    >
      <p className="text-sm text-slate-700 tabular-nums">{t('pagination.range', { from, to, total })}</p>
      <ul className="flex flex-wrap items-center gap-1">
        <li>
          <button
            type="button"
            className={`${buttonClassName} border-slate-300 bg-white text-slate-800 hover:bg-slate-50`}
            disabled={page <= 1}
            onClick={() => onPageChange(page - 1)}
          >
            <ChevronLeft aria-hidden="true" className="size-4" />
            <span className="sr-only sm:not-sr-only">{t('pagination.previous')}</span>
          </button>
        </li>
        {pageWindow(page, pageCount).map((number) => (
          <li key={number}>
            <button
              type="button"
              aria-current={number === page ? 'page' : undefined}
              aria-label={t('pagination.page', { page: number })}
              className={`${buttonClassName} tabular-nums ${
                number === page
                  ? 'border-indigo-600 bg-indigo-600 text-white'
                  : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-50'
              }`}
              onClick={() => onPageChange(number)}
            >
              {number}
            </button>
          </li>
        ))}
        <li>
          <button
            type="button"
            className={`${buttonClassName} border-slate-300 bg-white text-slate-800 hover:bg-slate-50`}
            disabled={page >= pageCount}
            onClick={() => onPageChange(page + 1)}
          >
            <span className="sr-only sm:not-sr-only">{t('pagination.next')}</span>
            <ChevronRight aria-hidden="true" className="size-4" />
          </button>
        </li>
      </ul>
    </nav>
  );
}
