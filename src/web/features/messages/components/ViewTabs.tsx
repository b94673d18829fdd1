import { BookmarkPlus, TriangleAlert } from 'lucide-react';
import { memo, Suspense, useRef, useState, type DragEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button.tsx';
import type { SavedViews, ViewTab } from '../hooks/use-saved-views.ts';
import type { GuardedAction } from '../lib/action-restrictions.ts';
import { hasMissing, movedTo } from '../lib/saved-view-filters.ts';
import { DeleteViewDialog } from './DeleteViewDialog.tsx';
import { ViewMissingNotice } from './ViewMissingNotice.tsx';
import { ViewNameDialog } from './on-demand.ts';
import { ViewOptionsMenu } from './ViewOptionsMenu.tsx';

interface ViewTabsProps {
  views: SavedViews;
  /** The id of the element that shows the chosen view: the list. */
  panelId: string;
  /** False, after telling the user why, on a demo account or in test mode. */
  allowed(action: GuardedAction): boolean;
}

export const viewTabId = (id: string) => `view-tab-${id}`;

const tabClassName =
  'inline-flex shrink-0 cursor-pointer items-center gap-1.5 border-b-2 border-transparent px-3 py-2 text-sm font-medium whitespace-nowrap text-slate-600 hover:text-slate-900 aria-selected:border-indigo-600 aria-selected:text-indigo-700';

/**
 * Saved views as tabs above the list (docs/decisions/157), each with its live count. Arrows, Home and End move
 * between them and show the one reached; a tab is moved by dragging it or from the active tab's menu.
 */
function ViewTabsView({ views, panelId, allowed }: ViewTabsProps) {
  const { t } = useTranslation('views');
  const { tabs, active, choose, modified, saveCurrent, writes } = views;
  const [dialog, setDialog] = useState<'save' | 'rename' | 'delete' | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [dragged, setDragged] = useState<string | null>(null);
  const tabRefs = useRef(new Map<string, HTMLButtonElement>());
  if (!active) return null;

  const ids = tabs.map((tab) => tab.id);
  const reach = (id: string) => {
    choose(id);
    tabRefs.current.get(id)?.focus();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = ids.indexOf((event.target as HTMLElement).dataset.viewId ?? active.id);
    // 1 to 9 reach a view by its place, so "g v 3" goes to the third.
    const byPlace = /^[1-9]$/.test(event.key) ? Number(event.key) - 1 : undefined;
    const next =
      byPlace ??
      {
        ArrowRight: (index + 1) % ids.length,
        ArrowLeft: (index - 1 + ids.length) % ids.length,
        Home: 0,
        End: ids.length - 1,
      }[event.key];
    if (next === undefined || next >= ids.length) return;
    event.preventDefault();
    reach(ids[next]!);
  };

  const moveTo = (tab: ViewTab, index: number) => {
    if (!allowed('views')) return;
    const order = movedTo(ids, tab.id, index);
    if (order.every((id, at) => id === ids[at])) return;
    void writes.reorder(order);
    const position = order.indexOf(tab.id) + 1;
    setAnnouncement(t('moved', { name: tab.name, position, total: order.length }));
  };
  const drop = (event: DragEvent, target: ViewTab) => {
    event.preventDefault();
    const tab = tabs.find((item) => item.id === dragged);
    setDragged(null);
    if (tab) moveTo(tab, ids.indexOf(target.id));
  };
  const open = (which: 'save' | 'rename' | 'delete') => {
    if (allowed('views')) setDialog(which);
  };
  const activeIndex = ids.indexOf(active.id);
  const defaultName = active.view.default_kind ? t(`defaults.${active.view.default_kind}`) : undefined;

  return (
    // On a wide screen the tabs share the line of the "Messages" heading, between it and the Inbox / Snoozed switch:
    // a line of their own would cost the compact list two of its 12 rows at 1440×900 (decision 152).
    <div className="space-y-2 lg:-mt-[3.25rem] lg:mr-[27rem] lg:ml-32">
      <p role="status" className="sr-only">
        {announcement}
      </p>
      <div className="flex items-center gap-1 border-b border-slate-200">
        <div
          role="tablist"
          aria-label={t('label')}
          className="flex min-w-0 flex-1 overflow-x-auto"
          onKeyDown={onKeyDown}
        >
          {tabs.map((tab) => (
            <button
              key={tab.id}
              ref={(element) => {
                if (element) tabRefs.current.set(tab.id, element);
                else tabRefs.current.delete(tab.id);
              }}
              type="button"
              role="tab"
              id={viewTabId(tab.id)}
              data-view-id={tab.id}
              aria-selected={tab.id === active.id}
              aria-controls={panelId}
              tabIndex={tab.id === active.id ? 0 : -1}
              className={`${tabClassName} ${dragged === tab.id ? 'opacity-50' : ''}`}
              draggable
              onClick={() => choose(tab.id)}
              onDragStart={(event) => {
                event.dataTransfer.effectAllowed = 'move';
                event.dataTransfer.setData('text/plain', tab.id);
                setDragged(tab.id);
              }}
              onDragOver={(event) => event.preventDefault()}
              onDrop={(event) => drop(event, tab)}
              onDragEnd={() => setDragged(null)}
            >
              <span aria-hidden="true">{tab.name}</span>
              <span className="sr-only">{t('tab.label', { name: tab.name, count: tab.count })}</span>
              {hasMissing(tab.missing) && (
                <TriangleAlert aria-label={t('tab.missing')} role="img" className="size-3.5 text-amber-600" />
              )}
              <span
                aria-hidden="true"
                data-testid="view-count"
                className="rounded-full bg-slate-100 px-1.5 text-xs text-slate-700 tabular-nums"
              >
                {tab.count}
              </span>
            </button>
          ))}
        </div>
        {modified && (
          <Button variant="ghost" size="sm" className="shrink-0" onClick={() => open('save')}>
            <BookmarkPlus aria-hidden="true" className="size-4" />
            {t('save.button')}
          </Button>
        )}
        <ViewOptionsMenu
          name={active.name}
          canMoveLeft={activeIndex > 0}
          canMoveRight={activeIndex < ids.length - 1}
          canDelete={active.view.default_kind === null}
          onRename={() => open('rename')}
          onMove={(offset) => moveTo(active, activeIndex + offset)}
          onDelete={() => open('delete')}
        />
      </div>
      <ViewMissingNotice missing={active.missing} />
      {(dialog === 'save' || dialog === 'rename') && (
        <Suspense fallback={null}>
          <ViewNameDialog
            mode={dialog}
            initialName={dialog === 'rename' ? (active.view.name ?? '') : ''}
            defaultName={dialog === 'rename' ? defaultName : undefined}
            onSubmit={(name) =>
              dialog === 'save' ? saveCurrent(name ?? '') : writes.rename(active.id, name)
            }
            onClose={() => setDialog(null)}
          />
        </Suspense>
      )}
      <DeleteViewDialog
        name={dialog === 'delete' ? active.name : null}
        onConfirm={() => {
          setDialog(null);
          const next = ids[activeIndex + 1] ?? ids[activeIndex - 1];
          void writes.remove(active.id).then((removed) => {
            if (removed && next) reach(next);
          });
        }}
        onClose={() => setDialog(null)}
      />
    </div>
  );
}

/** Memoised: a page change draws the list again without it. */
export const ViewTabs = memo(ViewTabsView);
