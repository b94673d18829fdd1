import { z } from 'zod';

const userSchema = z.object({
  /** As Slack issues them: U or W, then 8 or more. */
  id: z.string().regex(/^[UW][A-Z0-9]{8,}$/),
  name: z.string().min(1),
  real_name: z.string(),
  display_name: z.string().optional(),
  email: z.string().optional(),
  tz: z.string().optional(),
  is_bot: z.boolean().optional(),
  is_admin: z.boolean().optional(),
});

const conversationSchema = z.object({
  /** As Slack issues them: C (channels), G (older private channels and group DMs), D (DMs), then 8 or more. */
  id: z.string().regex(/^[CDG][A-Z0-9]{8,}$/),
  /** Public and private channels have a name; ims and mpims are named from their members. */
  name: z.string().optional(),
  kind: z.enum(['public', 'private', 'im', 'mpim']),
  members: z.array(z.string()).min(1),
  topic: z.string().optional(),
  purpose: z.string().optional(),
  is_general: z.boolean().optional(),
  is_archived: z.boolean().optional(),
  /** Unix seconds. */
  created: z.number().int().optional(),
});

const messageSchema = z.object({
  channel: z.string(),
  /** `"1700000000.000100"`: unique within its channel. */
  ts: z.string().regex(/^\d+\.\d{6}$/),
  user: z.string(),
  text: z.string(),
  /** The parent's ts, for thread replies (and for the parent itself, as Slack does). */
  thread_ts: z.string().optional(),
  subtype: z.string().optional(),
});

const teamSchema = z.object({
  id: z.string().regex(/^T[A-Z0-9]{8,}$/),
  name: z.string().min(1),
  /**
   * The workspace's plan (Pro unless given). On the free plan `usergroups.list` answers `plan_upgrade_required`:
   * user groups are a paid feature (docs.slack.dev/reference/methods/usergroups.list).
   */
  plan: z.enum(['free', 'pro', 'business_plus', 'enterprise']).optional(),
  /** `<domain>.slack.com`, used in permalinks and `auth.test`'s url. */
  domain: z.string().regex(/^[a-z0-9-]+$/),
  users: z.array(userSchema).min(1),
  conversations: z.array(conversationSchema),
  usergroups: z
    .array(
      z.object({
        id: z.string().regex(/^S[A-Z0-9]+$/),
        handle: z.string(),
        name: z.string(),
        description: z.string().optional(),
        users: z.array(z.string()),
      }),
    )
    .optional(),
  messages: z.array(messageSchema),
});

export const slackSeedSchema = z.object({
  apps: z.array(
    z.object({
      client_id: z.string().min(1),
      client_secret: z.string().min(1),
      app_id: z.string().optional(),
      name: z.string().optional(),
      /** Token rotation (on unless false): 12-hour user tokens with single-use refresh tokens. */
      token_rotation: z.boolean().optional(),
    }),
  ),
  teams: z.array(teamSchema),
  /** Ready-made user tokens, for tests that skip the OAuth dance. */
  tokens: z
    .array(
      z.object({
        token: z.string().min(1),
        team_id: z.string(),
        user_id: z.string(),
        /** Comma-separated, as Slack writes scopes. */
        scope: z.string(),
        client_id: z.string().optional(),
        /** Unix seconds; without it the token never expires. */
        expires_at: z.number().int().optional(),
      }),
    )
    .optional(),
  /**
   * App-level tokens (`xapp-…`), which stand for an app as a whole rather than one installation: Slack issues them
   * on the app's settings page, never through OAuth. `app_id` defaults to the first app's.
   */
  appTokens: z
    .array(
      z.object({
        token: z.string().regex(/^xapp-/),
        app_id: z.string().optional(),
        scopes: z.array(z.string()),
      }),
    )
    .optional(),
});

export type SlackSeed = z.infer<typeof slackSeedSchema>;
export type SlackSeedTeam = SlackSeed['teams'][number];
export type SlackSeedUser = SlackSeedTeam['users'][number];
export type SlackSeedConversation = SlackSeedTeam['conversations'][number];
export type SlackSeedMessage = SlackSeedTeam['messages'][number];

/** Every user scope Matome asks for. */
export const matomeSlackUserScopes = [
  'search:read',
  'channels:history',
  'groups:history',
  'im:history',
  'mpim:history',
  'channels:read',
  'groups:read',
  'im:read',
  'mpim:read',
  'users:read',
  'users:read.email',
  'usergroups:read',
  'chat:write',
  'team:read',
];

/** The default seed's app-level token, with `authorizations:read` (for `apps.event.authorizations.list`). */
export const TEST_SLACK_APP_TOKEN = 'xapp-1-A0MATOME-1-emulator';

