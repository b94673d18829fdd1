import {
  type ConversationsListResponse,
  LogLevel,
  WebAPIHTTPError,
  WebAPIPlatformError,
  WebAPIRateLimitedError,
  WebClient,
} from '@slack/web-api';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { controlEmulator, submitConsent } from '../core/control-client.ts';
import type { RunningEmulator } from '../core/emulator-server.ts';
import { startSlackEmulator } from './slack-emulator.ts';
import { matomeSlackUserScopes } from './slack-seed.ts';

const redirectUri = 'http://127.0.0.1:9999/api/slack/callback';
const now = Date.now();
let emulator: RunningEmulator;

beforeAll(async () => {
  emulator = await startSlackEmulator();
});
afterAll(() => emulator.close());
beforeEach(() => control('/_control/reset'));

function control(path: string, body?: unknown) {
  return controlEmulator(emulator.url, path, body);
}

/** The official SDK, as the app uses it: no retries, rate-limited calls rejected at once. */
function client(token?: string) {
  return new WebClient(token, {
    slackApiUrl: `${emulator.url}/api/`,
    retryConfig: { retries: 0 },
    rejectRateLimitedCalls: true,
    logLevel: LogLevel.ERROR,
  });
}

async function platformError(call: Promise<unknown>): Promise<WebAPIPlatformError['data']> {
  const error = await call.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(WebAPIPlatformError);
  return (error as WebAPIPlatformError).data;
}

function authorizeUrl(userScope = matomeSlackUserScopes.join(',')) {
  const params = new URLSearchParams({
    client_id: 'slack-client',
    user_scope: userScope,
    redirect_uri: redirectUri,
    state: 's-1',
  });
  return `${emulator.url}/oauth/v2/authorize?${params}`;
}

function consent(
  decision: 'allow' | 'deny',
  account = 'T0ACME001:U0ALICE00',
  userScope?: string,
): Promise<URL> {
  return submitConsent(authorizeUrl(userScope), account, decision);
}

async function connect(userScope?: string) {
  const code = (await consent('allow', 'T0ACME001:U0ALICE00', userScope)).searchParams.get('code') ?? '';
  return client().oauth.v2.access({
    client_id: 'slack-client',
    client_secret: 'slack-secret',
    code,
    redirect_uri: redirectUri,
  });
}

const alice = () => client('xoxp-test-alice');

