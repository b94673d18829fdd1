import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startChatworkEmulator } from '../../../../emulators/chatwork/chatwork-emulator.ts';
import { connectionStatusResponseSchema } from '../../../contract/messages.ts';
import {
  SAVED_VIEWS_PER_USER_MAX,
  savedViewSchema,
  type SavedView,
  type SavedViewFiltersInput,
} from '../../../contract/saved-views.ts';
import { dataResponseSchema, tagRecordSchema } from '../../../contract/tags.ts';
import { expectApiError } from '../../test/api-error.ts';
import { bearer, registerUser, signIn } from '../../test/auth-helpers.ts';
import { databaseDigest } from '../../test/database-digest.ts';
import { chatworkEmulatorSettings } from '../../test/emulator-helpers.ts';
import { connectAccount, control } from '../../test/emulator-helpers.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

const TESTER = `views-tester-${Date.now()}@example.com`;
const viewResponse = dataResponseSchema(savedViewSchema);
const viewListResponse = dataResponseSchema(z.array(savedViewSchema));

let emulator: { url: string; close(): Promise<void> };
let testApp: TestApp;

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
function call(method: Method, url: string, token: string, payload?: unknown) {
  return testApp.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
}

async function newUser(): Promise<string> {
  return (await registerUser(testApp.app)).tokens.accessToken;
}

async function listViews(token: string): Promise<SavedView[]> {
  const response = await call('GET', '/api/saved-views', token);
  expect(response.statusCode, response.body).toBe(200);
  return viewListResponse.parse(response.json()).data;
}

async function saveView(
  token: string,
  name: string,
  filters: SavedViewFiltersInput = {},
): Promise<SavedView> {
  const response = await call('POST', '/api/saved-views', token, { name, filters });
  expect(response.statusCode, response.body).toBe(201);
  return viewResponse.parse(response.json()).data;
}

const namesOf = (views: readonly SavedView[]) => views.map((view) => view.name ?? `(${view.default_kind})`);

beforeAll(async () => {
  emulator = await startChatworkEmulator();
  testApp = await createTestApp({
    TEST_MODE_EMAILS: TESTER,
    ...chatworkEmulatorSettings(emulator.url),
  });
  await control(emulator.url, 'settings', { autoApprove: true });
});
afterAll(async () => {
  await testApp?.close();
  await emulator?.close();
});

