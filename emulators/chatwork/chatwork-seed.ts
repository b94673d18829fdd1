import { z } from 'zod';

const accountSchema = z.object({
  account_id: z.number().int().positive(),
  name: z.string().min(1),
  chatwork_id: z.string().optional(),
  organization_id: z.number().int().optional(),
  organization_name: z.string().optional(),
  department: z.string().optional(),
  title: z.string().optional(),
  introduction: z.string().optional(),
  mail: z.string().optional(),
  avatar_image_url: z.string().optional(),
});

const roomSchema = z.object({
  room_id: z.number().int().positive(),
  /** Ignored for `direct` rooms, which each member sees under the other member's name. */
  name: z.string(),
  type: z.enum(['my', 'direct', 'group']),
  description: z.string().optional(),
  icon_path: z.string().optional(),
  members: z
    .array(
      z.object({
        account_id: z.number().int().positive(),
        role: z.enum(['admin', 'member', 'readonly']),
        sticky: z.boolean().optional(),
        unread_num: z.number().int().min(0).optional(),
        mention_num: z.number().int().min(0).optional(),
      }),
    )
    .min(1),
});

const messageSchema = z.object({
  room_id: z.number().int().positive(),
  /** A decimal string: real ids exceed 2^53. */
  message_id: z.string().regex(/^\d+$/),
  account_id: z.number().int().positive(),
  body: z.string(),
  send_time: z.number().int(),
  update_time: z.number().int().optional(),
});

export const chatworkSeedSchema = z.object({
  apps: z.array(
    z.object({
      client_id: z.string().min(1),
      client_secret: z.string().min(1),
      name: z.string().optional(),
      /** When given, the consent page accepts only these redirect URIs (ChatWork registers 1 to 5). */
      redirect_uris: z.array(z.string().url()).optional(),
    }),
  ),
  /** Everyone who can sign in on the consent page or appear as a sender. */
  accounts: z.array(accountSchema).min(1),
  rooms: z.array(roomSchema),
  messages: z.array(messageSchema),
  /** Personal API tokens, sent as `x-chatworktoken`; they never expire and carry every scope. */
  api_tokens: z
    .array(z.object({ token: z.string().min(1), account_id: z.number().int().positive() }))
    .optional(),
});

export type ChatworkSeed = z.infer<typeof chatworkSeedSchema>;
export type ChatworkSeedAccount = ChatworkSeed['accounts'][number];
export type ChatworkSeedRoom = ChatworkSeed['rooms'][number];
export type ChatworkSeedMessage = ChatworkSeed['messages'][number];

/** Message ids above 2^53, as real ChatWork ids are; `n` orders them. */
export function chatworkMessageId(n: number): string {
  return String(1_500_000_000_000_000_000n + BigInt(n));
}

/**
 * A small deterministic seed for tests: one OAuth app (`chatwork-client` / `chatwork-secret`), Aiko (1001,
 * signs in by default) with a my chat, a direct chat with Ben and a group, and messages of the main kinds sent
 * in the hour before `now` (epoch ms).
 */
export function defaultChatworkSeed(now: number = Date.now()): ChatworkSeed {
  const minutesAgo = (minutes: number) => Math.floor(now / 1000) - minutes * 60;
  return {
    apps: [{ client_id: 'chatwork-client', client_secret: 'chatwork-secret', name: 'Matome test' }],
    accounts: [
      { account_id: 1001, name: 'Aiko Tanaka', chatwork_id: 'aiko', organization_name: 'Matome Inc.' },
      { account_id: 1002, name: 'Ben Carter', chatwork_id: 'ben' },
      { account_id: 1003, name: '佐藤 千佳', chatwork_id: 'chika' },
    ],
    rooms: [
      { room_id: 2001, name: 'Aiko Tanaka', type: 'my', members: [{ account_id: 1001, role: 'admin' }] },
      {
        room_id: 2002,
        name: '',
        type: 'direct',
        members: [
          { account_id: 1001, role: 'admin', unread_num: 1 },
          { account_id: 1002, role: 'admin' },
        ],
      },
      {
        room_id: 2003,
        name: 'Project Matome',
        type: 'group',
        description: 'Launch planning',
        members: [
          { account_id: 1001, role: 'member', unread_num: 3, mention_num: 2 },
          { account_id: 1002, role: 'admin' },
          { account_id: 1003, role: 'member' },
        ],
      },
    ],
    messages: [
      {
        room_id: 2001,
        message_id: chatworkMessageId(1),
        account_id: 1001,
        body: 'Memo: buy milk',
        send_time: minutesAgo(60),
      },
      {
        room_id: 2002,
        message_id: chatworkMessageId(2),
        account_id: 1002,
        body: 'Are you free for lunch?',
        send_time: minutesAgo(50),
      },
      {
        room_id: 2003,
        message_id: chatworkMessageId(3),
        account_id: 1002,
        body: '[To:1001]Aiko Tanaka-san\nCould you review the plan?',
        send_time: minutesAgo(40),
      },
      {
        room_id: 2003,
        message_id: chatworkMessageId(4),
        account_id: 1001,
        body: 'Sure, I will look today.',
        send_time: minutesAgo(35),
      },
      {
        room_id: 2003,
        message_id: chatworkMessageId(5),
        account_id: 1003,
        body: `[rp aid=1001 to=2003-${chatworkMessageId(4)}]Aiko Tanakaさん\n確認しました。`,
        send_time: minutesAgo(30),
      },
      {
        room_id: 2003,
        message_id: chatworkMessageId(6),
        account_id: 1002,
        body: '[toall]\nStand-up moves to 10:00.',
        send_time: minutesAgo(20),
      },
    ],
    api_tokens: [{ token: 'chatwork-api-token-aiko', account_id: 1001 }],
  };
}
