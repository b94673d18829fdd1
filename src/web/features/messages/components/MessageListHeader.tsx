import { Eye, EyeOff, Keyboard, LayoutList, Rows3, RefreshCw, SlidersHorizontal } from 'lucide-react';
import { memo, useId, useState, type MouseEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BottomSheet } from '../../../components/ui/BottomSheet.tsx';
import { Button } from '../../../components/ui/Button.tsx';
import type { Density } from '../hooks/use-density.ts';
import { activeFilterCount, hasActiveFilters } from '../lib/message-filters.ts';
import { FilterGroups, type FilterGroupsProps } from './FilterGroups.tsx';
import { useOnline } from '../../../lib/use-online.ts';
import { useScreenAtLeast } from '../../../lib/use-screen-at-least.ts';

interface MessageListHeaderProps extends FilterGroupsProps {
  pageSelection: 'none' | 'some' | 'all';
  onSelectPage(selected: boolean): void;
  refreshing: boolean;
  onRefresh(force: boolean): void;
  hiddenCount: number;
  showingHidden: boolean;
  onToggleHidden(): void;
  /** Opens the keyboard shortcuts help ("?"). */
  onShowShortcuts(): void;
  /** How many messages the filters let through, for the sheet's "Show N messages". */
  shown: number;
  /** Cards (comfortable) or two-line rows (compact), remembered per user (decision 152). */
  density: Density;
  onDensityChange(density: Density): void;
  /** The search box, first in the header's top row. */
  searchBox?: ReactNode;
}

/**
 * Above the list: select the page, refresh, show hidden messages, and the filters, which on a phone fold into one
 * "Filters" button opening a sheet.
 */
