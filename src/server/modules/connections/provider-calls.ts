import type { ChatworkReplyRequest, SlackReplyRequest } from '../../../contract/connections.ts';
import type { ChatworkSourceMessage, SlackSourceMessage } from '../../../contract/messages.ts';
import { chatworkBudgetKey, type ChatworkClient } from '../../connectors/chatwork/chatwork-client.ts';
import { gatherChatwork } from '../../connectors/chatwork/chatwork-inbound.ts';
import { postChatworkReply } from '../../connectors/chatwork/chatwork-outbound.ts';
import type { Gathered } from '../../connectors/connector-account.ts';
import type { SlackClient } from '../../connectors/slack/slack-client.ts';
import { gatherSlack } from '../../connectors/slack/slack-inbound.ts';
import { postSlackReply } from '../../connectors/slack/slack-outbound.ts';
import type { Cache } from '../../lib/cache.ts';
import type { ConnectionRow } from './connections.repo.ts';
import { httpErrorOf, toConnectorAccount, type ConnectionsService } from './connections.service.ts';

export type ProviderCallsDeps = {
  connections: ConnectionsService;
  slack: SlackClient;
  chatwork: ChatworkClient;
  /** Slack names looked up during gatherings, shared with replies. */
  cache: Cache;
  /** Milliseconds since the epoch. */
  clock: () => number;
};

/** Gathering and replying through a stored connection: the connectors, with the connection's valid token. */
export function createProviderCalls(deps: ProviderCallsDeps) {
  const { connections } = deps;

  return {
    gatherChatwork(row: ConnectionRow): Promise<Gathered<ChatworkSourceMessage>> {
      return connections.withAccessToken(row, (token) =>
        gatherChatwork(deps.chatwork(token, chatworkBudgetKey(row.platformUserId)), toConnectorAccount(row)),
      );
    },

    /** Searches a Slack connection's history (decision 050); the workspace's shared searches may be this old. */
    gatherSlack(row: ConnectionRow, sharedMaxAgeSeconds: number): Promise<Gathered<SlackSourceMessage>> {
      return connections.withAccessToken(row, (accessToken) =>
        gatherSlack(
          {
            client: deps.slack,
            cache: deps.cache,
            accessToken,
            now: Math.floor(deps.clock() / 1000),
            sharedMaxAgeSeconds,
          },
          toConnectorAccount(row),
        ),
      );
    },

    /** Answers the posted message's id. */
    async replyChatwork(userId: string, request: ChatworkReplyRequest): Promise<string> {
      await connections.assertUnrestricted(userId);
      const row = await connections.requireConnection(userId, 'chatwork', request.connection_id);
      return connections
        .withAccessToken(row, (token) =>
          postChatworkReply(
            deps.chatwork(token, chatworkBudgetKey(row.platformUserId)),
            request.room_id,
            request.message,
          ),
        )
        .catch((error: unknown) => {
          throw httpErrorOf(error, 'Room not found in this connection');
        });
    },

    /** Answers the posted message's `ts`. */
    async replySlack(userId: string, request: SlackReplyRequest): Promise<string> {
      await connections.assertUnrestricted(userId);
      const row = await connections.requireConnection(userId, 'slack', request.connection_id);
      return connections
        .withAccessToken(row, (accessToken) =>
          postSlackReply(deps.slack, deps.cache, accessToken, toConnectorAccount(row), {
            channelId: request.channel_id,
            message: request.message,
            threadTs: request.thread_ts ?? null,
          }),
        )
        .catch((error: unknown) => {
          throw httpErrorOf(error, 'Channel not found in this connection');
        });
    },
  };
}

export type ProviderCalls = ReturnType<typeof createProviderCalls>;
