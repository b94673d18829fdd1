import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { Inbox, PanelRight } from 'lucide-react';
import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { platforms, type Tag, type UnifiedMessage } from '../../../contract/messages.ts';
import { Alert } from '../../components/ui/Alert.tsx';
import { BottomSheet } from '../../components/ui/BottomSheet.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { buttonClassName } from '../../components/ui/button-class-name.ts';
import { EmptyState } from '../../components/ui/EmptyState.tsx';
import { HeaderActions } from '../../components/ui/HeaderActions.tsx';
import { connectionStatusQueryOptions } from '../../features/connections/api/get-connection-status.ts';
import { useConnectionReturnToast } from '../../features/connections/hooks/use-connection-return-toast.ts';
import { useAuth } from '../../features/auth/hooks/use-auth.ts';
import { CardRulesContext } from '../../features/messages/actions/card-rules.ts';
import { MessageList } from '../../features/messages/components/MessageList.tsx';
import { MessageListSkeleton } from '../../features/messages/components/MessageListSkeleton.tsx';
import { useActionGuard } from '../../features/messages/hooks/use-action-guard.ts';
import { useGatherAccount } from '../../features/messages/hooks/use-timeline.ts';
import { rulesQueryOptions } from '../../features/rules/api/get-rules.ts';
import { useQuickRules } from '../../features/rules/hooks/use-quick-rules.ts';
import { tagsQueryOptions } from '../../features/tags/api/get-tags.ts';
import { testModeQueryOptions } from '../../features/test-mode/api/get-test-mode.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useUndoStack } from '../../lib/use-undo-stack.ts';
import { useScreenAtLeast } from '../../lib/use-screen-at-least.ts';
import { useMessageFromUrl } from '../hooks/use-message-from-url.ts';
import { useOnboardingFlag } from '../hooks/use-onboarding-flag.ts';
import { DashboardOnboarding } from './DashboardOnboarding.tsx';
import { useRestriction } from '../hooks/use-restriction.ts';
import { useTagUndo } from '../hooks/use-tag-undo.ts';
import { useWithLatestFetch } from '../hooks/use-with-latest-fetch.ts';
import { OnceOpened } from '../OnceOpened.tsx';

// What the first paint of the list does not need comes in chunks of its own (docs/decisions/166): the side panels
// (on a phone only in their sheet), the test mode's panel, and the tag sheets from the first time one opens.
const ConnectionsPanel = lazy(() =>
  import('../../features/connections/components/ConnectionsPanel.tsx').then((m) => ({
    default: m.ConnectionsPanel,
  })),
);
const TodaySchedule = lazy(() =>
  import('../../features/google/components/TodaySchedule.tsx').then((m) => ({ default: m.TodaySchedule })),
);
const TestModePanel = lazy(() =>
  import('../../features/test-mode/components/TestModePanel.tsx').then((m) => ({ default: m.TestModePanel })),
);
const TagPickerSheet = lazy(() =>
  import('../../features/tags/components/TagPickerSheet.tsx').then((m) => ({ default: m.TagPickerSheet })),
);
const BulkTagSheet = lazy(() =>
  import('../../features/tags/components/BulkTagSheet.tsx').then((m) => ({ default: m.BulkTagSheet })),
);

/** Stable while the tags load, so the list's memoised choices are not rebuilt on every render. */
const noTags: readonly Tag[] = [];

