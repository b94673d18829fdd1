import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startChatworkEmulator } from '../chatwork/chatwork-emulator.ts';
import { defaultChatworkSeed } from '../chatwork/chatwork-seed.ts';
import { controlEmulator } from './control-client.ts';
import { credentialDigest, type CallCount } from './call-counts.ts';
import type { LoggedRequest } from './request-log.ts';
import type { RunningEmulator } from './emulator-server.ts';

// The control API is shared by every emulator; ChatWork's stands in for all of them here.
let emulator: RunningEmulator;
const apiToken = { 'x-chatworktoken': 'chatwork-api-token-aiko' };

beforeAll(async () => {
  emulator = await startChatworkEmulator();
});
afterAll(() => emulator.close());
beforeEach(() => controlEmulator(emulator.url, '/_control/reset'));

async function requests(): Promise<LoggedRequest[]> {
  return ((await (await fetch(`${emulator.url}/_control/requests`)).json()) as { requests: LoggedRequest[] })
    .requests;
}

function send(path: string, body: unknown) {
  return fetch(emulator.url + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

describe('emulator control API', () => {
  it('answers unknown routes with 501 JSON and logs them', async () => {
    const response = await fetch(`${emulator.url}/v2/contacts?x=1`, { headers: apiToken });
    expect(response.status).toBe(501);
    expect(await response.json()).toMatchObject({ error: 'not_implemented' });
    expect(await requests()).toEqual([
      {
        method: 'GET',
        path: '/v2/contacts',
        query: { x: '1' },
        body: null,
        status: 501,
        response: {
          headers: expect.objectContaining({ 'content-type': expect.stringMatching(/json/) }),
          body: expect.objectContaining({ error: 'not_implemented' }),
        },
        at: expect.any(String),
      },
    ]);
  });

  it('logs request bodies with credentials redacted, and clears the log', async () => {
    await fetch(`${emulator.url}/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: 'secret-value',
        client_secret: 's',
      }),
    });
    const [logged] = await requests();
    expect(logged).toMatchObject({
      path: '/token',
      status: 401,
      body: { grant_type: 'refresh_token', refresh_token: '[redacted]', client_secret: '[redacted]' },
    });
    expect(JSON.stringify(await requests())).not.toContain('secret-value');
    await fetch(`${emulator.url}/_control/requests`, { method: 'DELETE' });
    expect(await requests()).toEqual([]);
  });

  it('forces a status for N matching calls, by HTTP method and path pattern', async () => {
    await controlEmulator(emulator.url, '/_control/faults', {
      method: 'GET',
      path: '/v2/rooms/*/messages',
      status: 503,
      times: 2,
    });
    const first = await fetch(`${emulator.url}/v2/rooms/2003/messages?force=1`, { headers: apiToken });
    expect(first.status).toBe(503);
    expect(await first.json()).toHaveProperty('errors');
    expect((await fetch(`${emulator.url}/v2/rooms`, { headers: apiToken })).status).toBe(200);
    expect(
      (await fetch(`${emulator.url}/v2/rooms/2002/messages?force=1`, { headers: apiToken })).status,
    ).toBe(503);
    expect(
      (await fetch(`${emulator.url}/v2/rooms/2002/messages?force=1`, { headers: apiToken })).status,
    ).toBe(200);
  });

  it('adds latency until the faults are cleared', async () => {
    await controlEmulator(emulator.url, '/_control/faults', { latencyMs: 600 });
    const started = performance.now();
    expect((await fetch(`${emulator.url}/v2/me`, { headers: apiToken })).status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(590);
    await fetch(`${emulator.url}/_control/faults`, { method: 'DELETE' });
    const again = performance.now();
    await fetch(`${emulator.url}/v2/me`, { headers: apiToken });
    // A wide margin: only the injected delay could make a local call this slow.
    expect(performance.now() - again).toBeLessThan(500);
  });

  it('sends 429 with Retry-After when a fault names only retryAfter', async () => {
    await controlEmulator(emulator.url, '/_control/faults', { path: '/v2/me', retryAfter: 30, times: 1 });
    const response = await fetch(`${emulator.url}/v2/me`, { headers: apiToken });
    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after')).toBe('30');
  });

  it('replaces the state with a posted seed, which reset then returns to', async () => {
    const seed = defaultChatworkSeed();
    seed.accounts[0] = { ...seed.accounts[0], account_id: 1001, name: 'Renamed Aiko' };
    expect((await send('/_control/seed', seed)).status).toBe(200);
    const me = async () => (await (await fetch(`${emulator.url}/v2/me`, { headers: apiToken })).json()).name;
    expect(await me()).toBe('Renamed Aiko');
    await controlEmulator(emulator.url, '/_control/reset');
    expect(await me()).toBe('Renamed Aiko');
  });

  it('rejects malformed control requests with 400 and changes nothing', async () => {
    const badSeed = await send('/_control/seed', { apps: [], accounts: [{ account_id: 'x' }] });
    expect(badSeed.status).toBe(400);
    expect((await badSeed.json()).message).toContain('account_id');
    expect((await send('/_control/faults', { status: 'teapot' })).status).toBe(400);
    expect((await send('/_control/settings', { autoApprove: 'yes' })).status).toBe(400);
    expect((await send('/_control/clock', { now: 'tomorrow' })).status).toBe(400);
    expect((await fetch(`${emulator.url}/v2/me`, { headers: apiToken })).status).toBe(200);
  });

  it('sets and advances the clock, and reset returns it to real time', async () => {
    const set = (await (await send('/_control/clock', { now: '2030-01-01T00:00:00.000Z' })).json()) as {
      now: string;
    };
    expect(set.now.startsWith('2030-01-01T00:00:0')).toBe(true);
    const advanced = (await (await send('/_control/clock', { advanceMs: 3_600_000 })).json()) as {
      now: string;
    };
    expect(advanced.now.startsWith('2030-01-01T01:00:0')).toBe(true);
    await controlEmulator(emulator.url, '/_control/reset');
    const clock = (await (await fetch(`${emulator.url}/_control/clock`)).json()) as { now: string };
    expect(Math.abs(Date.parse(clock.now) - Date.now())).toBeLessThan(5_000);
  });

  it('counts API calls by a digest of their credential, method and second, refusals apart, until reset', async () => {
    const otherToken = { authorization: 'Bearer someone-else' };
    await send('/_control/faults', { path: '/v2/rooms', status: 429, times: 1 });
    await fetch(`${emulator.url}/v2/me`, { headers: apiToken });
    await fetch(`${emulator.url}/v2/me`, { headers: apiToken });
    await fetch(`${emulator.url}/v2/rooms`, { headers: apiToken });
    await fetch(`${emulator.url}/v2/me`, { headers: otherToken });
    await fetch(`${emulator.url}/v2/me`);
    const calls = async () =>
      ((await (await fetch(`${emulator.url}/_control/calls`)).json()) as { calls: CallCount[] }).calls;
    const counted = await calls();
    const total = (credential: string, method: string, refused: boolean) =>
      counted
        .filter(
          (call) => call.credential === credential && call.method === method && call.refused === refused,
        )
        .reduce((sum, call) => sum + call.count, 0);
    const aiko = credentialDigest('chatwork-api-token-aiko');
    expect(total(aiko, '/v2/me', false)).toBe(2);
    expect(total(aiko, '/v2/rooms', true)).toBe(1);
    expect(total(credentialDigest('someone-else'), '/v2/me', false)).toBe(1);
    expect(counted.reduce((sum, call) => sum + call.count, 0)).toBe(4);
    expect(JSON.stringify(counted)).not.toContain('chatwork-api-token-aiko');
    await controlEmulator(emulator.url, '/_control/reset');
    expect(await calls()).toEqual([]);
  });
});