function MessageListHeaderView({
  pageSelection,
  onSelectPage,
  refreshing,
  onRefresh,
  hiddenCount,
  showingHidden,
  onToggleHidden,
  onShowShortcuts,
  shown,
  density,
  onDensityChange,
  searchBox,
  ...filterProps
}: MessageListHeaderProps) {
  const { filters, dispatch } = filterProps;
  const { t } = useTranslation('messages');
  const online = useOnline();
  const { t: tHiding } = useTranslation('hiding');
  const { t: tTriage } = useTranslation('triage');
  const hintId = useId();
  const [filtersOpen, setFiltersOpen] = useState(false);
  const activeFilters = activeFilterCount(filters);
  const compact = density === 'compact';
  const inlineFilters = useScreenAtLeast('sm') && !compact;

  const refresh = (event: MouseEvent<HTMLButtonElement>) => onRefresh(event.shiftKey);
  const forceRefresh = (event: MouseEvent<HTMLButtonElement>) => {
    event.preventDefault();
    onRefresh(true);
  };

  return (
    <div
      className={`rounded-xl border border-slate-200 bg-white p-3 shadow-sm sm:space-y-3 ${compact ? '' : 'sm:p-4'}`}
    >
      {/* On a wide screen the search box shares the controls' line, so the compact list keeps its 12 rows. */}
      <div className="sm:space-y-3 lg:flex lg:items-center lg:gap-3 lg:space-y-0">
        {searchBox && <div className="mb-2 flex sm:mb-0 lg:min-w-0 lg:flex-1">{searchBox}</div>}
        <div className="flex flex-wrap items-center gap-2 sm:flex-nowrap sm:gap-3">
          <label className="inline-flex min-w-0 items-center gap-2 text-sm text-slate-800">
            <input
              type="checkbox"
              className="size-4 rounded border-slate-400 accent-indigo-600"
              checked={pageSelection === 'all'}
              ref={(input) => {
                if (input) input.indeterminate = pageSelection === 'some';
              }}
              onChange={() => onSelectPage(pageSelection !== 'all')}
            />
            <span className="truncate max-sm:sr-only lg:sr-only">
              {tTriage(pageSelection === 'all' ? 'actions.selectPage.off' : 'actions.selectPage.label')}
            </span>
          </label>
          <button
            type="button"
            onClick={refresh}
            onContextMenu={forceRefresh}
            disabled={refreshing || !online}
            title={t('list.refreshHint')}
            aria-describedby={hintId}
            className="inline-flex items-center gap-1.5 rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-50 disabled:opacity-60"
          >
            <RefreshCw
              aria-hidden="true"
              className={`size-4 ${refreshing ? 'animate-spin motion-reduce:animate-none' : ''}`}
            />
            {refreshing ? t('list.refreshing') : t('list.refresh')}
          </button>
          <span id={hintId} className="sr-only">
            {t('list.refreshHint')}
          </span>
          <button
            type="button"
            onClick={() => setFiltersOpen(true)}
            aria-haspopup="dialog"
            className={`inline-flex items-center gap-1.5 rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-50 ${
              compact ? '' : 'sm:hidden'
            }`}
          >
            <SlidersHorizontal aria-hidden="true" className="size-4" />
            {activeFilters > 0 ? t('list.filtersActive', { count: activeFilters }) : t('list.filters')}
          </button>
          <button
            type="button"
            aria-pressed={showingHidden}
            onClick={onToggleHidden}
            disabled={hiddenCount === 0 && !showingHidden}
            className="ml-auto inline-flex items-center gap-1.5 rounded-lg px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-100 disabled:opacity-60 aria-pressed:bg-slate-200"
          >
            {showingHidden ? (
              <Eye aria-hidden="true" className="size-4" />
            ) : (
              <EyeOff aria-hidden="true" className="size-4" />
            )}
            <span className="max-sm:sr-only">
              {showingHidden
                ? tHiding('hideHidden', { count: hiddenCount })
                : t('list.showHidden', { count: hiddenCount })}
            </span>
            <span aria-hidden="true" className="sm:hidden">
              {hiddenCount}
            </span>
          </button>
          <div
            role="group"
            aria-label={t('density.label')}
            className="inline-flex rounded-lg border border-slate-300 p-0.5"
          >
            {(['comfortable', 'compact'] as const).map((option) => {
              const Icon = option === 'compact' ? Rows3 : LayoutList;
              return (
                <button
                  key={option}
                  type="button"
                  aria-pressed={density === option}
                  onClick={() => onDensityChange(option)}
                  title={t(`density.${option}`)}
                  className="inline-flex items-center rounded-md p-1.5 text-slate-700 hover:bg-slate-100 aria-pressed:bg-indigo-600 aria-pressed:text-white"
                >
                  <Icon aria-hidden="true" className="size-4" />
                  <span className="sr-only">{t(`density.${option}`)}</span>
                </button>
              );
            })}
          </div>
          <button
            type="button"
            onClick={onShowShortcuts}
            aria-haspopup="dialog"
            aria-keyshortcuts="Shift+?"
            aria-label={tTriage('shortcutsButton')}
            title={tTriage('shortcutsButton')}
            className="hidden rounded-lg p-1.5 text-slate-600 hover:bg-slate-100 hover:text-slate-900 sm:inline-flex"
          >
            <Keyboard aria-hidden="true" className="size-5" />
          </button>
        </div>
      </div>

      {/* Compact keeps the list's top for messages: the filters fold into the "Filters" sheet (decision 152), as they
          do on a phone, which does not build them here at all (decision 175). */}
      {inlineFilters && <FilterGroups {...filterProps} />}
      <BottomSheet
        open={filtersOpen}
        onClose={() => setFiltersOpen(false)}
        title={t('list.filters')}
        footer={
          <>
            {hasActiveFilters(filters) && (
              <Button variant="ghost" onClick={() => dispatch({ type: 'clear' })}>
                {tTriage('actions.clearFilters.label')}
              </Button>
            )}
            <Button onClick={() => setFiltersOpen(false)}>{t('list.showResults', { count: shown })}</Button>
          </>
        }
      >
        <FilterGroups {...filterProps} />
      </BottomSheet>
    </div>
  );
}

/** Memoised: a page change draws the list again without it. */
export const MessageListHeader = memo(MessageListHeaderView);