export function DashboardPage() {
  const { t } = useTranslation('dashboard');
  const { t: tMessages } = useTranslation('messages');
  useDocumentTitle(t('title'));
  useConnectionReturnToast();
  useMessageFromUrl();
  const onboardingForced = useOnboardingFlag();
  const queryClient = useQueryClient();
  const testMode = useQuery(testModeQueryOptions());
  const userTags = useQuery(tagsQueryOptions());
  const { user } = useAuth();
  const [chatworkStatus, slackStatus] = useQueries({
    queries: platforms.map((platform) => connectionStatusQueryOptions(platform)),
  });
  // Query data keeps its identity while unchanged, so the message queries are not rebuilt on every render.
  const connections = useMemo(
    () => [...(chatworkStatus?.data ?? []), ...(slackStatus?.data ?? [])],
    [chatworkStatus?.data, slackStatus?.data],
  );
  const statusError = chatworkStatus?.error ?? slackStatus?.error ?? null;
  const statusPending = [chatworkStatus, slackStatus].some((result) => result?.isPending && !result.error);

  const wide = useScreenAtLeast('lg');
  const restriction = useRestriction();
  const allowed = useActionGuard(restriction);
  const gatherAccount = useGatherAccount();
  const panelConnections = useWithLatestFetch(connections);
  const [tagging, setTagging] = useState<UnifiedMessage | null>(null);
  const [panelsOpen, setPanelsOpen] = useState(false);
  const [bulkTagging, setBulkTagging] = useState<readonly UnifiedMessage[] | null>(null);
  const reloadMessages = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: ['messages'] }),
    [queryClient],
  );
  // Hides and tag changes can be undone for 10 seconds, from a toast or with "u".
  const undo = useUndoStack({ keyShortcut: 'u' });
  const tagUndo = useTagUndo(undo, reloadMessages);
  const quickRule = useQuickRules(undo, reloadMessages);
  const ruleSettings = useQuery(rulesQueryOptions());

  const reloadSampleData = useCallback(async () => {
    queryClient.removeQueries({ queryKey: ['messages'] });
    await queryClient.invalidateQueries({ queryKey: ['connections'] });
  }, [queryClient]);

  const retryStatus = () => void queryClient.refetchQueries({ queryKey: ['connections'] });

  const testModePanel = testMode.data?.available && (
    <Suspense fallback={null}>
      <TestModePanel state={testMode.data} onChanged={reloadSampleData} />
    </Suspense>
  );
  const connectionsPanel = (collapsible: boolean) => (
    <Suspense fallback={null}>
      <ConnectionsPanel
        connections={panelConnections}
        restricted={restriction !== null}
        allowed={allowed}
        refreshAccount={gatherAccount}
        collapsible={collapsible}
      />
    </Suspense>
  );
  const schedule = (
    <Suspense fallback={null}>
      <TodaySchedule isDemo={user?.isDemo === true} />
    </Suspense>
  );
  let main;
  if (statusPending) {
    main = <MessageListSkeleton />;
  } else if (statusError && connections.length === 0) {
    main = (
      <Alert>
        <p className="font-semibold">{tMessages('errors.fetchFailed')}</p>
        <p>{statusError.message}</p>
        <Button variant="secondary" size="sm" className="mt-2" onClick={retryStatus}>
          {tMessages('errors.retry')}
        </Button>
      </Alert>
    );
  } else if (connections.length === 0) {
    // Nothing to show yet: connecting is the next step, so the panel is open right here, not folded away.
    main = (
      <>
        <EmptyState icon={Inbox} title={t('messages.emptyTitle')} body={t('messages.emptyBody')} />
        {connectionsPanel(false)}
      </>
    );
  } else {
    main = (
      // A card's menu makes the common rules; a shared demo account keeps none.
      <CardRulesContext value={user?.isDemo ? null : quickRule}>
        <MessageList
          key={restriction ?? 'live'}
          connections={connections}
          restriction={restriction}
          userTags={userTags.data ?? noTags}
          onEditTags={setTagging}
          onBulkTag={setBulkTagging}
          undo={undo}
          userId={user?.id}
          quietHours={ruleSettings.data?.settings.quiet_hours ?? null}
        />
      </CardRulesContext>
    );
  }

  return (
    <div className="mx-auto max-w-7xl px-4 py-4 sm:px-6 sm:py-8">
      <h1 className="sr-only">{t('heading')}</h1>
      <div className="grid gap-6 lg:grid-cols-3">
        <section aria-labelledby="messages-heading" className="min-w-0 space-y-4 lg:col-span-2">
          <h2 id="messages-heading" className="text-xl font-semibold text-slate-900">
            {t('messages.heading')}
          </h2>
          {main}
        </section>
        {/* On a phone the side panels open from the header instead, so the messages come first. */}
        {wide && (
          <aside className="hidden space-y-4 lg:block">
            {schedule}
            {testModePanel}
            {connections.length > 0 && connectionsPanel(true)}
          </aside>
        )}
      </div>
      {/* The schedule is always there, so the sheet always has something to show. */}
      <HeaderActions>
        <button
          type="button"
          onClick={() => setPanelsOpen(true)}
          aria-label={t('panels.open')}
          className={`${buttonClassName({ variant: 'ghost', size: 'sm' })} lg:hidden`}
        >
          <PanelRight aria-hidden="true" className="size-5" />
        </button>
      </HeaderActions>
      <BottomSheet open={panelsOpen} onClose={() => setPanelsOpen(false)} title={t('panels.title')}>
        <div className="space-y-4 pb-2">
          {schedule}
          {testModePanel}
          {connections.length > 0 && connectionsPanel(false)}
        </div>
      </BottomSheet>
      <OnceOpened open={tagging !== null}>
        <TagPickerSheet
          message={tagging}
          onClose={() => {
            setTagging(null);
            tagUndo.finish();
          }}
          onChanged={tagUndo.record}
        />
      </OnceOpened>
      <OnceOpened open={bulkTagging !== null}>
        <BulkTagSheet
          messages={bulkTagging}
          onClose={() => {
            setBulkTagging(null);
            tagUndo.finish();
          }}
          onChanged={tagUndo.record}
        />
      </OnceOpened>
      {!statusPending && <DashboardOnboarding forced={onboardingForced} connections={connections} />}
    </div>
  );
}

/** The dashboard's data, asked for beside its code (decision 184); exported here so it comes in the screen's chunk. */
export { startDashboardData } from './dashboard-data.ts';
