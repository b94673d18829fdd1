import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { startSlackEmulator } from '../../../../emulators/slack/slack-emulator.ts';
import { defaultSlackSeed } from '../../../../emulators/slack/slack-seed.ts';
import {
  messageResultSchemas,
  type Platform,
  type SlackSourceMessage,
  type SourceMessage,
} from '../../../contract/messages.ts';
import {
  placeOf,
  ruleSchema,
  rulesResponseSchema,
  senderOf,
  type RuleInput,
} from '../../../contract/rules.ts';
import { dataResponseSchema, tagRecordSchema } from '../../../contract/tags.ts';
import { createInProcessLiveEvents, type LiveEvent } from '../../lib/live-events.ts';
import { bearer, registerUser } from '../../test/auth-helpers.ts';
import { connectAccount, control } from '../../test/emulator-helpers.ts';
import { postSlackEvent, slackEmulatorSettings } from '../../test/slack-events.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

const SECRET = 'rules-signing-secret';
const TESTERS = ['rules-1@example.com', 'rules-2@example.com', 'rules-3@example.com'];
let emulator: { url: string; close(): Promise<void> };
let testApp: TestApp;
const liveEvents = createInProcessLiveEvents();

beforeAll(async () => {
  emulator = await startSlackEmulator({ seed: defaultSlackSeed(Date.now()) });
  testApp = await createTestApp(
    { ...slackEmulatorSettings(emulator.url, SECRET), TEST_MODE_EMAILS: TESTERS.join(',') },
    { liveEvents },
  );
});
afterAll(async () => {
  await testApp?.close();
  await emulator?.close();
});
beforeEach(async () => {
  await control(emulator.url, 'reset');
  await control(emulator.url, 'settings', { autoApprove: true });
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
function call(method: Method, url: string, token: string, payload?: unknown) {
  return testApp.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
}

async function messagesOf(token: string, platform: Platform): Promise<SourceMessage[]> {
  const response = await call('GET', `/api/${platform}/messages`, token);
  expect(response.statusCode, response.body).toBe(200);
  return messageResultSchemas[platform].parse(response.json()).messages;
}

async function addRule(token: string, rule: RuleInput) {
  const response = await call('POST', '/api/rules', token, rule);
  expect(response.statusCode, response.body).toBe(201);
  return ruleSchema.parse(response.json());
}

async function tester(index: number, language: 'en' | 'jp') {
  const token = (await registerUser(testApp.app, { email: TESTERS[index]! })).tokens.accessToken;
  const switched = await call('PUT', '/api/test-mode', token, { enabled: true, language });
  expect(switched.statusCode, switched.body).toBe(200);
  return token;
}

const has = (message: SourceMessage, word: string) => message.content.includes(word);
const marks = (message: SourceMessage) => ({
  important: message.important ?? false,
  muted: message.muted ?? false,
  notify: message.notify ?? null,
});

describe('rules on gathered messages', () => {
  it('mark, mute and tag sample messages by their Japanese words, half-width katakana included', async () => {
    const token = await tester(0, 'jp');
    const before = [...(await messagesOf(token, 'slack')), ...(await messagesOf(token, 'chatwork'))];
    expect(before.some((message) => message.important || message.muted)).toBe(false);
    const tag = dataResponseSchema(z.array(tagRecordSchema)).parse(
      (await call('GET', '/api/tags', token)).json(),
    ).data[0]!;
    await addRule(token, { conditions: { words: 'ﾚﾋﾞｭｰ' }, actions: { important: true, tag_ids: [tag.id] } });
    await addRule(token, { conditions: { words: '請求書' }, actions: { mute: true, notify: 'never' } });

    const after = [...(await messagesOf(token, 'slack')), ...(await messagesOf(token, 'chatwork'))];
    const reviews = after.filter((message) => has(message, 'レビュー'));
    const invoices = after.filter((message) => has(message, '請求書'));
    expect(reviews.length).toBeGreaterThan(0);
    expect(invoices.length).toBeGreaterThan(0);
    for (const message of reviews) {
      expect(message.important).toBe(true);
      expect(message.tags.map((each) => each.id)).toContain(tag.id);
    }
    for (const message of invoices) expect(marks(message)).toMatchObject({ muted: true, notify: false });
    for (const message of after.filter((each) => !has(each, 'レビュー') && !has(each, '請求書')))
      expect(marks(message)).toEqual({ important: false, muted: false, notify: null });
  });

  it('apply only the first matching rule in first-match mode, and every one in all-matches mode', async () => {
    const token = await tester(1, 'en');
    const [sample] = await messagesOf(token, 'slack');
    const place = placeOf(sample!);
    await addRule(token, { conditions: { places: [place] }, actions: { notify: 'never' } });
    await addRule(token, {
      conditions: { platforms: ['slack'] },
      actions: { important: true, notify: 'always' },
    });
    const inPlace = async () =>
      (await messagesOf(token, 'slack')).filter((message) => placeOf(message).id === place.id).map(marks);

    for (const message of await inPlace())
      expect(message).toEqual({ important: true, muted: false, notify: false });
    await call('PUT', '/api/rules/settings', token, { match_mode: 'first', quiet_hours: null });
    for (const message of await inPlace())
      expect(message).toEqual({ important: false, muted: false, notify: false });
    expect((await messagesOf(token, 'chatwork')).every((message) => message.important === undefined)).toBe(
      true,
    );
  });
});

let eventCounter = 0;
function postEvent(channel: string, user: string, text: string) {
  eventCounter += 1;
  return postSlackEvent(testApp.app, SECRET, {
    type: 'event_callback',
    team_id: 'T0ACME001',
    api_app_id: 'A0MATOME',
    event_id: `EvRules${Date.now()}${eventCounter}`,
    event_time: Math.floor(Date.now() / 1000),
    event: {
      type: 'message',
      channel,
      channel_type: 'channel',
      user,
      text,
      ts: `${Math.floor(Date.now() / 1000)}.${String(eventCounter).padStart(6, '0')}`,
    },
    authorizations: [{ team_id: 'T0ACME001', user_id: 'U0ALICE00', is_bot: false }],
  });
}

describe('rules on a connected Slack account', () => {
  it('apply to what is there and to a live mention, and a rule naming a deleted tag or connection is skipped', async () => {
    const registered = await registerUser(testApp.app);
    const token = registered.tokens.accessToken;
    await connectAccount(testApp.app, 'slack', token);
    const first = (await messagesOf(token, 'slack')) as SlackSourceMessage[];
    const live: SlackSourceMessage[] = [];
    let rulesChanged = 0;
    const stop = await liveEvents.subscribe(registered.user.id, (event: LiveEvent) => {
      if (event.type === 'messages') live.push(...(event.messages as SlackSourceMessage[]));
      if (event.type === 'rules_changed') rulesChanged += 1;
    });
    const connectionId = first[0]!.account_info.connection_id;
    const tag = dataResponseSchema(tagRecordSchema).parse(
      (await call('POST', '/api/tags', token, { name: 'Launch' })).json(),
    ).data;

    await addRule(token, {
      conditions: { places: [{ platform: 'slack', id: 'C0SECRET0' }] },
      actions: { mute: true },
    });
    // The person's other devices hear of the change and ask for their messages again.
    expect(rulesChanged).toBe(1);
    await addRule(token, {
      conditions: { senders: [{ platform: 'slack', id: 'U0CAROL00' }] },
      actions: { important: true },
    });
    const tagRule = await addRule(token, { conditions: { words: 'SHIP' }, actions: { tag_ids: [tag.id] } });
    await addRule(token, {
      conditions: { connection_ids: [connectionId], types: ['dm'] },
      actions: { notify: 'always' },
    });

    const now = await messagesOf(token, 'slack');
    expect(now.filter((message) => placeOf(message).id === 'C0SECRET0').length).toBeGreaterThan(0);
    for (const message of now) {
      expect(message.muted ?? false).toBe(placeOf(message).id === 'C0SECRET0');
      expect(message.important ?? false).toBe(senderOf(message).id === 'U0CAROL00');
      expect(message.notify ?? null).toBe(message.is_dm ? true : null);
    }

    expect((await postEvent('C0GENERAL', 'U0CAROL00', '<@U0ALICE00> ship it?')).statusCode).toBe(200);
    expect((await postEvent('C0SECRET0', 'U0BOB0000', '<@U0ALICE00> muted here')).statusCode).toBe(200);
    await vi.waitFor(() => expect(live).toHaveLength(2));
    const [shipIt, mutedHere] = live;
    expect(shipIt).toMatchObject({ important: true, muted: false });
    expect(shipIt!.tags.map((each) => each.name)).toEqual(['Launch']);
    expect(mutedHere).toMatchObject({ important: false, muted: true });
    // The inbox holds them with the same marks, without a new gathering.
    const withLive = await messagesOf(token, 'slack');
    expect(
      withLive.find((message) => message.content.includes('ship it'))?.tags.map((each) => each.id),
    ).toEqual([tag.id]);

    expect((await call('DELETE', `/api/tags/${tag.id}`, token)).statusCode).toBe(200);
    const listed = rulesResponseSchema.parse((await call('GET', '/api/rules', token)).json()).rules;
    expect(listed.find((rule) => rule.id === tagRule.id)?.problems).toEqual(['tag_missing']);
    const untagged = await messagesOf(token, 'slack');
    const shipped = untagged.find((message) => message.content.includes('ship it'))!;
    expect(shipped).toMatchObject({ tags: [], important: true });

    expect((await call('DELETE', `/api/slack/disconnect/${connectionId}`, token)).statusCode).toBeLessThan(
      300,
    );
    const afterDisconnect = rulesResponseSchema.parse((await call('GET', '/api/rules', token)).json()).rules;
    expect(afterDisconnect.at(-1)?.problems).toEqual(['connection_missing']);
    expect(await messagesOf(token, 'slack')).toEqual([]);
    await stop();
  });
});