describe('saved views', () => {
  it('gives every user All, Mentions and DMs, in that order, once', async () => {
    const token = await newUser();
    const views = await listViews(token);
    expect(views.map((view) => [view.default_kind, view.name, view.filters.types])).toEqual([
      ['all', null, []],
      ['mentions', null, ['mention']],
      ['dms', null, ['dm']],
    ]);
    expect(await listViews(token)).toEqual(views);
  });

  it('saves, renames, changes, reorders and deletes a view', async () => {
    const token = await newUser();
    const saved = await saveView(token, '  請求書 ', {
      platform: 'slack',
      types: ['mention', 'dm'],
      words: ' 請求書 ',
    });
    expect(saved).toMatchObject({
      name: '請求書',
      default_kind: null,
      filters: {
        platform: 'slack',
        types: ['mention', 'dm'],
        tag_id: null,
        connection_ids: [],
        state: 'inbox',
        words: '請求書',
      },
      missing: { tag: false, connection_ids: [] },
    });
    const snoozed = await saveView(token, 'Waiting', { state: 'snoozed' });
    expect(namesOf(await listViews(token))).toEqual(['(all)', '(mentions)', '(dms)', '請求書', 'Waiting']);

    const renamed = await call('PATCH', `/api/saved-views/${saved.id}`, token, { name: 'Invoices' });
    expect(viewResponse.parse(renamed.json()).data).toMatchObject({
      name: 'Invoices',
      filters: saved.filters,
    });
    const changed = await call('PATCH', `/api/saved-views/${saved.id}`, token, {
      filters: { types: ['reply'] },
    });
    expect(viewResponse.parse(changed.json()).data.filters).toMatchObject({
      platform: 'all',
      types: ['reply'],
    });

    const views = await listViews(token);
    const order = [
      snoozed.id,
      ...views
        .filter((view) => view.id !== snoozed.id)
        .map((view) => view.id)
        .reverse(),
    ];
    const reordered = await call('PUT', '/api/saved-views/order', token, { ids: order });
    expect(reordered.statusCode, reordered.body).toBe(200);
    expect(viewListResponse.parse(reordered.json()).data.map((view) => view.id)).toEqual(order);
    expect((await listViews(token)).map((view) => view.id)).toEqual(order);

    expect((await call('DELETE', `/api/saved-views/${saved.id}`, token)).statusCode).toBe(200);
    expect(namesOf(await listViews(token))).toEqual(['Waiting', '(dms)', '(mentions)', '(all)']);
  });

  it('lets a default be renamed, given back its name and moved, never deleted or refiltered', async () => {
    const token = await newUser();
    const [all, mentions] = await listViews(token);
    const renamed = await call('PATCH', `/api/saved-views/${mentions!.id}`, token, { name: 'To me' });
    expect(viewResponse.parse(renamed.json()).data).toMatchObject({
      name: 'To me',
      default_kind: 'mentions',
    });
    const back = await call('PATCH', `/api/saved-views/${mentions!.id}`, token, { name: null });
    expect(viewResponse.parse(back.json()).data.name).toBeNull();

    const refilter = await call('PATCH', `/api/saved-views/${all!.id}`, token, {
      filters: { types: ['dm'] },
    });
    expect(expectApiError(refilter, 400).code).toBe('VIEW_IS_DEFAULT');
    expect(expectApiError(await call('DELETE', `/api/saved-views/${all!.id}`, token), 400).code).toBe(
      'VIEW_IS_DEFAULT',
    );
    expect((await listViews(token))[0]).toEqual(all);
  });

  it('keeps each user to their own views: another user’s view is a 404', async () => {
    const owner = await newUser();
    const stranger = await newUser();
    const view = await saveView(owner, 'Mine');
    const before = await listViews(owner);

    expectApiError(await call('PATCH', `/api/saved-views/${view.id}`, stranger, { name: 'Theirs' }), 404);
    expectApiError(await call('DELETE', `/api/saved-views/${view.id}`, stranger), 404);
    const strangerIds = (await listViews(stranger)).map((item) => item.id);
    const foreignOrder = await call('PUT', '/api/saved-views/order', stranger, {
      ids: [...strangerIds, view.id],
    });
    expect(expectApiError(foreignOrder, 400).code).toBe('VIEW_ORDER_MISMATCH');
    expect(namesOf(await listViews(stranger))).toEqual(['(all)', '(mentions)', '(dms)']);
    expect(await listViews(owner)).toEqual(before);
  });

  it('refuses bad input with 400 and writes nothing', async () => {
    const token = await newUser();
    const view = await saveView(token, 'Kept', { types: ['dm'] });
    const ids = (await listViews(token)).map((item) => item.id);
    const before = await databaseDigest(testApp.database);
    const bad: [Method, string, unknown][] = [
      ['POST', '/api/saved-views', { name: '', filters: {} }],
      ['POST', '/api/saved-views', { name: '   ', filters: {} }],
      ['POST', '/api/saved-views', { name: 'x'.repeat(41), filters: {} }],
      ['POST', '/api/saved-views', { name: 'Nul\u0000', filters: {} }],
      ['POST', '/api/saved-views', { name: 'No filters' }],
      ['POST', '/api/saved-views', { name: 'Odd', filters: { platform: 'teams' } }],
      ['POST', '/api/saved-views', { name: 'Odd', filters: { types: ['dm', 'dm'] } }],
      ['POST', '/api/saved-views', { name: 'Odd', filters: { state: 'done-forever' } }],
      ['POST', '/api/saved-views', { name: 'Odd', filters: { tag_id: 'not-a-uuid' } }],
      ['POST', '/api/saved-views', { name: 'Odd', filters: { tag_id: crypto.randomUUID() } }],
      ['POST', '/api/saved-views', { name: 'Odd', filters: { connection_ids: [crypto.randomUUID()] } }],
      ['POST', '/api/saved-views', { name: 'Odd', filters: { words: 'w'.repeat(201) } }],
      ['POST', '/api/saved-views', { name: 'Odd', filters: {}, extra: true }],
      ['PATCH', `/api/saved-views/${view.id}`, {}],
      ['PATCH', `/api/saved-views/${view.id}`, { name: null }],
      ['PATCH', '/api/saved-views/not-a-uuid', { name: 'x' }],
      ['PUT', '/api/saved-views/order', { ids: ids.slice(1) }],
      ['PUT', '/api/saved-views/order', { ids: [...ids, ids[0]] }],
      ['PUT', '/api/saved-views/order', { ids: [] }],
      ['DELETE', '/api/saved-views/not-a-uuid', undefined],
    ];
    for (const [method, url, body] of bad) {
      expectApiError(await call(method, url, token, body), 400);
    }
    expect(await databaseDigest(testApp.database)).toEqual(before);
  });

  it('refuses a name another view has, in any case, and stops at the most views a user may keep', async () => {
    const token = await newUser();
    await saveView(token, 'Billing');
    expect(
      expectApiError(await call('POST', '/api/saved-views', token, { name: 'BILLING', filters: {} }), 409)
        .code,
    ).toBe('VIEW_NAME_TAKEN');
    for (let index = (await listViews(token)).length; index < SAVED_VIEWS_PER_USER_MAX; index += 1) {
      await saveView(token, `View ${index}`);
    }
    const over = await call('POST', '/api/saved-views', token, { name: 'One too many', filters: {} });
    expect(expectApiError(over, 403).code).toBe('VIEW_LIMIT');
    expect(await listViews(token)).toHaveLength(SAVED_VIEWS_PER_USER_MAX);
  });

  it('says which tag and connection a view names are gone, and keeps the view', async () => {
    const token = await newUser();
    await connectAccount(testApp.app, 'chatwork', token);
    const status = await call('GET', '/api/chatwork/status', token);
    const [connection] = connectionStatusResponseSchema.parse(status.json()).connections;
    const tagAnswer = await call('POST', '/api/tags', token, { name: 'Invoices' });
    const tag = dataResponseSchema(tagRecordSchema).parse(tagAnswer.json()).data;
    const view = await saveView(token, 'Invoices on ChatWork', {
      tag_id: tag.id,
      connection_ids: [connection!.id],
    });
    expect(view.missing).toEqual({ tag: false, connection_ids: [] });

    expect((await call('DELETE', `/api/tags/${tag.id}`, token)).statusCode).toBe(200);
    expect((await call('DELETE', `/api/chatwork/disconnect/${connection!.id}`, token)).statusCode).toBe(200);
    const [, , , kept] = await listViews(token);
    expect(kept).toMatchObject({
      id: view.id,
      filters: { tag_id: tag.id, connection_ids: [connection!.id] },
      missing: { tag: true, connection_ids: [connection!.id] },
    });
    // It can still be renamed; new filters may not name what is gone.
    expect(
      (await call('PATCH', `/api/saved-views/${view.id}`, token, { name: 'Old invoices' })).statusCode,
    ).toBe(200);
    const stale = await call('PATCH', `/api/saved-views/${view.id}`, token, { filters: { tag_id: tag.id } });
    expect(expectApiError(stale, 400).code).toBe('VIEW_UNKNOWN_REFERENCE');
  });

  it('shows demo accounts and test mode the defaults, read-only', async () => {
    const demo = await signIn(testApp.app, 'demo-en@example.com', 'demo1234');
    const views = await listViews(demo);
    expect(views.map((view) => view.default_kind)).toEqual(['all', 'mentions', 'dms']);
    const blocked = await call('POST', '/api/saved-views', demo, { name: 'Mine', filters: {} });
    expect(expectApiError(blocked, 403).code).toBe('DEMO_RESTRICTED');

    const tester = (await registerUser(testApp.app, { email: TESTER })).tokens.accessToken;
    const own = await saveView(tester, 'Own');
    await call('PUT', '/api/test-mode', tester, { enabled: true, language: 'jp' });
    expect(namesOf(await listViews(tester))).toEqual(['(all)', '(mentions)', '(dms)']);
    const during = await call('PATCH', `/api/saved-views/${own.id}`, tester, { name: 'Changed' });
    expect(expectApiError(during, 403).code).toBe('TEST_MODE_RESTRICTED');
    await call('PUT', '/api/test-mode', tester, { enabled: false, language: 'jp' });
    expect(namesOf(await listViews(tester))).toEqual(['(all)', '(mentions)', '(dms)', 'Own']);
  });
});
