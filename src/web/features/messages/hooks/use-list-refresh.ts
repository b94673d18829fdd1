import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PlatformConnection } from '../../../../contract/messages.ts';
import { useToast } from '../../../components/ui/use-toast.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { connectionMessagesQueryOptions } from '../api/get-connection-messages.ts';
import { HIDDEN_MESSAGES_QUERY_KEY } from '../api/get-hidden-ids.ts';
import type { GuardedAction } from '../lib/action-restrictions.ts';
import { refreshOutcome, refreshToast } from '../lib/refresh-outcome.ts';
import { useRefreshTimeline } from './use-timeline.ts';

/** The list's Refresh: the timeline and the hidden ids, then a toast that says what it gathered. */
export function useListRefresh(
  connections: readonly PlatformConnection[],
  allowed: (action: GuardedAction) => boolean,
) {
  const { t } = useTranslation('messages');
  const { showToast } = useToast();
  const queryClient = useQueryClient();
  const refreshTimeline = useRefreshTimeline(connections);
  const [refreshing, setRefreshing] = useState(false);

  const refresh = async (force: boolean) => {
    if (!allowed('refresh')) return;
    setRefreshing(true);
    try {
      // Hides made in another tab or on another device show after a refresh too.
      const [kind] = await Promise.all([
        refreshTimeline({ force }),
        queryClient.invalidateQueries({ queryKey: HIDDEN_MESSAGES_QUERY_KEY }),
      ]);
      const accounts = connections.map((connection) => {
        const state = queryClient.getQueryState(
          connectionMessagesQueryOptions(connection.platform, connection.id).queryKey,
        );
        return { data: state?.data, error: state?.error ?? null };
      });
      const afresh = kind === 'full';
      const toast = refreshToast(refreshOutcome(accounts, { afresh }), t, {
        afresh,
        language: currentLanguage(),
      });
      showToast(toast.text, toast.type);
    } finally {
      setRefreshing(false);
    }
  };

  return { refreshing, refresh };
}
