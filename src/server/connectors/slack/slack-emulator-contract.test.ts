import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startSlackEmulator } from '../../../../emulators/slack/slack-emulator.ts';
import {
  defaultSlackSeed,
  matomeSlackUserScopes,
  slackTs,
  TEST_SLACK_APP_TOKEN,
} from '../../../../emulators/slack/slack-seed.ts';
import { createMemoryCache } from '../../lib/cache.ts';
import { freeSlackTeam } from '../../test/connector-helpers.ts';
import { control, emulatorRequests } from '../../test/emulator-helpers.ts';
import { loadSlackSpec } from '../../test/provider-specs.ts';
import type { ConnectorAccount } from '../connector-account.ts';
import { createSlackClient } from './slack-client.ts';
import { gatherSlack } from './slack-inbound.ts';
import { createSlackOAuth } from './slack-oauth.ts';
import { postSlackReply } from './slack-outbound.ts';

/**
 * The Slack emulator held to Slack's own OpenAPI document (shared/apis/slack, read at test time, never copied):
 * the real connector connects, gathers, replies and disconnects against the emulator, meeting the errors it
 * handles on the way, and every call it made and every answer it got are checked against the document (with the
 * short list of the document's known defects undone, in `provider-specs.ts`).
 */
const spec = loadSlackSpec();
const now = Date.now();
const redirectUri = 'https://matome.test/api/slack/callback';

function seed() {
  const base = defaultSlackSeed(now);
  const acme = base.teams[0]!;
  acme.messages.push({
    channel: 'C0GENERAL',
    ts: slackTs(now, 5 * 60),
    user: 'U0BOB0000',
    text: '<@U0ALICE00> meet <@U0GHOST99>, who has left',
  });
  base.teams.push(freeSlackTeam(now));
  base.tokens!.push(
    {
      token: 'xoxp-test-dan',
      team_id: 'T0BENTO01',
      user_id: 'U0DAN0000',
      scope: matomeSlackUserScopes.join(','),
    },
    {
      token: 'xoxp-test-alice-narrow',
      team_id: 'T0ACME001',
      user_id: 'U0ALICE00',
      scope: matomeSlackUserScopes.filter((scope) => scope !== 'usergroups:read').join(','),
    },
  );
  return base;
}

let emulator: { url: string; close(): Promise<void> };
beforeAll(async () => {
  emulator = await startSlackEmulator({ seed: seed() });
});
afterAll(async () => emulator?.close());

function account(platformUserId: string, workspaceId: string): ConnectorAccount {
  return {
    connectionId: `${workspaceId}-${platformUserId}`,
    platformUserId,
    accountName: null,
    workspaceId,
    workspaceName: null,
  };
}

/** Everything the connector does with Slack, errors included. */
async function useEveryCall() {
  const client = createSlackClient({ apiUrl: `${emulator.url}/api`, timeoutMs: 5000 });
  const oauth = createSlackOAuth({
    clientId: 'slack-client',
    clientSecret: 'slack-secret',
    authorizeUrl: `${emulator.url}/oauth/v2/authorize`,
    client,
  });
  const cache = createMemoryCache();
  const gather = (token: string, who: ConnectorAccount, lookups = cache) =>
    gatherSlack(
      {
        client,
        cache: lookups,
        accessToken: token,
        now: Math.floor(Date.now() / 1000),
        sharedMaxAgeSeconds: 0,
      },
      who,
    );
  const alice = account('U0ALICE00', 'T0ACME001');
  const owner = { platformUserId: 'U0ALICE00', workspaceId: 'T0ACME001' };

  await control(emulator.url, 'settings', { autoApprove: true, approveAs: 'U0ALICE00' });
  const consent = await fetch(oauth.authorizeUrl({ state: 's', redirectUri, codeVerifier: null }), {
    redirect: 'manual',
  });
  const code = new URL(consent.headers.get('location')!).searchParams.get('code')!;
  const { tokens } = await oauth.exchangeCode({ code, redirectUri, codeVerifier: null, userId: 'u1' });
  await expect(
    oauth.exchangeCode({ code: 'never-issued', redirectUri, codeVerifier: null, userId: 'u1' }),
  ).rejects.toMatchObject({ failure: 'refresh_rejected' });
  const refreshed = await oauth.refresh(tokens.refreshToken!, owner);

  // A short 429 is waited out; the answer that said so is checked too.
  await control(emulator.url, 'faults', { method: 'search.messages', retryAfter: 1, times: 1 });
  const gathered = await gather(refreshed.accessToken, alice);
  expect(gathered.messages.length).toBeGreaterThan(0);
  const free = await gather('xoxp-test-dan', account('U0DAN0000', 'T0BENTO01'));
  expect(free.unavailable).toEqual([{ kind: 'group_mentions', reason: 'plan_upgrade_required' }]);
  // Nothing cached, so Alice's user groups are asked for again, with a token that may not see them.
  const narrow = await gather('xoxp-test-alice-narrow', alice, createMemoryCache());
  expect(narrow.unavailable).toEqual([{ kind: 'group_mentions', reason: 'missing_scope' }]);

  const reply = { message: 'Thanks @here', threadTs: null };
  await postSlackReply(client, cache, refreshed.accessToken, alice, { ...reply, channelId: 'C0GENERAL' });
  await expect(
    postSlackReply(client, cache, refreshed.accessToken, alice, { ...reply, channelId: 'C0NOWHERE0' }),
  ).rejects.toMatchObject({ failure: 'not_found' });
  await oauth.revoke(refreshed.accessToken, owner);
}

