import type { SlackSourceMessage } from '../../../contract/messages.ts';
import {
  slackEventMessage,
  slackMessageEventSchema,
  type SlackEventCallback,
  type SlackEventNames,
} from '../../connectors/slack/slack-events.ts';
import { conversationNames } from '../../connectors/slack/slack-names.ts';
import { slackDisplayName, type SlackUser } from '../../connectors/slack/slack-oauth.ts';
import type { Cache } from '../../lib/cache.ts';
import type { LiveEvents } from '../../lib/live-events.ts';
import { toConnectorAccount } from '../connections/connections.service.ts';
import type { ConnectionRow } from '../connections/connections.repo.ts';
import type { LiveRepo } from './live.repo.ts';

/** Slack retries an event for about an hour at most; an id seen within a day is a retry. */
const SEEN_EVENT_SECONDS = 24 * 60 * 60;

export type SlackEventsDeps = {
  repo: LiveRepo;
  cache: Cache;
  liveEvents: LiveEvents;
  /** Lays the messages over the user's cached answer; gives back those that were new to it. */
  addLiveMessages: (userId: string, messages: SlackSourceMessage[]) => Promise<SlackSourceMessage[]>;
};

/**
 * Who of our users may see the conversation (docs/decisions/130): the user Slack delivered the event for (it
 * names one in `authorizations`), and for a public channel every connected member of the workspace.
 */
function canSee(row: ConnectionRow, channelType: string, authorized: ReadonlySet<string>): boolean {
  return channelType === 'channel' || authorized.has(row.platformUserId);
}

export function createSlackEventsService(deps: SlackEventsDeps) {
  async function names(teamId: string, userId: string, channelId: string): Promise<SlackEventNames> {
    const user = await deps.cache.get<SlackUser>(`slack-user:${teamId}:${userId}`);
    const known = (await deps.cache.get<Record<string, string>>(`slack-known-names:${teamId}`)) ?? {};
    const byId = new Map(Object.entries(known).map(([name, id]) => [id, name]));
    return {
      conversationName: (await conversationNames(deps.cache, teamId)).get(channelId),
      senderName: user ? slackDisplayName(user) : byId.get(userId),
      senderAvatar: user?.profile?.image_72 ?? null,
      nameOf: (id) => byId.get(id),
    };
  }

  return {
    /** True the first time an event id is seen; Slack retries what it thinks was not acknowledged. */
    async firstDelivery(eventId: string): Promise<boolean> {
      const key = `slack-event:${eventId}`;
      if (await deps.cache.get<boolean>(key)) return false;
      await deps.cache.set(key, true, SEEN_EVENT_SECONDS);
      return true;
    },

    /** Classifies a message event for each connected user who can see it; stores nothing for nobody. */
    async process(callback: SlackEventCallback): Promise<number> {
      const parsed = slackMessageEventSchema.safeParse(callback.event);
      if (!parsed.success) return 0;
      const event = parsed.data;
      const rows = await deps.repo.slackConnectionsOfTeam(callback.team_id);
      if (rows.length === 0) return 0;
      const authorized = new Set(
        callback.authorizations.flatMap((entry) =>
          entry.user_id && (entry.team_id ?? callback.team_id) === callback.team_id ? [entry.user_id] : [],
        ),
      );
      const eventNames = await names(callback.team_id, event.user, event.channel);
      let delivered = 0;
      for (const row of rows) {
        if (!canSee(row, event.channel_type, authorized)) continue;
        const message = slackEventMessage(event, toConnectorAccount(row), eventNames);
        if (!message) continue;
        const fresh = await deps.addLiveMessages(row.userId, [message]);
        if (fresh.length === 0) continue;
        await deps.liveEvents.publish(row.userId, { type: 'messages', platform: 'slack', messages: fresh });
        delivered += 1;
      }
      return delivered;
    },
  };
}

export type SlackEventsService = ReturnType<typeof createSlackEventsService>;