describe('Slack OAuth v2', () => {
  it('shows a consent page listing the user scopes and the workspace users to sign in as', async () => {
    const html = await (await fetch(authorizeUrl())).text();
    expect(html).toContain('<label for="account">Sign in as</label>');
    expect(html).toContain('<optgroup label="Acme">');
    expect(html).toContain('search:read');
    expect(html).toContain('value="T0ACME001:U0BOB0000"');
  });

  it('rejects an unknown client or a missing redirect URI on the consent page', async () => {
    expect(
      (
        await fetch(
          `${emulator.url}/oauth/v2/authorize?client_id=nobody&user_scope=chat:write&redirect_uri=${redirectUri}`,
        )
      ).status,
    ).toBe(400);
    expect(
      (await fetch(`${emulator.url}/oauth/v2/authorize?client_id=slack-client&user_scope=chat:write`)).status,
    ).toBe(400);
  });

  it('redirects with access_denied when the user denies', async () => {
    const location = await consent('deny');
    expect(location.searchParams.get('error')).toBe('access_denied');
    expect(location.searchParams.get('state')).toBe('s-1');
  });

  it('exchanges the code once for a rotating user token under authed_user', async () => {
    const location = await consent('allow');
    expect(location.searchParams.get('state')).toBe('s-1');
    const code = location.searchParams.get('code') ?? '';
    const result = await client().oauth.v2.access({
      client_id: 'slack-client',
      client_secret: 'slack-secret',
      code,
      redirect_uri: redirectUri,
    });
    expect(result).toMatchObject({
      ok: true,
      app_id: 'A0MATOME',
      team: { id: 'T0ACME001', name: 'Acme' },
      authed_user: {
        id: 'U0ALICE00',
        token_type: 'user',
        expires_in: 43_200,
        scope: matomeSlackUserScopes.join(','),
      },
      is_enterprise_install: false,
    });
    expect(result.authed_user?.access_token).toMatch(/^xoxe\.xoxp-/);
    expect(result.authed_user?.refresh_token).toMatch(/^xoxe-1-/);
    expect(result.access_token).toBeUndefined();

    const replay = await platformError(
      client().oauth.v2.access({
        client_id: 'slack-client',
        client_secret: 'slack-secret',
        code,
        redirect_uri: redirectUri,
      }),
    );
    expect(replay.error).toBe('invalid_code');
  });

  it('accepts HTTP Basic client credentials and refuses a wrong secret or redirect URI', async () => {
    const code = (await consent('allow')).searchParams.get('code') ?? '';
    const wrongUri = await platformError(
      client().oauth.v2.access({
        client_id: 'slack-client',
        client_secret: 'slack-secret',
        code,
        redirect_uri: `${redirectUri}/x`,
      }),
    );
    expect(wrongUri.error).toBe('bad_redirect_uri');
    const wrongSecret = await platformError(
      client().oauth.v2.access({ client_id: 'slack-client', client_secret: 'nope', code: 'x' }),
    );
    expect(wrongSecret.error).toBe('bad_client_secret');

    const freshCode = (await consent('allow')).searchParams.get('code') ?? '';
    const response = await fetch(`${emulator.url}/api/oauth.v2.access`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from('slack-client:slack-secret').toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ code: freshCode, redirect_uri: redirectUri }),
    });
    expect(await response.json()).toMatchObject({ ok: true, authed_user: { id: 'U0ALICE00' } });
  });

  it('expires rotated tokens after 12 hours and refreshes them with single-use refresh tokens', async () => {
    const first = await connect();
    const accessToken = first.authed_user?.access_token ?? '';
    await control('/_control/clock', { advanceMs: 43_200 * 1000 });
    expect((await platformError(client(accessToken).auth.test())).error).toBe('token_expired');

    const refresh = (refreshToken: string) =>
      client().oauth.v2.access({
        client_id: 'slack-client',
        client_secret: 'slack-secret',
        grant_type: 'refresh_token',
        refresh_token: refreshToken,
      });
    const refreshed = await refresh(first.authed_user?.refresh_token ?? '');
    expect(refreshed).toMatchObject({
      ok: true,
      token_type: 'user',
      expires_in: 43_200,
      team: { id: 'T0ACME001' },
    });
    expect(refreshed.authed_user).toBeUndefined();
    expect(refreshed.refresh_token).not.toBe(first.authed_user?.refresh_token);
    expect((await client(refreshed.access_token).auth.test()).user_id).toBe('U0ALICE00');

    expect((await platformError(refresh(first.authed_user?.refresh_token ?? ''))).error).toBe(
      'invalid_refresh_token',
    );
  });

  it('issues non-expiring tokens for an app without token rotation', async () => {
    const seed = (await import('./slack-seed.ts')).defaultSlackSeed(now);
    seed.apps = seed.apps.map((app) => ({ ...app, token_rotation: false }));
    await control('/_control/seed', seed);
    const result = await connect();
    expect(result.authed_user?.access_token).toMatch(/^xoxp-/);
    expect(result.authed_user?.refresh_token).toBeUndefined();
  });

  it('approves at once as the configured user when auto-approve is on', async () => {
    await control('/_control/settings', { autoApprove: true, approveAs: 'U0BOB0000' });
    const response = await fetch(authorizeUrl(), { redirect: 'manual' });
    expect(response.status).toBe(302);
    const code = new URL(response.headers.get('location') ?? '').searchParams.get('code') ?? '';
    const result = await client().oauth.v2.access({
      client_id: 'slack-client',
      client_secret: 'slack-secret',
      code,
      redirect_uri: redirectUri,
    });
    expect(result.authed_user?.id).toBe('U0BOB0000');
  });
});

