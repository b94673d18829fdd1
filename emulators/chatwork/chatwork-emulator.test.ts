import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { controlEmulator, submitConsent } from '../core/control-client.ts';
import type { RunningEmulator } from '../core/emulator-server.ts';
import { startChatworkEmulator } from './chatwork-emulator.ts';
import { chatworkMessageId } from './chatwork-seed.ts';

const redirectUri = 'http://127.0.0.1:9999/api/chatwork/callback';
const basic = `Basic ${Buffer.from('chatwork-client:chatwork-secret').toString('base64')}`;
const scope = 'users.profile.me:read rooms.info:read rooms.messages:read rooms.messages:write';

let emulator: RunningEmulator;

beforeAll(async () => {
  emulator = await startChatworkEmulator();
});
afterAll(() => emulator.close());
beforeEach(() => control('/_control/reset'));

function control(path: string, body?: unknown) {
  return controlEmulator(emulator.url, path, body);
}

function pkce() {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

function authorizeUrl(challenge: string, extra: Record<string, string> = {}) {
  const params = new URLSearchParams({
    response_type: 'code',
    client_id: 'chatwork-client',
    redirect_uri: redirectUri,
    scope,
    state: 'state-1',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    ...extra,
  });
  return `${emulator.url}/packages/oauth2/login.php?${params}`;
}

/** Submits the consent form the way a browser would and returns where it redirects. */
function consent(challenge: string, decision: 'allow' | 'deny', account = '1001'): Promise<URL> {
  return submitConsent(authorizeUrl(challenge), account, decision);
}

async function exchange(code: string, verifier: string, uri = redirectUri) {
  return fetch(`${emulator.url}/token`, {
    method: 'POST',
    headers: { authorization: basic, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: uri,
      code_verifier: verifier,
    }),
  });
}

async function connect(account = '1001') {
  const { verifier, challenge } = pkce();
  const location = await consent(challenge, 'allow', account);
  const response = await exchange(location.searchParams.get('code') ?? '', verifier);
  expect(response.status).toBe(200);
  return (await response.json()) as {
    access_token: string;
    refresh_token: string;
    expires_in: number;
    scope: string;
  };
}

function api(path: string, token: string, init: RequestInit = {}) {
  return fetch(`${emulator.url}/v2${path}`, {
    ...init,
    headers: { authorization: `Bearer ${token}`, ...init.headers },
  });
}

