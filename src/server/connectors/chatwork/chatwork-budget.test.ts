import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startChatworkEmulator } from '../../../../emulators/chatwork/chatwork-emulator.ts';
import { defaultChatworkSeed, type ChatworkSeed } from '../../../../emulators/chatwork/chatwork-seed.ts';
import { control, emulatorRequests } from '../../test/emulator-helpers.ts';
import type { ConnectorAccount } from '../connector-account.ts';
import { ProviderError } from '../provider-error.ts';
import { chatworkConnectors, connectChatwork } from '../../test/connector-helpers.ts';
import { CHATWORK_BUDGET, chatworkBudgetKey } from './chatwork-client.ts';
import { CHATWORK_ROOMS_PER_GATHER, gatherChatwork } from './chatwork-inbound.ts';

/**
 * ChatWork's 300 calls per 5 minutes, counted as ChatWork counts them: per account, the sign-in's `GET /me`
 * included, so Matome stops itself at the 300th call and ChatWork never has to answer 429.
 */

let emulator: { url: string; close(): Promise<void> };

/** The default seed, with Aiko in 22 group rooms besides her own: more than one gathering reads. */
function seed(): ChatworkSeed {
  const base = defaultChatworkSeed();
  for (let n = 0; n < 22; n += 1) {
    base.rooms.push({
      room_id: 5000 + n,
      name: `Room ${n}`,
      type: 'group',
      members: [
        { account_id: 1001, role: 'member' },
        { account_id: 1002, role: 'admin' },
      ],
    });
  }
  return base;
}

beforeAll(async () => {
  emulator = await startChatworkEmulator({ seed: seed() });
});
afterAll(async () => emulator?.close());
beforeEach(async () => {
  await control(emulator.url, 'reset');
  await control(emulator.url, 'settings', { autoApprove: true, approveAs: '1001' });
});

const account: ConnectorAccount = {
  connectionId: 'connection-1',
  platformUserId: '1001',
  accountName: 'Aiko Tanaka',
  workspaceId: null,
  workspaceName: 'Matome Inc.',
};

async function apiCalls() {
  return (await emulatorRequests(emulator.url)).filter((call) => call.path.startsWith('/v2/'));
}

describe('ChatWork call budget', () => {
  it('makes 21 calls per gathering: the room list and the 20 most recently updated rooms', async () => {
    const { api, oauth } = chatworkConnectors(emulator.url);
    const { tokens } = await connectChatwork(oauth);
    await fetch(`${emulator.url}/_control/requests`, { method: 'DELETE' });
    const gathered = await gatherChatwork(api(tokens.accessToken, chatworkBudgetKey(1001)), account);
    expect(gathered.checked).toBe(CHATWORK_ROOMS_PER_GATHER);
    expect(await apiCalls()).toHaveLength(CHATWORK_ROOMS_PER_GATHER + 1);
  });

  it('counts the sign-in’s GET /me against the account and stops at ChatWork’s 300th call', async () => {
    const { api, oauth } = chatworkConnectors(emulator.url);
    const { tokens } = await connectChatwork(oauth);
    const token = api(tokens.accessToken, chatworkBudgetKey(1001));
    let stopped: unknown;
    for (let gathering = 0; gathering < 20 && !stopped; gathering += 1) {
      stopped = await gatherChatwork(token, account).then(
        () => undefined,
        (error: unknown) => error,
      );
    }
    expect(stopped).toBeInstanceOf(ProviderError);
    expect((stopped as ProviderError).failure).toBe('rate_limited');
    const calls = await apiCalls();
    expect(calls.filter((call) => call.status === 429)).toEqual([]);
    expect(calls).toHaveLength(CHATWORK_BUDGET.points);
  });

  it('takes ChatWork’s own count when another client of the account has used some of it', async () => {
    const { api, oauth } = chatworkConnectors(emulator.url);
    const { tokens } = await connectChatwork(oauth);
    // Another app (or another Matome server) spends 250 of the account's calls.
    for (let call = 0; call < 250; call += 1) {
      await fetch(`${emulator.url}/v2/me`, { headers: { 'x-chatworktoken': 'chatwork-api-token-aiko' } });
    }
    const token = api(tokens.accessToken, chatworkBudgetKey(1001));
    await gatherChatwork(token, account);
    await gatherChatwork(token, account);
    await expect(gatherChatwork(token, account)).rejects.toMatchObject({ failure: 'rate_limited' });
    expect((await apiCalls()).filter((call) => call.status === 429)).toEqual([]);
  });
});
