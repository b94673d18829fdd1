import { z } from 'zod/mini';
import { triageKinds } from './triage.ts';

/** A single-use ticket that opens one event stream; it stands in for the access token, which never goes in a URL. */
export const streamTicketResponseSchema = z.object({
  ticket: z.string(),
  /** Seconds the ticket can still be used in. */
  expires_in: z.int().check(z.positive()),
});
export type StreamTicketResponse = z.infer<typeof streamTicketResponseSchema>;

export const streamQuerySchema = z.object({
  /** The last event id seen, for a client that cannot set `Last-Event-ID` (a new EventSource). */
  last_event_id: z.optional(z.string().check(z.regex(/^\d{1,20}-\d{1,20}$/))),
  ticket: z.string().check(z.regex(/^[A-Za-z0-9_-]{16,100}$/)),
});

/**
 * The SSE event name of new or changed messages; its data is `{platform, messages}` with source messages. A message
 * whose id is already shown replaces it (an edit).
 */
export const LIVE_MESSAGES_EVENT = 'messages';
/** The SSE event name of messages gone from the inbox (deleted on the platform, or no longer concerning the user). */
export const LIVE_REMOVED_EVENT = 'messages_removed';
export const liveRemovedSchema = z.object({
  platform: z.enum(['chatwork', 'slack']),
  /** `platform_message_id`s. */
  ids: z.array(z.string()).check(z.maxLength(1000)),
});
export type LiveRemoved = z.infer<typeof liveRemovedSchema>;

/**
 * The SSE event name of a change to the user's snoozes or done marks, made on any device (or by a message deleted at
 * its source): refetch the lists it names. On a demo account only the sign-in that made the change gets it.
 */
export const LIVE_TRIAGE_EVENT = 'triage_changed';
export const liveTriageChangedSchema = z.object({
  kinds: z.array(z.enum(triageKinds)).check(z.minLength(1)),
});
export type LiveTriageChanged = z.infer<typeof liveTriageChangedSchema>;
/** Handled marks or conversations awaiting a reply changed: refetch them (docs/decisions/154). No data. */
export const LIVE_REPLIES_EVENT = 'replies_changed';

/**
 * The SSE event name of a change to the user's rules or their settings, made on any device: the messages are asked
 * for again, with the rules' new outcome. It carries no data.
 */
export const LIVE_RULES_EVENT = 'rules_changed';

/** A ChatWork connection's account webhook as Matome knows it; the token itself is never sent back. */
export const chatworkWebhookStateSchema = z.object({
  /** Where ChatWork is to post: this connection's `POST /api/chatwork/webhook/{connection}` on the public URL. */
  webhook_url: z.url(),
  /** ChatWork's page where the user creates account webhooks. */
  settings_url: z.url(),
  configured: z.boolean(),
  /** When the token was pasted; null while none is set. */
  configured_at: z.nullable(z.iso.datetime({ offset: true })),
});
export type ChatworkWebhookState = z.infer<typeof chatworkWebhookStateSchema>;