/** An event's `event_context`, as the app's request URL receives it. */
async function deliveredEventContext(): Promise<string> {
  const contexts: string[] = [];
  const receiver = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      contexts.push((JSON.parse(body) as { event_context: string }).event_context);
      response.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  try {
    const { port } = receiver.address() as AddressInfo;
    await control(emulator.url, 'events/config', {
      requestUrl: `http://127.0.0.1:${port}/events`,
      signingSecret: 'contract',
    });
    await control(emulator.url, 'events/post', { channel: 'C0SECRET0', user: 'U0BOB0000', text: 'news' });
    return await vi.waitFor(() => contexts[0] ?? Promise.reject(new Error('not delivered yet')));
  } finally {
    await new Promise((resolve) => receiver.close(resolve));
  }
}

/** What is wrong with the logged calls of one method, by Slack's document: undeclared arguments, answer shapes. */
async function problemsOf(method: string): Promise<string[]> {
  const calls = (await emulatorRequests(emulator.url)).filter((call) => call.path === `/api/${method}`);
  expect(calls.length).toBeGreaterThan(0);
  return calls.flatMap((call) => {
    const declared = spec!.parametersOf(method)!;
    const sent = [...Object.keys(call.query), ...Object.keys((call.body ?? {}) as object)];
    const undeclared = sent
      .filter((name) => name !== 'token' && !declared.has(name))
      .map((name) => `sends ${name}`);
    const answer = {
      status: call.status,
      headers: new Headers(call.response.headers),
      body: call.response.body,
    };
    return [...undeclared, ...spec!.check(method, answer)];
  });
}

const title = spec
  ? 'the Slack emulator answers the connector as Slack’s OpenAPI document says'
  : 'the Slack emulator contract: skipped, shared/apis/slack/slack_web_openapi_v2.json was not found';

describe.skipIf(!spec)(title, () => {
  it('takes every argument the connector sends and gives every answer in Slack’s documented shape', async () => {
    await useEveryCall();
    const calls = (await emulatorRequests(emulator.url)).filter((call) => call.path.startsWith('/api/'));
    const methods = new Set(calls.map((call) => call.path.slice('/api/'.length)));
    expect([...methods].sort()).toEqual(
      [
        'auth.revoke',
        'chat.postMessage',
        'conversations.info',
        'oauth.v2.access',
        'search.messages',
        'usergroups.list',
        'users.conversations',
        'users.info',
      ].sort(),
    );
    const answers = calls.map((call) => call.response.body as { ok?: boolean; error?: string });
    // The errors the connector handles were met and checked as well.
    expect(answers.filter((body) => body.ok === false).map((body) => body.error)).toEqual(
      expect.arrayContaining([
        'invalid_code',
        'ratelimited',
        'plan_upgrade_required',
        'missing_scope',
        'user_not_found',
        'channel_not_found',
      ]),
    );
    const problems = calls.flatMap((call) => {
      const method = call.path.slice('/api/'.length);
      const declared = spec!.parametersOf(method)!;
      const sent = Object.keys((call.body ?? {}) as object).filter((name) => name !== 'token');
      const undeclared = sent.filter((name) => !declared.has(name)).map((name) => `sends ${name}`);
      const grant = (call.body as { grant_type?: string }).grant_type;
      const answer = {
        status: call.status,
        headers: new Headers(call.response.headers),
        body: call.response.body,
      };
      const shape = spec!.check(method, answer, grant === 'refresh_token' ? 'refresh' : undefined);
      return [...undeclared, ...shape].map((problem) => `${method}: ${problem}`);
    });
    expect([...new Set(problems)]).toEqual([]);
  });

  it('answers apps.event.authorizations.list, for an app-level token, in Slack’s documented shape', async () => {
    const eventContext = await deliveredEventContext();
    const ask = (token: string) =>
      fetch(`${emulator.url}/api/apps.event.authorizations.list?event_context=${eventContext}&limit=10`, {
        headers: { authorization: `Bearer ${token}` },
      }).then((response) => response.json());
    // The document's example shows one object; Slack's method page and changelog show a list, which it is.
    expect(await ask(TEST_SLACK_APP_TOKEN)).toEqual({
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
      response_metadata: { next_cursor: '' },
    });
    // Alice's own token was revoked by disconnecting above; Dan's is a live user token.
    expect(await ask('xoxp-test-dan')).toEqual({ ok: false, error: 'not_allowed_token_type' });
    expect(await problemsOf('apps.event.authorizations.list')).toEqual([]);
  });
});