describe('Slack Web API', () => {
  it('answers auth.test, team.info and revokes with auth.revoke', async () => {
    const { authed_user } = await connect();
    const token = authed_user?.access_token ?? '';
    expect(await client(token).auth.test()).toMatchObject({
      ok: true,
      url: 'https://acme.slack.com/',
      team: 'Acme',
      user: 'alice',
      team_id: 'T0ACME001',
      user_id: 'U0ALICE00',
    });
    expect(await client(token).team.info()).toMatchObject({
      team: { id: 'T0ACME001', name: 'Acme', domain: 'acme' },
    });
    expect(await client(token).auth.revoke({ test: true })).toMatchObject({ revoked: false });
    expect(await client(token).auth.revoke()).toMatchObject({ ok: true, revoked: true });
    expect((await platformError(client(token).auth.test())).error).toBe('token_revoked');
  });

  it('reports not_authed, invalid_auth and missing_scope with needed and provided', async () => {
    expect((await platformError(client().auth.test())).error).toBe('not_authed');
    expect((await platformError(client('xoxp-nope').auth.test())).error).toBe('invalid_auth');
    const { authed_user } = await connect('chat:write');
    const missing = await platformError(client(authed_user?.access_token).search.messages({ query: 'x' }));
    expect(missing).toMatchObject({ error: 'missing_scope', needed: 'search:read', provided: 'chat:write' });
  });

  it('looks up users, lists them and the user groups with their members', async () => {
    const info = await alice().users.info({ user: 'U0CAROL00' });
    expect(info.user).toMatchObject({
      id: 'U0CAROL00',
      name: 'carol',
      real_name: '山田 花子',
      profile: { display_name: 'hanako' },
    });
    expect((await platformError(alice().users.info({ user: 'U0NOBODY0' }))).error).toBe('user_not_found');
    const list = await alice().users.list({ limit: 2 });
    expect(list.members).toHaveLength(2);
    const rest = await alice().users.list({ limit: 2, cursor: list.response_metadata?.next_cursor });
    expect(rest.members?.map((member) => member.id)).toEqual(['U0CAROL00']);
    const groups = await alice().usergroups.list({ include_users: true });
    expect(groups.usergroups?.[0]).toMatchObject({
      id: 'S0DESIGN',
      handle: 'design',
      users: ['U0ALICE00', 'U0CAROL00'],
    });
  });

  it('lists and describes only the conversations the user can see', async () => {
    const list = await alice().conversations.list({ types: 'public_channel,private_channel,mpim,im' });
    expect(list.channels?.map((channel) => channel.id)).toEqual([
      'C0GENERAL',
      'C0SECRET0',
      'C0RANDOM0',
      'D0ALICEBOB',
      'G0TRIO000',
    ]);
    expect(list.channels?.find((channel) => channel.id === 'C0RANDOM0')).toMatchObject({ is_member: false });
    expect(list.channels?.find((channel) => channel.id === 'D0ALICEBOB')).toMatchObject({
      is_im: true,
      user: 'U0BOB0000',
    });
    expect(list.channels?.find((channel) => channel.id === 'G0TRIO000')).toMatchObject({
      is_mpim: true,
      name: 'mpdm-alice--bob--carol-1',
    });
    const info = await alice().conversations.info({ channel: 'C0SECRET0' });
    expect(info.channel).toMatchObject({ name: 'launch', is_private: true, is_member: true });
    expect((await platformError(alice().conversations.info({ channel: 'C0BOBONLY' }))).error).toBe(
      'channel_not_found',
    );
  });

  it('returns history newest first with thread details, and a thread with its parent first', async () => {
    const history = await alice().conversations.history({ channel: 'C0GENERAL' });
    expect(history.messages?.map((message) => message.text)).toEqual([
      '<!channel> lunch is here',
      'Release train leaves at 3',
      '<@U0ALICE00> can you check the release notes?',
    ]);
    const parent = history.messages?.[1];
    expect(parent).toMatchObject({ reply_count: 1, reply_users: ['U0CAROL00'] });
    const replies = await alice().conversations.replies({ channel: 'C0GENERAL', ts: parent?.ts ?? '' });
    expect(replies.messages?.map((message) => message.text)).toEqual([
      'Release train leaves at 3',
      '了解です',
    ]);
    expect(replies.messages?.[1]).toMatchObject({ thread_ts: parent?.ts, parent_user_id: 'U0ALICE00' });
  });

  it('finds mentions and DMs with search.messages, newest first, with thread permalinks', async () => {
    const mentions = await alice().search.messages({ query: '<@U0ALICE00>', sort: 'timestamp', count: 100 });
    expect(mentions.messages?.matches?.map((match) => match.channel?.id)).toEqual(['G0TRIO000', 'C0GENERAL']);
    expect(mentions.messages?.matches?.[0]).toMatchObject({
      user: 'U0CAROL00',
      username: 'carol',
      team: 'T0ACME001',
      channel: { is_mpim: true, is_private: true },
    });

    const today = new Date(now - 7 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
    const dms = await alice().search.messages({ query: `is:dm after:${today}`, sort: 'timestamp' });
    expect(dms.messages?.matches?.map((match) => match.text)).toEqual(['Are you around?']);
    // As in Slack's documented example, the channel of a match says nothing of being an im.
    expect(dms.messages?.matches?.[0]?.channel).toEqual({
      id: 'D0ALICEBOB',
      name: 'U0BOB0000',
      is_mpim: false,
      is_private: true,
      is_shared: false,
      is_org_shared: false,
      is_ext_shared: false,
      is_pending_ext_shared: false,
      pending_shared: [],
    });
    // Slack documents no OR: it is an ordinary word, so this asks for DMs that mention Alice and say "or".
    const combined = await alice().search.messages({ query: `<@U0ALICE00> OR is:dm after:${today}` });
    expect(combined.messages?.total).toBe(0);

    const future = new Date(now + 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
    expect((await alice().search.messages({ query: `is:dm after:${future}` })).messages?.total).toBe(0);

    const thread = await alice().search.messages({ query: 'is:thread' });
    const reply = thread.messages?.matches?.[0];
    const parentTs = (await alice().conversations.history({ channel: 'C0GENERAL' })).messages?.[1]?.ts;
    expect(reply?.permalink).toBe(
      `https://acme.slack.com/archives/C0GENERAL/p${reply?.ts?.replace('.', '')}?thread_ts=${parentTs}&cid=C0GENERAL`,
    );
  });

  it('pages search results with count (at most 100) and page', async () => {
    const first = await alice().search.messages({
      query: 'after:2000-01-01',
      sort: 'timestamp',
      count: 3,
      page: 1,
    });
    expect(first.messages?.paging).toEqual({ count: 3, total: 9, page: 1, pages: 3 });
    const third = await alice().search.messages({
      query: 'after:2000-01-01',
      sort: 'timestamp',
      count: 3,
      page: 3,
    });
    expect(third.messages?.matches).toHaveLength(3);
    const capped = await alice().search.messages({ query: 'after:2000-01-01', count: 500 });
    expect(capped.messages?.paging?.count).toBe(100);
  });

  it('pages search results by cursor too', async () => {
    const texts: string[] = [];
    let cursor = '*';
    while (cursor) {
      const result = await alice().search.messages({ query: 'after:2000-01-01', count: 4, cursor });
      texts.push(...(result.messages?.matches ?? []).map((match) => match.text ?? ''));
      // The SDK's response type predates search cursors.
      cursor = (result.messages?.pagination as { next_cursor?: string } | undefined)?.next_cursor ?? '';
    }
    expect(texts).toHaveLength(9);
    expect(new Set(texts).size).toBe(9);
  });

  it('posts a thread reply as the user and gives its permalink', async () => {
    const parentTs = (await alice().conversations.history({ channel: 'C0GENERAL' })).messages?.[1]?.ts ?? '';
    const posted = await alice().chat.postMessage({
      channel: 'C0GENERAL',
      text: '<@U0CAROL00> thanks!',
      thread_ts: parentTs,
    });
    expect(posted).toMatchObject({
      ok: true,
      channel: 'C0GENERAL',
      message: { user: 'U0ALICE00', thread_ts: parentTs },
    });
    const replies = await alice().conversations.replies({ channel: 'C0GENERAL', ts: parentTs });
    expect(replies.messages?.at(-1)).toMatchObject({ ts: posted.ts, text: '<@U0CAROL00> thanks!' });
    const link = await alice().chat.getPermalink({ channel: 'C0GENERAL', message_ts: posted.ts ?? '' });
    expect(link.permalink).toContain(`?thread_ts=${parentTs}&cid=C0GENERAL`);

    expect((await platformError(alice().chat.postMessage({ channel: 'C0BOBONLY', text: 'hi' }))).error).toBe(
      'channel_not_found',
    );
    expect((await platformError(alice().chat.postMessage({ channel: 'C0GENERAL', text: '' }))).error).toBe(
      'no_text',
    );

    const log = await (await fetch(`${emulator.url}/_control/requests`)).json();
    const call = log.requests.find((request: { path: string }) => request.path === '/api/chat.postMessage');
    expect(call).toMatchObject({
      method: 'POST',
      status: 200,
      body: { channel: 'C0GENERAL', thread_ts: parentTs },
    });
  });

  it('limits search.messages to 20 calls a minute per workspace with 429 and Retry-After', async () => {
    for (let index = 0; index < 20; index += 1) await alice().search.messages({ query: 'x' });
    const error = await alice()
      .search.messages({ query: 'x' })
      .catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(WebAPIRateLimitedError);
    expect((error as WebAPIRateLimitedError).retryAfter).toBeGreaterThan(0);
    expect((await alice().users.info({ user: 'U0BOB0000' })).ok).toBe(true);
    await control('/_control/clock', { advanceMs: 60_000 });
    expect((await alice().search.messages({ query: 'x' })).ok).toBe(true);
  });

  it('injects faults for one method: a 429 with Retry-After, a 500 and invalid JSON', async () => {
    await control('/_control/faults', { method: 'search.messages', status: 429, retryAfter: 7, times: 1 });
    const limited = await alice()
      .search.messages({ query: 'x' })
      .catch((thrown: unknown) => thrown);
    expect((limited as WebAPIRateLimitedError).retryAfter).toBe(7);
    expect((await alice().search.messages({ query: 'x' })).ok).toBe(true);

    await control('/_control/faults', { path: '/api/users.*', status: 500, times: 1 });
    const failed = await alice()
      .users.info({ user: 'U0BOB0000' })
      .catch((thrown: unknown) => thrown);
    expect(failed).toBeInstanceOf(WebAPIHTTPError);

    await control('/_control/faults', { method: 'auth.test', body: '{"ok": tru', times: 1 });
    const garbled = await fetch(`${emulator.url}/api/auth.test`, {
      method: 'POST',
      headers: { authorization: 'Bearer xoxp-test-alice' },
    });
    await expect(garbled.json()).rejects.toThrow();
  });

  it('takes arguments from JSON, forms and the query, and a token from the header or a form body only', async () => {
    const json = await fetch(`${emulator.url}/api/users.info`, {
      method: 'POST',
      headers: { authorization: 'Bearer xoxp-test-alice', 'content-type': 'application/json; charset=utf-8' },
      body: JSON.stringify({ user: 'U0BOB0000' }),
    });
    expect(await json.json()).toMatchObject({ ok: true, user: { id: 'U0BOB0000' } });
    const get = await fetch(`${emulator.url}/api/users.info?user=U0BOB0000`, {
      headers: { authorization: 'Bearer xoxp-test-alice' },
    });
    expect(await get.json()).toMatchObject({ ok: true, user: { name: 'bob' } });
    const formToken = await fetch(`${emulator.url}/api/auth.test`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: 'xoxp-test-alice' }),
    });
    expect(await formToken.json()).toMatchObject({ ok: true, user_id: 'U0ALICE00' });
    const jsonToken = await fetch(`${emulator.url}/api/auth.test`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token: 'xoxp-test-alice' }),
    });
    expect(await jsonToken.json()).toEqual({ ok: false, error: 'not_authed' });
    const queryToken = await fetch(`${emulator.url}/api/auth.test?token=xoxp-test-alice`);
    expect(await queryToken.json()).toEqual({ ok: false, error: 'not_authed' });
  });

  it('pages conversations.list with cursors the SDK can follow', async () => {
    const ids: string[] = [];
    const pages = alice().paginate('conversations.list', { types: 'public_channel,im', limit: 1 });
    for await (const page of pages as AsyncIterable<ConversationsListResponse>) {
      ids.push(...(page.channels ?? []).map((channel) => channel.id ?? ''));
    }
    expect(ids).toEqual(['C0GENERAL', 'C0RANDOM0', 'D0ALICEBOB']);
  });

  it('checks the scope of each conversation kind', async () => {
    const { authed_user } = await connect('channels:read,channels:history');
    const limited = client(authed_user?.access_token);
    expect((await limited.conversations.list({ types: 'public_channel' })).ok).toBe(true);
    expect(await platformError(limited.conversations.list({ types: 'public_channel,im' }))).toMatchObject({
      error: 'missing_scope',
      needed: 'im:read',
    });
    expect((await limited.conversations.history({ channel: 'C0GENERAL' })).ok).toBe(true);
    expect(await platformError(limited.conversations.history({ channel: 'D0ALICEBOB' }))).toMatchObject({
      error: 'missing_scope',
      needed: 'im:history',
    });
  });

  it('refuses to post where the user is not a member, or into a reply', async () => {
    expect((await platformError(alice().chat.postMessage({ channel: 'C0RANDOM0', text: 'hi' }))).error).toBe(
      'not_in_channel',
    );
    const thread = await alice().search.messages({ query: 'is:thread' });
    const replyTs = thread.messages?.matches?.[0]?.ts ?? '';
    expect(
      (await platformError(alice().chat.postMessage({ channel: 'C0GENERAL', text: 'x', thread_ts: replyTs })))
        .error,
    ).toBe('cannot_reply_to_message');
  });
});
