import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startChatworkEmulator } from '../../../../emulators/chatwork/chatwork-emulator.ts';
import { defaultChatworkSeed } from '../../../../emulators/chatwork/chatwork-seed.ts';
import { loadSettings } from '../../config.ts';
import { control, emulatorRequests } from '../../test/emulator-helpers.ts';
import { loadChatworkSpec } from '../../test/provider-specs.ts';
import type { ConnectorAccount } from '../connector-account.ts';
import { chatworkConnectors, chatworkRedirectUri, connectChatwork } from '../../test/connector-helpers.ts';
import { chatworkBudgetKey } from './chatwork-client.ts';
import { gatherChatwork } from './chatwork-inbound.ts';
import { CHATWORK_SCOPES } from './chatwork-oauth.ts';
import { postChatworkReply } from './chatwork-outbound.ts';

/**
 * The ChatWork emulator held to ChatWork's own RAML (shared/apis/chatwork, read at test time, never copied): the
 * real connector connects, gathers and replies against the emulator, meeting the errors it handles on the way,
 * and every answer it got is checked against the RAML's JSON schemas and status codes (with the short list of the
 * RAML's known defects undone, in `provider-specs.ts`).
 */
const spec = loadChatworkSpec();

function seed() {
  const base = defaultChatworkSeed();
  // A room with nothing in it yet: ChatWork answers its message list with 204.
  base.rooms.push({
    room_id: 2004,
    name: 'Quiet room',
    type: 'group',
    members: [
      { account_id: 1001, role: 'member' },
      { account_id: 1002, role: 'admin' },
    ],
  });
  return base;
}

let emulator: { url: string; close(): Promise<void> };
beforeAll(async () => {
  emulator = await startChatworkEmulator({ seed: seed() });
});
afterAll(async () => emulator?.close());

/** Everything the connector does with ChatWork, errors included. */
async function useEveryCall() {
  const { api, oauth } = chatworkConnectors(emulator.url);
  const account: ConnectorAccount = {
    connectionId: 'c1',
    platformUserId: '1001',
    accountName: 'Aiko Tanaka',
    workspaceId: null,
    workspaceName: null,
  };
  const owner = { platformUserId: '1001', workspaceId: null };
  await control(emulator.url, 'settings', { autoApprove: true, approveAs: '1001' });
  const { tokens } = await connectChatwork(oauth);
  await expect(
    oauth.exchangeCode({
      code: 'never-issued',
      redirectUri: chatworkRedirectUri,
      codeVerifier: 'v'.repeat(64),
      userId: 'u1',
    }),
  ).rejects.toMatchObject({ failure: 'refresh_rejected' });
  const refreshed = await oauth.refresh(tokens.refreshToken!, owner);
  const aiko = api(refreshed.accessToken, chatworkBudgetKey(1001));

  await control(emulator.url, 'faults', { path: '/v2/rooms', retryAfter: 1, times: 1 });
  const gathered = await gatherChatwork(aiko, account);
  expect(gathered.messages.length).toBeGreaterThan(0);
  await postChatworkReply(aiko, '2003', 'Thanks, on it!');
  await expect(postChatworkReply(aiko, '9999', 'Hello?')).rejects.toMatchObject({ failure: 'not_found' });
  await expect(api('not-a-token', 'nobody').rooms()).rejects.toMatchObject({ failure: 'unauthorized' });
}

/** The RAML resource a logged path belongs to: `/v2/rooms/2003/messages` is `/rooms/{room_id}/messages`. */
function resourceOf(path: string): string {
  return path
    .replace(/^\/v2/, '')
    .replace(/^\/rooms\/\d+/, '/rooms/{room_id}')
    .replace(/\/messages\/\d+$/, '/messages/{message_id}');
}

const title = spec
  ? 'the ChatWork emulator answers the connector as ChatWork’s RAML says'
  : 'the ChatWork emulator contract: skipped, shared/apis/chatwork/api-ja.raml was not found';

describe.skipIf(!spec)(title, () => {
  it('sends the browser to the consent page the RAML names, by default and in the emulator', async () => {
    expect(spec!.authorizationUri).toBe('https://www.chatwork.com/packages/oauth2/login.php');
    expect(loadSettings({}).CHATWORK_AUTHORIZE_URL).toBe(spec!.authorizationUri);
    expect(loadSettings({}).CHATWORK_TOKEN_URL).toBe(spec!.accessTokenUri);
    const consentPath = new URL(spec!.authorizationUri).pathname;
    const page = await fetch(`${emulator.url}${consentPath}?response_type=code`);
    expect(page.status).not.toBe(501);
  });

  it('asks only for scopes the RAML lets the calls it makes use', () => {
    const needed = [
      spec!.scopesOf('GET', '/me'),
      spec!.scopesOf('GET', '/rooms'),
      spec!.scopesOf('GET', '/rooms/{room_id}/messages'),
      spec!.scopesOf('POST', '/rooms/{room_id}/messages'),
    ];
    for (const scopes of needed) expect(scopes?.some((scope) => CHATWORK_SCOPES.includes(scope))).toBe(true);
  });

  it('gives every answer the connector gets in the RAML’s schemas and status codes', async () => {
    await useEveryCall();
    const calls = await emulatorRequests(emulator.url);
    const api = calls.filter((call) => call.path.startsWith('/v2/'));
    expect(new Set(api.map((call) => `${call.method} ${resourceOf(call.path)}`))).toEqual(
      new Set([
        'GET /me',
        'GET /rooms',
        'GET /rooms/{room_id}',
        'GET /rooms/{room_id}/messages',
        'POST /rooms/{room_id}/messages',
      ]),
    );
    // The answers the connector handles besides success were met and checked as well.
    expect(new Set(api.map((call) => call.status))).toEqual(new Set([200, 204, 401, 404, 429]));
    const problems = api.flatMap((call) =>
      spec!
        .check(call.method, resourceOf(call.path), { status: call.status, body: call.response.body })
        .map((problem) => `${call.method} ${call.path} ${call.status}: ${problem}`),
    );
    const tokens = calls.filter((call) => call.path === '/token');
    expect(new Set(tokens.map((call) => call.status))).toEqual(new Set([200, 400]));
    problems.push(
      ...tokens.flatMap((call) =>
        spec!
          .checkToken({ status: call.status, body: call.response.body })
          .map((problem) => `/token: ${problem}`),
      ),
    );
    expect([...new Set(problems)]).toEqual([]);
  });
});
