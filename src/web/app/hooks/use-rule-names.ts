import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import {
  platforms,
  type MessageResultByPlatform,
  type Platform,
  type Tag,
} from '../../../contract/messages.ts';
import { placeOf, senderOf, type RuleTarget } from '../../../contract/rules.ts';
import { connectionStatusQueryOptions } from '../../features/connections/api/get-connection-status.ts';
import { platformMessagesQueryKey } from '../../features/messages/api/get-connection-messages.ts';
import type { RuleNames } from '../../features/rules/lib/rule-summary.ts';
import { tagsQueryOptions } from '../../features/tags/api/get-tags.ts';

const noTags: readonly Tag[] = [];

/**
 * What the rules page names a rule's ids with: the person's connections and tags, and the channels, rooms and
 * senders of the messages this tab already holds (names are never stored with rules).
 */
export function useRuleNames(): RuleNames {
  const queryClient = useQueryClient();
  const tags = useQuery(tagsQueryOptions());
  const [chatwork, slack] = useQueries({
    queries: platforms.map((platform) => connectionStatusQueryOptions(platform)),
  });
  const connections = useMemo(
    () => [...(chatwork?.data ?? []), ...(slack?.data ?? [])],
    [chatwork?.data, slack?.data],
  );
  const known = useMemo(() => {
    const names = new Map<string, string>();
    const places = new Map<string, RuleTarget>();
    const senders = new Map<string, RuleTarget>();
    for (const platform of platforms) {
      const results = queryClient.getQueriesData<MessageResultByPlatform[Platform]>({
        queryKey: platformMessagesQueryKey(platform),
      });
      for (const [, result] of results) {
        for (const message of result?.messages ?? []) {
          const place = placeOf(message);
          const sender = senderOf(message);
          const placeName =
            message.platform === 'slack' ? message.conversation_info.name : message.room_info.name;
          names.set(`${place.platform}:${place.id}`, placeName);
          names.set(`${sender.platform}:${sender.id}`, message.account.name);
          places.set(`${place.platform}:${place.id}`, place);
          senders.set(`${sender.platform}:${sender.id}`, sender);
        }
      }
    }
    const byName = (targets: Map<string, RuleTarget>) =>
      [...targets.entries()]
        .sort(([a], [b]) => names.get(a)!.localeCompare(names.get(b)!))
        .map(([, target]) => target);
    return { targets: names, places: byName(places), senders: byName(senders) };
  }, [queryClient]);
  return { connections, tags: tags.data ?? noTags, ...known };
}
