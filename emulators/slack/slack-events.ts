import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { EmulatorContext } from '../core/emulator-server.ts';
import { SlackEventDelivery, VERIFICATION_TOKEN, eventsConfigSchema } from './slack-event-delivery.ts';
import { encodeEventContext, installationsThatSee } from './slack-event-authorizations.ts';
import type { SlackSeedConversation, SlackSeedMessage } from './slack-seed.ts';
import type { SlackStore } from './slack-store.ts';
import { isThreadReply } from './slack-views.ts';

/**
 * The Events API, as the app's request URL sees it (shared/providers/slack.md §5). Control calls change what is in
 * Slack, as a person in the workspace would, and the change is delivered as a signed `event_callback` to the request
 * URL set with `POST /_control/events/config`:
 * - `POST /_control/events/post` posts a message (a thread reply with `thread_ts`, also sent to the channel with
 *   `reply_broadcast`, the `thread_broadcast` subtype);
 * - `POST /_control/events/edit` changes its text (`message_changed`), `POST /_control/events/delete` removes it
 *   (`message_deleted`); search and history see the change at once.
 * Each event is delivered once for its workspace, naming in `authorizations` one installation that can see the
 * conversation, as Slack has done since 2020; `event_context` lets the app ask `apps.event.authorizations.list`
 * for the rest (slack-event-authorizations.ts). An event no installation can see is not delivered.
 * Deliveries are retried, limited per workspace and recorded (`GET /_control/events/deliveries`) as
 * slack-event-delivery.ts describes.
 *
 * Not modelled: the `root` message Slack adds to a `thread_broadcast` event, the `message_replied` event, the
 * tombstone Slack leaves when a thread's parent is deleted (here the parent goes and its replies stay), `edited`
 * in history (Slack's OpenAPI message object has no such field), and events of other types.
 */

const postSchema = z
  .object({
    channel: z.string().min(1),
    user: z.string().min(1),
    text: z.string().min(1),
    thread_ts: z.string().optional(),
    reply_broadcast: z.boolean().optional(),
  })
  .refine((post) => !post.reply_broadcast || post.thread_ts, { message: 'reply_broadcast needs thread_ts' });
const editSchema = z.object({ channel: z.string().min(1), ts: z.string().min(1), text: z.string().min(1) });
const deleteSchema = z.object({ channel: z.string().min(1), ts: z.string().min(1) });

const channelTypes = { public: 'channel', private: 'group', im: 'im', mpim: 'mpim' } as const;

/** A message as events show it inside `message` and `previous_message`. */
function messageShape(message: SlackSeedMessage) {
  return {
    type: 'message',
    ...(message.subtype ? { subtype: message.subtype } : {}),
    user: message.user,
    text: message.text,
    ts: message.ts,
    ...(message.thread_ts ? { thread_ts: message.thread_ts } : {}),
  };
}

function invalid(reply: FastifyReply) {
  return reply.code(400).send({ error: 'invalid_control_request' });
}