/** A Slack ts `seconds` before `now` (epoch ms), made unique by `sequence`. */
export function slackTs(now: number, secondsAgo: number, sequence = 0): string {
  return `${Math.floor(now / 1000) - secondsAgo}.${String(sequence).padStart(6, '0')}`;
}

/**
 * A small deterministic seed for tests: one OAuth app (`slack-client` / `slack-secret`, token rotation on), the
 * workspace "Acme" (T0ACME001, Pro) where Alice (U0ALICE00, first, so the default sign-in) is mentioned directly, in
 * a thread, by `<!channel>`, `<!here>` and her user group, and receives a DM and a group DM, all in the hour before
 * `now` (epoch ms); #random, a public channel she is not in, has an `<!channel>` that is not for her.
 * `xoxp-test-alice` is a ready token for her with every scope Matome uses; `TEST_SLACK_APP_TOKEN` is the app's
 * app-level token.
 */
export function defaultSlackSeed(now: number = Date.now()): SlackSeed {
  const ts = (minutesAgo: number) => slackTs(now, minutesAgo * 60);
  const parent = ts(50);
  return {
    apps: [
      { client_id: 'slack-client', client_secret: 'slack-secret', app_id: 'A0MATOME', name: 'Matome test' },
    ],
    teams: [
      {
        id: 'T0ACME001',
        name: 'Acme',
        domain: 'acme',
        users: [
          {
            id: 'U0ALICE00',
            name: 'alice',
            real_name: 'Alice Archer',
            display_name: 'alice',
            email: 'alice@acme.example',
          },
          { id: 'U0BOB0000', name: 'bob', real_name: 'Bob Brown' },
          { id: 'U0CAROL00', name: 'carol', real_name: '山田 花子', display_name: 'hanako' },
        ],
        usergroups: [
          { id: 'S0DESIGN', handle: 'design', name: 'Design team', users: ['U0ALICE00', 'U0CAROL00'] },
        ],
        conversations: [
          {
            id: 'C0GENERAL',
            name: 'general',
            kind: 'public',
            members: ['U0ALICE00', 'U0BOB0000', 'U0CAROL00'],
            is_general: true,
          },
          { id: 'C0SECRET0', name: 'launch', kind: 'private', members: ['U0ALICE00', 'U0BOB0000'] },
          { id: 'C0BOBONLY', name: 'bob-notes', kind: 'private', members: ['U0BOB0000'] },
          { id: 'C0RANDOM0', name: 'random', kind: 'public', members: ['U0BOB0000', 'U0CAROL00'] },
          { id: 'D0ALICEBOB', kind: 'im', members: ['U0ALICE00', 'U0BOB0000'] },
          { id: 'G0TRIO000', kind: 'mpim', members: ['U0ALICE00', 'U0BOB0000', 'U0CAROL00'] },
        ],
        messages: [
          {
            channel: 'C0GENERAL',
            ts: ts(55),
            user: 'U0BOB0000',
            text: '<@U0ALICE00> can you check the release notes?',
          },
          {
            channel: 'C0GENERAL',
            ts: parent,
            user: 'U0ALICE00',
            text: 'Release train leaves at 3',
            thread_ts: parent,
          },
          { channel: 'C0GENERAL', ts: ts(45), user: 'U0CAROL00', text: '了解です', thread_ts: parent },
          { channel: 'C0GENERAL', ts: ts(40), user: 'U0BOB0000', text: '<!channel> lunch is here' },
          { channel: 'C0SECRET0', ts: ts(35), user: 'U0BOB0000', text: '<!here> launch review in 5' },
          {
            channel: 'C0SECRET0',
            ts: ts(30),
            user: 'U0BOB0000',
            text: '<!subteam^S0DESIGN|@design> mockups please',
          },
          { channel: 'C0BOBONLY', ts: ts(28), user: 'U0BOB0000', text: '<@U0ALICE00> a note she cannot see' },
          { channel: 'C0RANDOM0', ts: ts(27), user: 'U0CAROL00', text: '<!channel> cake in the kitchen' },
          { channel: 'D0ALICEBOB', ts: ts(25), user: 'U0BOB0000', text: 'Are you around?' },
          {
            channel: 'G0TRIO000',
            ts: ts(20),
            user: 'U0CAROL00',
            text: '<@U0ALICE00> 明日の件、よろしくお願いします',
          },
        ],
      },
    ],
    tokens: [
      {
        token: 'xoxp-test-alice',
        team_id: 'T0ACME001',
        user_id: 'U0ALICE00',
        scope: matomeSlackUserScopes.join(','),
        client_id: 'slack-client',
      },
    ],
    appTokens: [{ token: TEST_SLACK_APP_TOKEN, scopes: ['authorizations:read'] }],
  };
}
