import { type AppsEventAuthorizationsListResponse, LogLevel, WebClient } from '@slack/web-api';
import { afterEach, beforeEach, expect, it } from 'vitest';
import {
  deliveredEvent,
  seedWithThreeInstallations,
  startEventsEmulator,
  startReceiver,
} from './slack-events-test-kit.ts';
import { TEST_SLACK_APP_TOKEN } from './slack-seed.ts';

const otherAppToken = 'xapp-1-A0OTHER00-1-emulator';
const unscopedAppToken = 'xapp-1-A0MATOME-2-unscoped';

let receiver: Awaited<ReturnType<typeof startReceiver>>;
let slack: Awaited<ReturnType<typeof startEventsEmulator>>;

beforeEach(async () => {
  const seed = seedWithThreeInstallations();
  seed.appTokens!.push(
    { token: unscopedAppToken, scopes: [] },
    { token: otherAppToken, app_id: 'A0OTHER00', scopes: ['authorizations:read'] },
  );
  receiver = await startReceiver();
  slack = await startEventsEmulator(seed);
  await slack.control('events/config', { requestUrl: receiver.url, signingSecret: 'shh' });
});
afterEach(async () => {
  await slack.close();
  await receiver.close();
});

/** The official SDK, as the app uses it: no retries, rate-limited calls rejected at once. */
function client(token = TEST_SLACK_APP_TOKEN) {
  return new WebClient(token, {
    slackApiUrl: `${slack.url}/api/`,
    retryConfig: { retries: 0 },
    rejectRateLimitedCalls: true,
    logLevel: LogLevel.ERROR,
  });
}

async function call(token: string, args: Record<string, string>) {
  const response = await fetch(`${slack.url}/api/apps.event.authorizations.list`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(args),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** Posts as `user` in `channel` and answers the delivered event's `event_context`. */
async function eventContextOf(channel: string, user = 'U0BOB0000'): Promise<string> {
  const posted = await slack.control('events/post', { channel, user, text: 'news' });
  return (await deliveredEvent(receiver.received, posted.body.event_id)).event_context as string;
}

async function everyAuthorized(eventContext: string): Promise<string[]> {
  const users: string[] = [];
  for await (const page of client().paginate('apps.event.authorizations.list', {
    event_context: eventContext,
    limit: 1,
  })) {
    const { authorizations } = page as AppsEventAuthorizationsListResponse;
    users.push(...(authorizations ?? []).map((entry) => entry.user_id ?? ''));
  }
  return users;
}

it('lists exactly the installed members of a private channel, one page at a time', async () => {
  const eventContext = await eventContextOf('C0SECRET0');
  const first = await client().apps.event.authorizations.list({ event_context: eventContext, limit: 1 });
  expect(first).toMatchObject({
    ok: true,
    authorizations: [
      {
        enterprise_id: null,
        team_id: 'T0ACME001',
        user_id: 'U0ALICE00',
        is_bot: false,
        is_enterprise_install: false,
      },
    ],
    response_metadata: { next_cursor: expect.stringMatching(/.+/) },
  });
  const second = await client().apps.event.authorizations.list({
    event_context: eventContext,
    cursor: first.response_metadata!.next_cursor!,
    limit: 1,
  });
  expect(second.authorizations!.map((entry) => entry.user_id)).toEqual(['U0BOB0000']);
  expect(second.response_metadata).toEqual({ next_cursor: '' });
  // Carol is installed too, but not in the channel.
  expect(await everyAuthorized(eventContext)).toEqual(['U0ALICE00', 'U0BOB0000']);
});

it('lists every installation of the workspace for a public channel, and for a DM only its two people', async () => {
  expect(await everyAuthorized(await eventContextOf('C0RANDOM0'))).toEqual([
    'U0ALICE00',
    'U0BOB0000',
    'U0CAROL00',
  ]);
  expect(await everyAuthorized(await eventContextOf('D0ALICEBOB'))).toEqual(['U0ALICE00', 'U0BOB0000']);
});

it('delivers nothing when no installation can see the conversation', async () => {
  await fetch(`${slack.url}/api/auth.revoke`, {
    method: 'POST',
    headers: { authorization: 'Bearer xoxp-test-bob' },
  });
  const posted = await slack.control('events/post', {
    channel: 'C0BOBONLY',
    user: 'U0BOB0000',
    text: 'note',
  });
  expect(posted.body).toMatchObject({ ok: true, event_id: null });
});

it('needs an app-level token of the same app with authorizations:read, and an event_context it issued', async () => {
  const eventContext = await eventContextOf('C0GENERAL');
  const refusals = [
    ['xoxp-test-alice', { event_context: eventContext }],
    ['xapp-1-never-issued', { event_context: eventContext }],
    [unscopedAppToken, { event_context: eventContext }],
    [otherAppToken, { event_context: eventContext }],
    [TEST_SLACK_APP_TOKEN, {}],
    [TEST_SLACK_APP_TOKEN, { event_context: `4-${Buffer.from('{"et":"message"}').toString('base64url')}` }],
    [TEST_SLACK_APP_TOKEN, { event_context: eventContext, cursor: 'bm90LWEtY3Vyc29y' }],
  ] as const;
  const answers = [];
  for (const [token, args] of refusals) answers.push(await call(token, args));
  expect(answers.map(({ status, body }) => [status, body.ok, body.error])).toEqual([
    [200, false, 'not_allowed_token_type'],
    [200, false, 'invalid_auth'],
    [200, false, 'missing_scope'],
    [200, false, 'auth_mismatch'],
    [200, false, 'invalid_arguments'],
    [200, false, 'invalid_event_context'],
    [200, false, 'invalid_cursor'],
  ]);
  expect(answers[2]!.body).toMatchObject({ needed: 'authorizations:read', provided: '' });
  // An app-level token is no user's token either.
  const asUser = await fetch(`${slack.url}/api/auth.test`, {
    headers: { authorization: `Bearer ${TEST_SLACK_APP_TOKEN}` },
  });
  expect(await asUser.json()).toEqual({ ok: false, error: 'not_allowed_token_type' });
});

it('allows 100 calls a minute per workspace (Tier 4), then answers 429 with Retry-After', async () => {
  const eventContext = await eventContextOf('C0GENERAL');
  const statuses = [];
  for (let i = 0; i < 101; i += 1)
    statuses.push((await call(TEST_SLACK_APP_TOKEN, { event_context: eventContext })).status);
  expect(statuses.filter((status) => status === 200)).toHaveLength(100);
  const limited = await fetch(
    `${slack.url}/api/apps.event.authorizations.list?event_context=${eventContext}`,
    {
      headers: { authorization: `Bearer ${TEST_SLACK_APP_TOKEN}` },
    },
  );
  expect(limited.status).toBe(429);
  expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  expect(await limited.json()).toEqual({ ok: false, error: 'ratelimited' });
});