describe('ChatWork OAuth', () => {
  it('shows a consent page with the scopes and a labelled account choice', async () => {
    const html = await (await fetch(authorizeUrl(pkce().challenge))).text();
    expect(html).toContain('<label for="account">Sign in as</label>');
    expect(html).toContain('rooms.messages:write');
    expect(html).toContain('Aiko Tanaka');
    expect(html).toMatch(/<button[^>]*>Allow<\/button>/);
    expect(html).toMatch(/<button[^>]*>Deny<\/button>/);
  });

  it('rejects an authorize request without PKCE S256 or with an unknown client', async () => {
    const plain = await fetch(authorizeUrl(pkce().challenge, { code_challenge_method: 'plain' }));
    expect(plain.status).toBe(400);
    expect(await plain.text()).toContain('18000');
    const unknown = await fetch(authorizeUrl(pkce().challenge, { client_id: 'nobody' }));
    expect(unknown.status).toBe(400);
  });

  it('accepts only https redirect URIs, and plain http for loopback hosts', async () => {
    const challenge = pkce().challenge;
    for (const uri of ['http://matome.example/api/chatwork/callback', 'http://10.0.0.5/callback']) {
      const refused = await fetch(authorizeUrl(challenge, { redirect_uri: uri }));
      expect(refused.status, uri).toBe(400);
      expect(await refused.text()).toContain('14000');
    }
    for (const uri of [
      'https://matome.example/api/chatwork/callback',
      'http://localhost:3000/api/chatwork/callback',
      'http://127.0.0.1:3000/api/chatwork/callback',
      'http://[::1]:3000/api/chatwork/callback',
    ]) {
      expect((await fetch(authorizeUrl(challenge, { redirect_uri: uri }))).status, uri).toBe(200);
    }
  });

  it('redirects with access_denied and the state when the user denies', async () => {
    const location = await consent(pkce().challenge, 'deny');
    expect(location.searchParams.get('error')).toBe('access_denied');
    expect(location.searchParams.get('state')).toBe('state-1');
    expect(location.searchParams.has('code')).toBe(false);
  });

  it('exchanges a code once, with Basic client auth and the PKCE verifier, for 15-minute tokens', async () => {
    const { verifier, challenge } = pkce();
    const location = await consent(challenge, 'allow');
    expect(location.origin + location.pathname).toBe(redirectUri);
    expect(location.searchParams.get('state')).toBe('state-1');
    const code = location.searchParams.get('code') ?? '';

    const response = await exchange(code, verifier);
    expect(response.status).toBe(200);
    const tokens = await response.json();
    expect(tokens).toMatchObject({ token_type: 'Bearer', expires_in: 900, scope });
    const claims = JSON.parse(Buffer.from(tokens.access_token.split('.')[1], 'base64url').toString());
    expect(claims).toMatchObject({ account_id: '1001', client_id: 'chatwork-client' });
    expect(claims.exp - claims.iat).toBe(900);

    const replay = await exchange(code, verifier);
    expect(replay.status).toBe(400);
    expect(await replay.json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('refuses a wrong verifier, a different redirect URI and bad client credentials', async () => {
    const first = pkce();
    const wrongVerifier = await exchange(
      (await consent(first.challenge, 'allow')).searchParams.get('code') ?? '',
      pkce().verifier,
    );
    expect(wrongVerifier.status).toBe(400);

    const second = pkce();
    const code = (await consent(second.challenge, 'allow')).searchParams.get('code') ?? '';
    const otherUri = await exchange(code, second.verifier, 'http://127.0.0.1:9999/elsewhere');
    expect(otherUri.status).toBe(400);

    const badClient = await fetch(`${emulator.url}/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from('chatwork-client:wrong').toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ grant_type: 'authorization_code', code: 'x' }),
    });
    expect(badClient.status).toBe(401);
    expect(await badClient.json()).toMatchObject({ error: 'invalid_client' });
  });

  it('expires codes after a minute on the emulator clock', async () => {
    const { verifier, challenge } = pkce();
    const code = (await consent(challenge, 'allow')).searchParams.get('code') ?? '';
    await control('/_control/clock', { advanceMs: 61_000 });
    expect((await exchange(code, verifier)).status).toBe(400);
  });

  it('approves at once as the chosen account when auto-approve is on', async () => {
    await control('/_control/settings', { autoApprove: true, approveAs: 1002 });
    const { verifier, challenge } = pkce();
    const response = await fetch(authorizeUrl(challenge), { redirect: 'manual' });
    expect(response.status).toBe(302);
    const code = new URL(response.headers.get('location') ?? '').searchParams.get('code') ?? '';
    const tokens = await (await exchange(code, verifier)).json();
    const me = await (await api('/me', tokens.access_token)).json();
    expect(me).toMatchObject({ account_id: 1002, name: 'Ben Carter' });
  });

  it('expires access tokens after 15 minutes and refreshes them with a rotating refresh token', async () => {
    const tokens = await connect();
    await control('/_control/clock', { advanceMs: 15 * 60 * 1000 });
    const expired = await api('/me', tokens.access_token);
    expect(expired.status).toBe(401);
    expect(expired.headers.get('www-authenticate')).toContain('error="invalid_token"');

    const refresh = (refreshToken: string, extra: Record<string, string> = {}) =>
      fetch(`${emulator.url}/token`, {
        method: 'POST',
        headers: { authorization: basic, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refreshToken, ...extra }),
      });
    const widened = await refresh(tokens.refresh_token, { scope: 'rooms.all:read_write' });
    expect(widened.status).toBe(400);
    expect(await widened.json()).toMatchObject({ error: 'invalid_scope' });
    const refreshed = await refresh(tokens.refresh_token);
    expect(refreshed.status).toBe(200);
    const next = await refreshed.json();
    expect(next.refresh_token).not.toBe(tokens.refresh_token);
    expect((await api('/me', next.access_token)).status).toBe(200);
    expect((await refresh(tokens.refresh_token)).status).toBe(400);
  });
});

describe('ChatWork API v2', () => {
  it('lists the rooms of the signed-in account, naming direct chats after the other member', async () => {
    const { access_token } = await connect();
    const rooms = await (await api('/rooms', access_token)).json();
    expect(rooms.map((room: { type: string }) => room.type).sort()).toEqual(['direct', 'group', 'my']);
    expect(rooms.find((room: { type: string }) => room.type === 'direct')).toMatchObject({
      name: 'Ben Carter',
      role: 'admin',
    });
    const group = await (await api('/rooms/2003', access_token)).json();
    expect(group).toMatchObject({
      room_id: 2003,
      name: 'Project Matome',
      description: 'Launch planning',
      message_num: 4,
    });
    expect((await api('/rooms/999', access_token)).status).toBe(404);
  });

  it('returns messages with string ids above 2^53, force=0 only once and 204 when nothing is new', async () => {
    const { access_token } = await connect();
    const unread = await api('/rooms/2003/messages?force=0', access_token);
    const raw = await unread.text();
    expect(raw).toContain(`"message_id":"${chatworkMessageId(3)}"`);
    const messages = JSON.parse(raw);
    expect(messages).toHaveLength(4);
    expect(BigInt(messages[0].message_id) > 2n ** 53n).toBe(true);
    expect(messages[0]).toMatchObject({ account: { account_id: 1002, name: 'Ben Carter' }, update_time: 0 });

    // The cursor belongs to this token: a second force=0 has nothing new; force=1 still returns the latest.
    expect((await api('/rooms/2003/messages?force=0', access_token)).status).toBe(204);
    expect(await (await api('/rooms/2003/messages?force=1', access_token)).json()).toHaveLength(4);
    const other = await connect();
    expect((await api('/rooms/2003/messages?force=0', other.access_token)).status).toBe(200);

    const one = await (await api(`/rooms/2003/messages/${chatworkMessageId(6)}`, access_token)).json();
    expect(one.body).toContain('[toall]');
  });

  it('keeps only the latest 100 messages in the list', async () => {
    const { access_token } = await connect();
    for (let index = 0; index < 101; index += 1) {
      await api('/rooms/2001/messages', access_token, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ body: `note ${index}` }),
      });
    }
    const messages = await (await api('/rooms/2001/messages?force=1', access_token)).json();
    expect(messages).toHaveLength(100);
    expect(messages.at(-1).body).toBe('note 100');
  });

  it('posts a form-encoded message, and rejects a JSON body as the real API does', async () => {
    const { access_token } = await connect();
    const posted = await api('/rooms/2002/messages', access_token, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ body: '[rp aid=1002 to=2002-1]Ben Carterさん\nYes!', self_unread: '0' }),
    });
    expect(posted.status).toBe(200);
    const { message_id } = await posted.json();
    expect(message_id).toMatch(/^\d+$/);
    const latest = await (await api('/rooms/2002/messages?force=1', access_token)).json();
    expect(latest.at(-1)).toMatchObject({ message_id, account: { account_id: 1001 } });

    const json = await api('/rooms/2002/messages', access_token, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ body: 'hello' }),
    });
    expect(json.status).toBe(400);
    expect(await json.json()).toEqual({ errors: ["Parameter 'body' is required"] });
  });

  it('creates a group room that includes the caller as an admin', async () => {
    const tokens = await connect();
    const response = await fetch(`${emulator.url}/v2/rooms`, {
      method: 'POST',
      headers: {
        'x-chatworktoken': 'chatwork-api-token-aiko',
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ name: 'Matome log', members_admin_ids: '1001', icon_preset: 'document' }),
    });
    expect(response.status).toBe(200);
    const { room_id } = await response.json();
    expect(room_id).toBeTypeOf('number');
    // The OAuth token above lacks rooms:write, so it may not do the same.
    const denied = await api('/rooms', tokens.access_token, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ name: 'Nope', members_admin_ids: '1001' }),
    });
    expect(denied.status).toBe(403);
  });

  it('answers 401 with WWW-Authenticate for an unknown bearer token', async () => {
    const response = await api('/me', 'not-a-token');
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toContain('Bearer error="invalid_token"');
    expect(await response.json()).toEqual({ errors: ['Invalid API token'] });
  });

  it('allows 300 requests per 5 minutes per account, with X-RateLimit headers, then 429 until the window resets', async () => {
    const { access_token } = await connect();
    const second = (await connect()).access_token;
    const first = await api('/me', access_token);
    expect(first.headers.get('x-ratelimit-limit')).toBe('300');
    expect(first.headers.get('x-ratelimit-remaining')).toBe('299');
    const reset = Number(first.headers.get('x-ratelimit-reset'));
    // Every token of the account counts against the same 300.
    for (let index = 1; index < 300; index += 1) await api('/me', index % 2 ? second : access_token);
    const limited = await api('/me', access_token);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(Number(limited.headers.get('x-ratelimit-reset'))).toBe(reset);
    await control('/_control/clock', { advanceMs: 5 * 60 * 1000 });
    expect((await api('/me', access_token)).status).toBe(200);
  });
});
