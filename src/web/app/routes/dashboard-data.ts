import type { QueryClient } from '@tanstack/react-query';
import { platforms } from '../../../contract/messages.ts';
import { sessionCheckedAtStart } from '../../features/auth/lib/session-check-at-start.ts';
import { connectionStatusQueryOptions } from '../../features/connections/api/get-connection-status.ts';
import { connectionMessagesQueryOptions } from '../../features/messages/api/get-connection-messages.ts';
import { doneMarksQueryOptions } from '../../features/messages/api/get-done-marks.ts';
import { hiddenIdsQueryOptions } from '../../features/messages/api/get-hidden-ids.ts';
import { savedViewsQueryOptions } from '../../features/messages/api/get-saved-views.ts';
import { snoozesQueryOptions } from '../../features/messages/api/get-snoozes.ts';
import { onboardingStatusQueryOptions } from '../../features/onboarding/api/get-onboarding-status.ts';
import { rulesQueryOptions } from '../../features/rules/api/get-rules.ts';
import { tagsQueryOptions } from '../../features/tags/api/get-tags.ts';
import { testModeQueryOptions } from '../../features/test-mode/api/get-test-mode.ts';
import { accessTokenStore } from '../../lib/token-storage.ts';

/**
 * Asks for what the dashboard's list is drawn from as soon as a session is known, all at once: the accounts of each
 * platform and, as each platform answers, its accounts' messages; and beside them what the list waits for or marks
 * its cards with (saved views, hidden, snoozed and done messages, tags, rules, the test mode and the onboarding).
 * The screen's own queries then find each answer arrived or under way. Without it each step waited for the screen
 * to render and paint first (its queries start in effects): the session, then the accounts, then their messages,
 * each a render and a round trip after the last (decision 184). Nothing here is awaited: the screen renders when its
 * code has come, and a failure is the screen's own query's to show and retry.
 */
export function startDashboardData(client: QueryClient): Promise<void> {
  void sessionCheckedAtStart().then(() => {
    if (!accessTokenStore.get()) return;
    for (const platform of platforms) {
      client.fetchQuery(connectionStatusQueryOptions(platform)).then(
        (connections) => {
          for (const connection of connections) {
            void client.prefetchQuery(connectionMessagesQueryOptions(connection.platform, connection.id));
          }
        },
        () => undefined,
      );
    }
    void client.prefetchQuery(savedViewsQueryOptions());
    void client.prefetchQuery(hiddenIdsQueryOptions());
    void client.prefetchQuery(snoozesQueryOptions());
    void client.prefetchQuery(doneMarksQueryOptions());
    void client.prefetchQuery(tagsQueryOptions());
    void client.prefetchQuery(rulesQueryOptions());
    void client.prefetchQuery(testModeQueryOptions());
    void client.prefetchQuery(onboardingStatusQueryOptions());
  });
  return Promise.resolve();
}
