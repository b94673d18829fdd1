import type { SlackSourceMessage } from '../../../contract/messages.ts';
import type { MessageRef } from '../../../contract/tags.ts';
import { slackPlatformMessageId } from '../../../contract/classification.ts';
import { mapWithConcurrency } from '../../connectors/connector-account.ts';
import { slackEventAudience } from '../../connectors/slack/slack-event-audience.ts';
import {
  slackEventMessage,
  slackMessageChange,
  type SlackEventCallback,
  type SlackEventNames,
  type SlackMessageEvent,
} from '../../connectors/slack/slack-events.ts';
import type { Lookup, UserGroups } from '../../connectors/slack/slack-lookups.ts';
import { conversationNames } from '../../connectors/slack/slack-names.ts';
import { slackDisplayName, type SlackUser } from '../../connectors/slack/slack-oauth.ts';
import type { SlackClient } from '../../connectors/slack/slack-client.ts';
import type { Cache } from '../../lib/cache.ts';
import type { LiveEvents } from '../../lib/live-events.ts';
import { toConnectorAccount } from '../connections/connections.service.ts';
import type { ConnectionRow } from '../connections/connections.repo.ts';
import type { LiveChanges, LiveOutcome } from '../messages/live-merge.ts';
import type { KeptMessages } from './kept-messages.ts';
import type { SlackIntakeRepo } from './slack-intake.repo.ts';
import { nextUsualGap } from './workspace-flow.ts';

/** Slack retries an event for about an hour at most; an id seen within a day is a retry. */
const SEEN_EVENT_SECONDS = 24 * 60 * 60;
/** A workspace's event flow is written down at most this often per process. */
const RECORD_EVERY_MS = 10_000;
/** Slack pauses a workspace's events past 30,000 an hour; the pause is taken to last until that hour is over. */
const PAUSE_MS = 60 * 60_000;
/** `<!subteam^S…>` or `<!subteam^S…|@handle>`. */
const GROUP_MENTION = /<!subteam\^([A-Z0-9]+)(?:\|[^>]*)?>/g;
/** Members a message is delivered to at once. */
const DELIVERIES_AT_ONCE = 16;

export type SlackEventIntakeDeps = {
  repo: SlackIntakeRepo;
  kept: KeptMessages;
  cache: Cache;
  liveEvents: LiveEvents;
  applyLiveChanges: (userId: string, changes: LiveChanges<'slack'>) => Promise<LiveOutcome<'slack'>>;
  slack: SlackClient;
  /** The app-level token (`authorizations:read`) that lists every member who can see a private conversation. */
  appToken: string | undefined;
  /** Milliseconds since the epoch. */
  clock: () => number;
  /** Told when Slack could not say who can see an event; those members receive it at their next search. */
  onAudienceUnknown: (teamId: string, error: unknown) => void;
  /** Told when a message was deleted on Slack, after it left every inbox: what refers to it goes too (snoozes). */
  onMessageDeleted: (ref: MessageRef) => Promise<void>;
  /** Told of every new message, with the workspace's connected members: who wrote last where (decision 154). */
  onPosted?: (posted: SlackPosted) => Promise<void>;
};

/** A new message of a workspace, and what each member's inbox holds (kept messages), to see what it answers. */
export type SlackPosted = {
  event: SlackMessageEvent;
  rows: readonly ConnectionRow[];
  keptOf: (connectionId: string) => Promise<SlackSourceMessage[]>;
};

/** What one event did: the members it reached, and whether it was a retry. */
export type EventOutcome = { delivered: number };

/**
 * The intake of a workspace's events (issue 22, decision 147): each event once, classified for every connected
 * member it concerns and who can see its conversation, kept as that member's inbox and sent to their open streams.
 * An edit puts the new text in place, or takes the message away when the edit took the mention out; a deletion
 * takes it out of every member's inbox, and takes its snoozes and done marks away.
 */