export function slackEventsRoutes(app: FastifyInstance, context: EmulatorContext<SlackStore>): void {
  const delivery = new SlackEventDelivery(context.clock, context.limiter);
  app.addHook('onClose', async () => delivery.close());
  let lastEventMicros = 0;

  /** A ts for an event that is not a new message: unique, and after every one before it. */
  function nextEventTs(): string {
    const micros = Math.max(context.clock.now() * 1000, lastEventMicros + 1);
    lastEventMicros = micros;
    return `${Math.floor(micros / 1_000_000)}.${String(micros % 1_000_000).padStart(6, '0')}`;
  }

  /** Delivers an event about the conversation; answers its event id, or null when it is not delivered. */
  function dispatch(teamId: string, conversation: SlackSeedConversation, event: object): string | null {
    const store = context.state();
    const nowMs = context.clock.now();
    const [authorized] = installationsThatSee(store, teamId, conversation, nowMs);
    const appId = store.eventsAppId();
    if (!authorized || !delivery.admit(teamId, appId)) return null;
    const eventContext = encodeEventContext({ appId, teamId, channel: conversation.id });
    store.rememberEventContext(eventContext, { appId, teamId, channel: conversation.id });
    const eventId = `Ev${randomBytes(6).toString('hex').toUpperCase()}`;
    delivery.send(
      { type: 'event_callback', eventId, teamId },
      {
        token: VERIFICATION_TOKEN,
        team_id: teamId,
        context_team_id: teamId,
        context_enterprise_id: null,
        api_app_id: appId,
        event: { ...event, channel: conversation.id, channel_type: channelTypes[conversation.kind] },
        type: 'event_callback',
        event_id: eventId,
        event_time: Math.floor(nowMs / 1000),
        authorizations: [
          {
            enterprise_id: null,
            team_id: teamId,
            user_id: authorized,
            is_bot: false,
            is_enterprise_install: false,
          },
        ],
        is_ext_shared_channel: false,
        event_context: eventContext,
      },
    );
    return eventId;
  }

  app.post('/_control/events/config', async (request, reply) => {
    const parsed = eventsConfigSchema.safeParse(request.body);
    if (!parsed.success) return invalid(reply);
    delivery.configure(parsed.data);
    return { ok: true };
  });

  app.get('/_control/events/deliveries', async () => ({ deliveries: delivery.attempts }));

  app.post('/_control/events/post', async (request, reply) => {
    const parsed = postSchema.safeParse(request.body);
    if (!parsed.success) return invalid(reply);
    const { channel, user, text, thread_ts, reply_broadcast } = parsed.data;
    const store = context.state();
    const teamId = store.teamOfUser(user);
    const conversation = teamId ? store.visibleConversation(channel, teamId, user) : undefined;
    if (!teamId || !conversation) return reply.code(404).send({ error: 'channel_not_found' });
    if (thread_ts) {
      const parent = store.channelMessages(channel).find((message) => message.ts === thread_ts);
      if (!parent) return reply.code(404).send({ error: 'thread_not_found' });
      if (isThreadReply(parent)) return reply.code(400).send({ error: 'cannot_reply_to_message' });
      parent.thread_ts ??= parent.ts;
    }
    const posted = store.postMessage(
      {
        channel,
        user,
        text,
        ...(thread_ts ? { thread_ts } : {}),
        ...(reply_broadcast ? { subtype: 'thread_broadcast' } : {}),
      },
      context.clock.now(),
    );
    const eventId = dispatch(teamId, conversation, { ...messageShape(posted), event_ts: posted.ts });
    return { ok: true, ts: posted.ts, event_id: eventId };
  });

  app.post('/_control/events/edit', async (request, reply) => {
    const parsed = editSchema.safeParse(request.body);
    if (!parsed.success) return invalid(reply);
    const { channel, ts, text } = parsed.data;
    const store = context.state();
    const found = store.conversation(channel);
    const previous = found && store.editMessage(channel, ts, text);
    if (!found || !previous) return reply.code(404).send({ error: 'message_not_found' });
    const eventTs = nextEventTs();
    const eventId = dispatch(found.teamId, found.conversation, {
      type: 'message',
      subtype: 'message_changed',
      hidden: true,
      ts: eventTs,
      event_ts: eventTs,
      message: { ...messageShape({ ...previous, text }), edited: { user: previous.user, ts: eventTs } },
      previous_message: messageShape(previous),
    });
    return { ok: true, event_id: eventId };
  });

  app.post('/_control/events/delete', async (request, reply) => {
    const parsed = deleteSchema.safeParse(request.body);
    if (!parsed.success) return invalid(reply);
    const { channel, ts } = parsed.data;
    const store = context.state();
    const found = store.conversation(channel);
    const previous = found && store.deleteMessage(channel, ts);
    if (!found || !previous) return reply.code(404).send({ error: 'message_not_found' });
    const eventTs = nextEventTs();
    const eventId = dispatch(found.teamId, found.conversation, {
      type: 'message',
      subtype: 'message_deleted',
      hidden: true,
      ts: eventTs,
      deleted_ts: previous.ts,
      event_ts: eventTs,
      previous_message: messageShape(previous),
    });
    return { ok: true, event_id: eventId };
  });
}
