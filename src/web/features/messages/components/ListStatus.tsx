import { History, Inbox, SearchX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button.tsx';
import { EmptyState } from '../../../components/ui/EmptyState.tsx';
import type { MessageSearch } from '../hooks/use-message-search.ts';
import type { ListView } from './TriageViewSwitch.tsx';

interface ListStatusProps {
  search: MessageSearch;
  /** Messages the list shows with its filters (and words) applied. */
  shown: number;
  /** What the keyboard's card focus last announced. */
  announcement: string;
}

/** The list's status lines: how many messages show (visible while words are searched), a failed search, focus. */
export function ListStatus({ search, shown, announcement }: ListStatusProps) {
  const { t } = useTranslation('messages');
  const searching = search.searched !== '';
  return (
    <>
      <p role="status" className={searching ? 'text-sm text-slate-700' : 'sr-only'}>
        {searching
          ? t('search.resultsStatus', { count: shown, words: search.searched })
          : t('list.resultsStatus', { count: shown })}
        {search.truncated && ` ${t('search.truncated', { count: search.matches?.size ?? 0 })}`}
      </p>
      {search.failed && (
        <p role="alert" className="text-sm text-red-700">
          {t('search.failed')}
        </p>
      )}
      <p role="status" className="sr-only">
        {announcement}
      </p>
    </>
  );
}

export type EmptyReason = 'no-messages' | 'catching-up' | 'empty-view' | 'no-matches';

interface ListEmptyProps {
  reason: EmptyReason;
  view: ListView;
  search: MessageSearch;
  onClearFilters(): void;
}

/**
 * Why the list is empty: nothing gathered, a Slack history still on its way, a rule view with nothing in it, or filters (or words) nothing matches.
 * With words searched it says what search covers: the list filters by the words itself, so this never waits for
 * the server.
 */
export function ListEmpty({ reason, view, search, onClearFilters }: ListEmptyProps) {
  const { t } = useTranslation('messages');
  const { t: tTriage } = useTranslation('triage');
  if (reason === 'no-messages')
    return <EmptyState icon={Inbox} title={t('list.noMessagesTitle')} body={t('list.noMessagesBody')} />;
  if (reason === 'catching-up')
    return <EmptyState icon={History} title={t('list.catchingUpTitle')} body={t('list.catchingUpBody')} />;
  if (reason === 'empty-view')
    return (
      <EmptyState
        icon={Inbox}
        title={tTriage(`views.${view}`)}
        body={tTriage(view === 'muted' ? 'views.emptyMuted' : 'views.emptyImportant')}
      />
    );
  const searching = search.searched !== '';
  return (
    <EmptyState
      icon={SearchX}
      title={searching ? t('search.noResultsTitle', { words: search.searched }) : t('list.noMatchesTitle')}
      body={searching ? t('search.noResultsBody') : t('list.noMatchesBody')}
      action={
        <Button variant="secondary" onClick={searching ? search.clear : onClearFilters}>
          {searching ? t('search.clear') : tTriage('actions.clearFilters.label')}
        </Button>
      }
    />
  );
}
