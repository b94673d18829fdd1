import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  RULE_WORDS_MAX,
  RULES_PER_USER_MAX,
  ruleSchema,
  rulesResponseSchema,
  type RuleInput,
} from '../../../contract/rules.ts';
import { dataResponseSchema, tagRecordSchema } from '../../../contract/tags.ts';
import { expectApiError } from '../../test/api-error.ts';
import { bearer, registerUser, signIn } from '../../test/auth-helpers.ts';
import { databaseDigest } from '../../test/database-digest.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp({});
});
afterAll(() => testApp.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
function call(method: Method, url: string, token: string, payload?: unknown) {
  return testApp.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
}

const newUser = async () => (await registerUser(testApp.app)).tokens.accessToken;

const muteRandom: RuleInput = {
  conditions: { places: [{ platform: 'slack', id: 'C0RANDOM0' }] },
  actions: { mute: true },
};
const importantBob: RuleInput = {
  name: 'Bob matters',
  conditions: { senders: [{ platform: 'slack', id: 'U0BOB0000' }] },
  actions: { important: true, notify: 'always' },
};

async function create(token: string, rule: RuleInput) {
  const response = await call('POST', '/api/rules', token, rule);
  expect(response.statusCode, response.body).toBe(201);
  return ruleSchema.parse(response.json());
}

async function list(token: string) {
  const response = await call('GET', '/api/rules', token);
  expect(response.statusCode, response.body).toBe(200);
  return rulesResponseSchema.parse(response.json());
}

describe('rules', () => {
  it('creates, lists in order, edits, reorders and deletes rules', async () => {
    const token = await newUser();
    expect(await list(token)).toEqual({ rules: [], settings: { match_mode: 'all', quiet_hours: null } });

    const mute = await create(token, muteRandom);
    const important = await create(token, importantBob);
    expect(mute).toMatchObject({
      name: null,
      conditions: muteRandom.conditions,
      actions: { tag_ids: [], important: false, mute: true, notify: null },
      problems: [],
    });
    expect((await list(token)).rules.map((rule) => rule.id)).toEqual([mute.id, important.id]);

    const edited = await call('PUT', `/api/rules/${mute.id}`, token, {
      ...muteRandom,
      name: '  Quiet random ',
      conditions: { ...muteRandom.conditions, words: ' lunch ' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(ruleSchema.parse(edited.json())).toMatchObject({
      name: 'Quiet random',
      conditions: { words: 'lunch' },
    });

    const reordered = await call('PUT', '/api/rules/order', token, { ids: [important.id, mute.id] });
    expect(reordered.statusCode, reordered.body).toBe(200);
    expect(rulesResponseSchema.parse(reordered.json()).rules.map((rule) => rule.id)).toEqual([
      important.id,
      mute.id,
    ]);

    expect((await call('DELETE', `/api/rules/${important.id}`, token)).statusCode).toBe(204);
    expect((await list(token)).rules.map((rule) => rule.id)).toEqual([mute.id]);
  });

  it('keeps the match mode and quiet hours, which may cross midnight', async () => {
    const token = await newUser();
    const settings = {
      match_mode: 'first',
      quiet_hours: { start: '22:00', end: '07:00', time_zone: 'Asia/Tokyo' },
    };
    const saved = await call('PUT', '/api/rules/settings', token, settings);
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await list(token)).settings).toEqual(settings);
    await call('PUT', '/api/rules/settings', token, { match_mode: 'all', quiet_hours: null });
    expect((await list(token)).settings).toEqual({ match_mode: 'all', quiet_hours: null });
  });

  it("never shows, changes, reorders or deletes another person's rule", async () => {
    const owner = await newUser();
    const other = await newUser();
    const rule = await create(owner, muteRandom);
    expect((await list(other)).rules).toEqual([]);
    expectApiError(await call('PUT', `/api/rules/${rule.id}`, other, importantBob), 404);
    expectApiError(await call('DELETE', `/api/rules/${rule.id}`, other), 404);
    expect(expectApiError(await call('PUT', '/api/rules/order', other, { ids: [rule.id] }), 400).code).toBe(
      'RULE_ORDER_MISMATCH',
    );
    expect((await list(owner)).rules).toEqual([rule]);
  });

  it('refuses bad input with 400 and writes nothing', async () => {
    const token = await newUser();
    const rule = await create(token, muteRandom);
    const otherTag = dataResponseSchema(tagRecordSchema).parse(
      (await call('POST', '/api/tags', await newUser(), { name: 'Theirs' })).json(),
    ).data;
    const before = await databaseDigest(testApp.database);
    const bad: unknown[] = [
      {},
      { conditions: {}, actions: { mute: true } },
      { conditions: muteRandom.conditions, actions: {} },
      { conditions: { words: 'x'.repeat(RULE_WORDS_MAX + 1) }, actions: { mute: true } },
      { conditions: { types: ['shout'] }, actions: { mute: true } },
      { conditions: { words: 'a\u0000b' }, actions: { mute: true } },
      { conditions: muteRandom.conditions, actions: { mute: true }, extra: 1 },
      { conditions: { connection_ids: ['not-mine'] }, actions: { mute: true } },
      { conditions: muteRandom.conditions, actions: { tag_ids: [otherTag.id] } },
    ];
    for (const body of bad) {
      expectApiError(await call('POST', '/api/rules', token, body), 400);
      expectApiError(await call('PUT', `/api/rules/${rule.id}`, token, body), 400);
    }
    expectApiError(await call('PUT', '/api/rules/not-a-uuid', token, muteRandom), 400);
    expectApiError(await call('PUT', '/api/rules/order', token, { ids: [rule.id, rule.id] }), 400);
    expectApiError(await call('PUT', '/api/rules/order', token, { ids: [] }), 400);
    for (const settings of [
      { match_mode: 'some', quiet_hours: null },
      { match_mode: 'all', quiet_hours: { start: '22:00', end: '22:00', time_zone: 'Asia/Tokyo' } },
      { match_mode: 'all', quiet_hours: { start: '25:00', end: '07:00', time_zone: 'Asia/Tokyo' } },
      { match_mode: 'all', quiet_hours: { start: '22:00', end: '07:00', time_zone: 'Mars/Olympus' } },
    ]) {
      expectApiError(await call('PUT', '/api/rules/settings', token, settings), 400);
    }
    expect(await databaseDigest(testApp.database)).toEqual(before);
    expect((await list(token)).rules).toEqual([rule]);
  });

  it(`keeps at most ${RULES_PER_USER_MAX} rules`, async () => {
    const token = await newUser();
    for (let index = 0; index < RULES_PER_USER_MAX; index += 1) await create(token, muteRandom);
    expect(expectApiError(await call('POST', '/api/rules', token, muteRandom), 403).code).toBe('RULE_LIMIT');
  });

  it('leaves the shared demo accounts without rules', async () => {
    const demo = await signIn(testApp.app, 'demo-en@example.com', 'demo1234');
    expect(expectApiError(await call('POST', '/api/rules', demo, muteRandom), 403).code).toBe(
      'DEMO_RESTRICTED',
    );
    expect((await list(demo)).rules).toEqual([]);
  });

  it('needs a signed-in user', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/rules' });
    expectApiError(response, 401);
  });
});
