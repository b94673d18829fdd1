import { z } from 'zod/mini';
import { languageSchema } from './auth.ts';
import { messageTypeFilters, messageTypeFilterSchema } from './messages.ts';
import { inputText } from './text.ts';

/**
 * Push notifications (issue 25, decision 159): a person's devices subscribed to Web Push, and what they want
 * pushed. The rules (decision 156) still decide first: muted never notifies, a rule's "notify" and "never notify"
 * win over the kinds, and nothing is pushed during the quiet hours.
 */

export const pushErrorCodes = {
  notFound: 'PUSH_SUBSCRIPTION_NOT_FOUND',
  unavailable: 'PUSH_UNAVAILABLE',
  pushService: 'PUSH_SERVICE_NOT_ALLOWED',
  limit: 'PUSH_SUBSCRIPTION_LIMIT',
  unknownConnection: 'UNKNOWN_CONNECTION',
  demo: 'DEMO_RESTRICTED',
} as const;

/** Devices one person may subscribe. */
export const PUSH_SUBSCRIPTIONS_PER_USER_MAX = 20;
/** Mentions within this long of the first collapse into one notification. */
export const PUSH_COLLAPSE_WINDOW_SECONDS = 60;
/** Characters of the first line a notification may show. */
export const PUSH_FIRST_LINE_MAX = 120;

/** The kinds of message that may notify; the same names as the message list's type filters. */
export const notificationKinds = messageTypeFilters;
export type NotificationKind = (typeof notificationKinds)[number];
export const DEFAULT_NOTIFICATION_KINDS: NotificationKind[] = ['mention', 'dm'];

/** Unpadded base64url (as browsers give keys) of exactly `length` characters, optionally padded. */
const base64url = (length: number) =>
  inputText().check(
    z.regex(new RegExp(`^[A-Za-z0-9_-]{${length}}=*$`), `must be ${length} characters of base64url`),
  );

/** What `PushSubscription.toJSON()` gives in a browser, with the page's language. */
export const pushSubscribeSchema = z.strictObject({
  endpoint: z.url({ protocol: /^https?$/, message: 'must be an https URL' }).check(
    z.maxLength(2000),
    z.refine((value) => inputText().safeParse(value).success),
  ),
  expirationTime: z.optional(z.nullable(z.number())),
  keys: z.strictObject({
    /** An uncompressed P-256 point: 65 bytes, 87 characters of base64url. */
    p256dh: base64url(87),
    /** 16 bytes: 22 characters of base64url. */
    auth: base64url(22),
  }),
  language: languageSchema,
});
export type PushSubscribeInput = z.infer<typeof pushSubscribeSchema>;

export const pushDeviceSchema = z.object({
  id: z.uuid(),
  label: z.string(),
  created_at: z.iso.datetime({ offset: true }),
  last_used_at: z.nullable(z.iso.datetime({ offset: true })),
});
export type PushDevice = z.infer<typeof pushDeviceSchema>;

export const pushDevicesResponseSchema = z.object({ devices: z.array(pushDeviceSchema) });
export type PushDevicesResponse = z.infer<typeof pushDevicesResponseSchema>;

export const pushPublicKeyResponseSchema = z.object({
  /** The VAPID public key for `pushManager.subscribe({ applicationServerKey })`. */
  public_key: z.string(),
});

export const pushDeviceParamsSchema = z.object({ deviceId: z.uuid() });

export const notificationPreferencesSchema = z.strictObject({
  kinds: z.array(messageTypeFilterSchema).check(
    z.maxLength(notificationKinds.length),
    z.refine((kinds) => new Set(kinds).size === kinds.length, 'must not repeat a kind'),
  ),
  /** Only these connections notify; null: every one. */
  connection_ids: z.nullable(
    z.array(inputText().check(z.trim(), z.minLength(1), z.maxLength(200))).check(z.maxLength(50)),
  ),
  /** Show the message's first line in the notification (off: sender and place only). */
  include_first_line: z.boolean(),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

export const DEFAULT_NOTIFICATION_PREFERENCES: NotificationPreferences = {
  kinds: DEFAULT_NOTIFICATION_KINDS,
  connection_ids: null,
  include_first_line: false,
};

/** What the service worker receives in each push (decrypted by the browser). */
export const pushPayloadSchema = z.object({
  title: z.string(),
  body: z.string(),
  /** Notifications with one tag replace each other: a burst shows as one. */
  tag: z.string(),
  /** Opens the message in Matome. */
  url: z.string(),
  /** Mentions this notification stands for (more than 1: a collapsed burst). */
  count: z.int().check(z.gte(1)),
  lang: languageSchema,
});
export type PushPayload = z.infer<typeof pushPayloadSchema>;