export function createSlackEventIntake(deps: SlackEventIntakeDeps) {
  const flows = new Map<
    string,
    { lastEventAt: number; usualGap: number; unrecorded: number; recordedAt: number }
  >();

  async function recordEvent(teamId: string): Promise<void> {
    const now = deps.clock();
    const flow = flows.get(teamId);
    if (!flow) {
      flows.set(teamId, { lastEventAt: now, usualGap: 0, unrecorded: 0, recordedAt: now });
      await deps.repo.recordEvents(teamId, new Date(now), 1, 0);
      return;
    }
    flow.usualGap = nextUsualGap(flow.usualGap, (now - flow.lastEventAt) / 1000);
    flow.lastEventAt = now;
    flow.unrecorded += 1;
    if (now - flow.recordedAt < RECORD_EVERY_MS) return;
    const events = flow.unrecorded;
    flow.unrecorded = 0;
    flow.recordedAt = now;
    await deps.repo.recordEvents(teamId, new Date(now), events, flow.usualGap);
  }

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

  /**
   * Who of the workspace's members can see the conversation: everyone for a public channel (an all-mention only
   * those known to be in it); for a private channel, DM or group DM the installations Slack lists for the event,
   * or without an app-level token the one its payload names.
   */
  async function audience(callback: SlackEventCallback, event: SlackMessageEvent, rows: ConnectionRow[]) {
    if (event.channel_type === 'channel') return rows;
    const allowed = new Set(
      callback.authorizations.flatMap((entry) =>
        entry.user_id && (entry.team_id ?? callback.team_id) === callback.team_id ? [entry.user_id] : [],
      ),
    );
    if (deps.appToken && callback.event_context) {
      try {
        const listed = await slackEventAudience(
          deps.slack,
          deps.appToken,
          callback.team_id,
          callback.event_context,
        );
        for (const user of listed) allowed.add(user);
      } catch (error) {
        deps.onAudienceUnknown(callback.team_id, error);
      }
    }
    return rows.filter((row) => allowed.has(row.platformUserId));
  }

  /** An all-mention in a public channel is for its members; a member's channel list is known once gathered. */
  async function inChannel(row: ConnectionRow, teamId: string, channel: string): Promise<boolean> {
    const channels = await deps.cache.get<Lookup>(`slack-channels:${teamId}:${row.platformUserId}`);
    return !channels || !('ids' in channels) || channels.ids.includes(channel);
  }

  /**
   * Whether a message that reached a member concerns them, as a search would have found it: it names them, their
   * user group or everyone in a channel they are in, it is a DM or group DM, or it replies in a thread whose earlier
   * message is in their inbox.
   */
  async function concernsMember(
    row: ConnectionRow,
    teamId: string,
    message: SlackSourceMessage,
    text: string,
  ) {
    const types = message.mention_types;
    if (types.is_direct_mention || types.is_dm) return true;
    if (
      types.is_all_mention &&
      (!message.conversation_info.is_channel || (await inChannel(row, teamId, message.conversation_info.id)))
    )
      return true;
    if (
      message.thread_ts &&
      (await deps.kept.has(row.id, slackPlatformMessageId(message.conversation_info.id, message.thread_ts)))
    )
      return true;
    const groups = [...text.matchAll(GROUP_MENTION)].map((match) => match[1]!);
    if (groups.length === 0) return false;
    const known = await deps.cache.get<UserGroups>(`slack-groups:${teamId}`);
    return (
      known !== undefined &&
      'groups' in known &&
      known.groups.some((group) => groups.includes(group.id) && group.users.includes(row.platformUserId))
    );
  }

  async function publish(row: ConnectionRow, outcome: LiveOutcome<'slack'>): Promise<boolean> {
    const messages = [...outcome.added, ...outcome.changed];
    if (messages.length > 0)
      await deps.liveEvents.publish(row.userId, { type: 'messages', platform: 'slack', messages });
    if (outcome.removed.length > 0) {
      await deps.liveEvents.publish(row.userId, {
        type: 'messages_removed',
        platform: 'slack',
        ids: outcome.removed,
      });
    }
    return messages.length + outcome.removed.length > 0;
  }

  async function keep(row: ConnectionRow, message: SlackSourceMessage): Promise<boolean> {
    await deps.kept.put(row.id, [message]);
    return publish(row, await deps.applyLiveChanges(row.userId, { upsert: [message] }));
  }

  async function drop(row: ConnectionRow, id: string): Promise<boolean> {
    const kept = await deps.kept.remove(row.id, [id]);
    const outcome = await deps.applyLiveChanges(row.userId, {
      upsert: [],
      remove: { connectionId: row.id, ids: [id] },
    });
    return publish(row, { ...outcome, removed: [...new Set([...kept, ...outcome.removed])] });
  }

  return {
    /** True the first time an event id is seen; Slack retries what it thinks was not acknowledged. */
    async firstDelivery(eventId: string): Promise<boolean> {
      const key = `slack-event:${eventId}`;
      if (await deps.cache.get<boolean>(key)) return false;
      await deps.cache.set(key, true, SEEN_EVENT_SECONDS);
      return true;
    },

    /** Slack stopped sending the workspace's events for now (`app_rate_limited`): search fills in meanwhile. */
    async paused(teamId: string, minuteSeconds: number): Promise<void> {
      await deps.repo.pause(teamId, new Date(deps.clock()), new Date(minuteSeconds * 1000 + PAUSE_MS));
    },

    /** Handles one event; answers how many members' inboxes it changed. */
    async receive(callback: SlackEventCallback): Promise<EventOutcome> {
      await recordEvent(callback.team_id);
      const change = slackMessageChange(callback.event);
      if (!change) return { delivered: 0 };
      const rows = await deps.repo.connectionsOfTeam(callback.team_id);
      let changed: boolean[] = [];
      if (change.kind === 'deleted') {
        const id = slackPlatformMessageId(change.channel, change.ts);
        changed = await mapWithConcurrency(rows, DELIVERIES_AT_ONCE, (row) => drop(row, id));
        // Whoever snoozed it or marked it done, connected still or not.
        await deps.onMessageDeleted({ platform: 'slack', platform_message_id: id });
      } else if (rows.length > 0) {
        const event = change.message;
        const id = slackPlatformMessageId(event.channel, event.ts);
        const [members, eventNames] = await Promise.all([
          audience(callback, event, rows),
          names(callback.team_id, event.user, event.channel),
        ]);
        changed = await mapWithConcurrency(members, DELIVERIES_AT_ONCE, async (row) => {
          const message = slackEventMessage(event, toConnectorAccount(row), eventNames);
          if (message && (await concernsMember(row, callback.team_id, message, event.text)))
            return keep(row, message);
          // An edit that took the mention out takes the message away; a new message that is not theirs does nothing.
          return change.kind === 'changed' ? drop(row, id) : false;
        });
        if (change.kind === 'posted')
          await deps.onPosted?.({
            event,
            rows,
            keptOf: async (connectionId) => (await deps.kept.read(connectionId)).messages,
          });
      }
      return { delivered: changed.filter(Boolean).length };
    },
  };
}

export type SlackEventIntake = ReturnType<typeof createSlackEventIntake>;
