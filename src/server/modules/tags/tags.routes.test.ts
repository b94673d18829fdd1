import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  chatworkMessageResultSchema,
  slackMessageResultSchema,
  type Platform,
} from '../../../contract/messages.ts';
import {
  dataResponseSchema,
  tagLinkSchema,
  tagRecordSchema,
  tagStatisticSchema,
  type TagRecord,
} from '../../../contract/tags.ts';
import { expectApiError } from '../../test/api-error.ts';
import { bearer, registerUser, signIn } from '../../test/auth-helpers.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

const TESTER = `tags-tester-${Date.now()}@example.com`;
const tagResponse = dataResponseSchema(tagRecordSchema);
const tagListResponse = dataResponseSchema(z.array(tagRecordSchema));
const linkResponse = dataResponseSchema(tagLinkSchema);
const linkListResponse = dataResponseSchema(z.array(tagLinkSchema));
const statisticsResponse = dataResponseSchema(z.array(tagStatisticSchema));

let testApp: TestApp;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
function call(method: Method, url: string, token: string, payload?: unknown) {
  return testApp.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
}

async function newUser(): Promise<string> {
  return (await registerUser(testApp.app)).tokens.accessToken;
}

async function createTag(token: string, body: Record<string, unknown>): Promise<TagRecord> {
  const response = await call('POST', '/api/tags', token, body);
  expect(response.statusCode, response.body).toBe(201);
  return tagResponse.parse(response.json()).data;
}

async function listTags(token: string): Promise<TagRecord[]> {
  const response = await call('GET', '/api/tags', token);
  expect(response.statusCode, response.body).toBe(200);
  return tagListResponse.parse(response.json()).data;
}

function link(token: string, tagId: string, platform: Platform, id: string) {
  return call('POST', '/api/tags/messages', token, { platform, platform_message_id: id, tag_id: tagId });
}

async function tagsOf(token: string, platform: Platform, id: string): Promise<TagRecord[]> {
  const response = await call('GET', `/api/tags/messages/${platform}/${encodeURIComponent(id)}`, token);
  expect(response.statusCode, response.body).toBe(200);
  return tagListResponse.parse(response.json()).data;
}

async function statistics(token: string) {
  const response = await call('GET', '/api/tags/statistics', token);
  expect(response.statusCode, response.body).toBe(200);
  return statisticsResponse.parse(response.json()).data;
}

beforeAll(async () => {
  testApp = await createTestApp({ TEST_MODE_EMAILS: TESTER });
});
afterAll(() => testApp.close());

describe('tags', () => {
  it('creates, lists, reads, renames and deletes a tag', async () => {
    const token = await newUser();
    expect(await listTags(token)).toEqual([]);

    const tag = await createTag(token, { name: '  Urgent ', color: '#ef4444', description: 'Today' });
    expect(tag).toMatchObject({ name: 'Urgent', color: '#EF4444', description: 'Today' });
    expect(tag).not.toHaveProperty('name_jp');
    const plain = await createTag(token, { name: 'another' });
    expect(plain.color).toBe('#6B7280');

    expect((await listTags(token)).map((each) => each.name)).toEqual(['another', 'Urgent']);
    const read = await call('GET', `/api/tags/${tag.id}`, token);
    expect(tagResponse.parse(read.json()).data).toEqual(tag);

    const renamed = await call('PUT', `/api/tags/${tag.id}`, token, { name: 'Very urgent', name_jp: '至急' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(tagResponse.parse(renamed.json()).data).toMatchObject({
      name: 'Very urgent',
      name_jp: '至急',
      color: '#EF4444',
      description: 'Today',
    });
    const cleared = await call('PUT', `/api/tags/${tag.id}`, token, { description: '', name_jp: null });
    const clearedTag = tagResponse.parse(cleared.json()).data;
    expect(clearedTag).not.toHaveProperty('description');
    expect(clearedTag).not.toHaveProperty('name_jp');

    const deleted = await call('DELETE', `/api/tags/${tag.id}`, token);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toEqual({ success: true });
    expectApiError(await call('GET', `/api/tags/${tag.id}`, token), 404);
    expectApiError(await call('DELETE', `/api/tags/${tag.id}`, token), 404);
    expect((await listTags(token)).map((each) => each.name)).toEqual(['another']);
  });

  it('refuses a second tag of the same name in any letter case with 409, also on rename', async () => {
    const token = await newUser();
    await createTag(token, { name: 'Review' });
    const other = await createTag(token, { name: 'Later' });
    const duplicate = await call('POST', '/api/tags', token, { name: 'REVIEW ' });
    expect(expectApiError(duplicate, 409).code).toBe('TAG_NAME_TAKEN');
    const rename = await call('PUT', `/api/tags/${other.id}`, token, { name: 'review' });
    expect(expectApiError(rename, 409).code).toBe('TAG_NAME_TAKEN');
    expect((await listTags(token)).map((each) => each.name)).toEqual(['Later', 'Review']);
    // Another user may use the same name.
    await createTag(await newUser(), { name: 'Review' });
  });

  it('rejects bad input with 400 naming the field, and changes nothing', async () => {
    const token = await newUser();
    const tag = await createTag(token, { name: 'Keep' });
    const bad: [string, Record<string, unknown>][] = [
      ['name', { name: '' }],
      ['name', { name: '   ' }],
      ['name', { name: 'x'.repeat(51) }],
      ['color', { name: 'Colour', color: 'red' }],
      ['color', { name: 'Colour', color: '#12345' }],
      ['description', { name: 'Long', description: 'x'.repeat(501) }],
      ['name_jp', { name: 'Jp', name_jp: 'あ'.repeat(51) }],
      ['unexpected', { name: 'Extra', unexpected: true }],
    ];
    for (const [field, body] of bad) {
      const created = expectApiError(await call('POST', '/api/tags', token, body), 400);
      expect(created.message).toContain(field);
      expectApiError(await call('PUT', `/api/tags/${tag.id}`, token, body), 400);
    }
    expect(await createTag(token, { name: 'x'.repeat(50) })).toMatchObject({ name: 'x'.repeat(50) });
    expect((await listTags(token)).map((each) => each.name)).toEqual(['Keep', 'x'.repeat(50)]);
    expectApiError(await call('GET', '/api/tags/not-a-uuid', token), 400);
  });

  it("treats another user's tags as absent", async () => {
    const owner = await newUser();
    const intruder = await newUser();
    const tag = await createTag(owner, { name: 'Private' });
    await link(owner, tag.id, 'chatwork', '111');

    for (const [method, url, body] of [
      ['GET', `/api/tags/${tag.id}`, undefined],
      ['PUT', `/api/tags/${tag.id}`, { name: 'Mine now' }],
      ['DELETE', `/api/tags/${tag.id}`, undefined],
      ['GET', `/api/tags/${tag.id}/messages`, undefined],
      ['DELETE', `/api/tags/messages/chatwork/111/${tag.id}`, undefined],
      ['POST', '/api/tags/messages', { platform: 'chatwork', platform_message_id: '111', tag_id: tag.id }],
    ] as const) {
      expectApiError(await call(method, url, intruder, body), 404);
    }
    expect(await listTags(intruder)).toEqual([]);
    expect(await tagsOf(intruder, 'chatwork', '111')).toEqual([]);
    expect(await statistics(intruder)).toEqual([]);
    expect((await listTags(owner)).map((each) => each.name)).toEqual(['Private']);
    expect((await tagsOf(owner, 'chatwork', '111')).map((each) => each.id)).toEqual([tag.id]);
  });
});

describe('message tags', () => {
  it('tags and untags messages; a second tagging is 409 and a missing link 404', async () => {
    const token = await newUser();
    const urgent = await createTag(token, { name: 'Urgent' });
    const meeting = await createTag(token, { name: 'Meeting' });
    const slackId = 'C07AB12CD-1767225600.012345';

    const created = await link(token, urgent.id, 'slack', slackId);
    expect(created.statusCode, created.body).toBe(201);
    expect(linkResponse.parse(created.json()).data).toMatchObject({
      tag_id: urgent.id,
      tag: { name: 'Urgent' },
      platform: 'slack',
      platform_message_id: slackId,
    });
    expect(expectApiError(await link(token, urgent.id, 'slack', slackId), 409).code).toBe(
      'TAG_ALREADY_LINKED',
    );
    expect((await link(token, meeting.id, 'slack', slackId)).statusCode).toBe(201);
    expect((await link(token, urgent.id, 'chatwork', '1893276540123456789')).statusCode).toBe(201);

    expect((await tagsOf(token, 'slack', slackId)).map((tag) => tag.name)).toEqual(['Meeting', 'Urgent']);
    const urgentLinks = await call('GET', `/api/tags/${urgent.id}/messages`, token);
    expect(linkListResponse.parse(urgentLinks.json()).data).toHaveLength(2);
    const slackOnly = await call('GET', `/api/tags/${urgent.id}/messages?platform=slack`, token);
    expect(linkListResponse.parse(slackOnly.json()).data.map((each) => each.platform_message_id)).toEqual([
      slackId,
    ]);
    expectApiError(await call('GET', `/api/tags/${urgent.id}/messages?platform=teams`, token), 400);
    expect((await statistics(token)).map(({ tag, total }) => [tag.name, total])).toEqual([
      ['Meeting', 1],
      ['Urgent', 2],
    ]);

    const removed = await call('DELETE', `/api/tags/messages/slack/${slackId}/${urgent.id}`, token);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toEqual({ success: true });
    expectApiError(await call('DELETE', `/api/tags/messages/slack/${slackId}/${urgent.id}`, token), 404);
    expect((await tagsOf(token, 'slack', slackId)).map((tag) => tag.name)).toEqual(['Meeting']);
  });

  it('takes a deleted tag off every message with it', async () => {
    const token = await newUser();
    const tag = await createTag(token, { name: 'Gone soon' });
    const kept = await createTag(token, { name: 'Kept' });
    await link(token, tag.id, 'chatwork', '1');
    await link(token, tag.id, 'slack', 'C1-1767225600.000001');
    await link(token, kept.id, 'chatwork', '1');
    expect((await call('DELETE', `/api/tags/${tag.id}`, token)).statusCode).toBe(200);
    expect((await tagsOf(token, 'chatwork', '1')).map((each) => each.name)).toEqual(['Kept']);
    expect(await tagsOf(token, 'slack', 'C1-1767225600.000001')).toEqual([]);
    expect((await statistics(token)).map(({ tag: each, total }) => [each.name, total])).toEqual([
      ['Kept', 1],
    ]);
  });

  it('rejects malformed links with 400', async () => {
    const token = await newUser();
    const tag = await createTag(token, { name: 'Valid' });
    for (const body of [
      { platform: 'teams', platform_message_id: '1', tag_id: tag.id },
      { platform: 'slack', platform_message_id: '', tag_id: tag.id },
      { platform: 'slack', platform_message_id: 'x'.repeat(201), tag_id: tag.id },
      { platform: 'slack', platform_message_id: '1', tag_id: 'not-a-uuid' },
      { platform: 'slack', platform_message_id: '1' },
    ]) {
      expectApiError(await call('POST', '/api/tags/messages', token, body), 400);
    }
    expectApiError(await call('GET', '/api/tags/messages/teams/1', token), 400);
    expectApiError(await call('DELETE', `/api/tags/messages/slack/${'x'.repeat(201)}/${tag.id}`, token), 400);
    expect(await statistics(token)).toEqual([{ tag, total: 0 }]);
  });

  it('ends in one consistent state when two tabs toggle the same tag at once', async () => {
    const token = await newUser();
    const tag = await createTag(token, { name: 'Race' });
    const adds = await Promise.all(Array.from({ length: 6 }, () => link(token, tag.id, 'chatwork', '42')));
    expect(adds.map((response) => response.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    expect((await tagsOf(token, 'chatwork', '42')).map((each) => each.id)).toEqual([tag.id]);

    const removes = await Promise.all(
      Array.from({ length: 6 }, () => call('DELETE', `/api/tags/messages/chatwork/42/${tag.id}`, token)),
    );
    expect(removes.map((response) => response.statusCode).sort()).toEqual([200, 404, 404, 404, 404, 404]);
    expect(await tagsOf(token, 'chatwork', '42')).toEqual([]);

    const mixed = await Promise.all([
      link(token, tag.id, 'chatwork', '43'),
      call('DELETE', `/api/tags/messages/chatwork/43/${tag.id}`, token),
      link(token, tag.id, 'chatwork', '43'),
    ]);
    expect(mixed.every((response) => response.statusCode < 500)).toBe(true);
    const [statistic] = await statistics(token);
    expect(statistic!.total).toBe((await tagsOf(token, 'chatwork', '43')).length);
  });

  it('tagging a tag deleted at the same moment is a 404, never a 500', async () => {
    const token = await newUser();
    const tag = await createTag(token, { name: 'Vanishing' });
    const [linked, deleted] = await Promise.all([
      link(token, tag.id, 'slack', 'C9-1767225600.000009'),
      call('DELETE', `/api/tags/${tag.id}`, token),
    ]);
    expect([201, 404]).toContain(linked.statusCode);
    expect(deleted.statusCode).toBe(200);
    expect(await tagsOf(token, 'slack', 'C9-1767225600.000009')).toEqual([]);
  });
});

describe('sample tags of demo accounts and test mode', () => {
  it('gives demo accounts the 8 read-only sample tags, counted over the tagged sample messages', async () => {
    const demo = await signIn(testApp.app, 'demo-ja@example.com', 'demo1234');
    const tags = await listTags(demo);
    expect(tags).toHaveLength(8);
    expect(tags.every((tag) => tag.name_jp)).toBe(true);

    const slack = slackMessageResultSchema.parse((await call('GET', '/api/slack/messages', demo)).json());
    const tagged = slack.messages.filter((message) => message.tags.length > 0);
    expect(tagged.length).toBeGreaterThan(0);
    const sample = tagged[0]!;
    expect((await tagsOf(demo, 'slack', sample.platform_message_id)).map((tag) => tag.id).sort()).toEqual(
      sample.tags.map((tag) => tag.id).sort(),
    );

    const stats = await statistics(demo);
    const firstTag = sample.tags[0]!;
    const links = linkListResponse.parse(
      (await call('GET', `/api/tags/${firstTag.id}/messages?platform=slack`, demo)).json(),
    ).data;
    expect(links.map((each) => each.platform_message_id).sort()).toEqual(
      slack.messages
        .filter((message) => message.tags.some((tag) => tag.id === firstTag.id))
        .map((message) => message.platform_message_id)
        .sort(),
    );
    const chatwork = chatworkMessageResultSchema.parse(
      (await call('GET', '/api/chatwork/messages', demo)).json(),
    );
    const everyMessage = [...chatwork.messages, ...slack.messages];
    for (const { tag, total } of stats) {
      expect(total, tag.name).toBe(
        everyMessage.filter((message) => message.tags.some((each) => each.id === tag.id)).length,
      );
    }

    for (const [method, url, body] of [
      ['POST', '/api/tags', { name: 'Mine' }],
      ['PUT', `/api/tags/${firstTag.id}`, { name: 'Renamed' }],
      ['DELETE', `/api/tags/${firstTag.id}`, undefined],
      ['POST', '/api/tags/messages', { platform: 'slack', platform_message_id: '1', tag_id: firstTag.id }],
      ['DELETE', `/api/tags/messages/slack/${sample.platform_message_id}/${firstTag.id}`, undefined],
    ] as const) {
      expect(expectApiError(await call(method, url, demo, body), 403).code).toBe('DEMO_RESTRICTED');
    }
    expect(await listTags(demo)).toEqual(tags);
  });

  it("shows sample tags in test mode and the user's own tags again after it", async () => {
    const tester = (await registerUser(testApp.app, { email: TESTER })).tokens.accessToken;
    const own = await createTag(tester, { name: 'Own' });
    await call('PUT', '/api/test-mode', tester, { enabled: true, language: 'en' });
    expect(await listTags(tester)).toHaveLength(8);
    expectApiError(await call('GET', `/api/tags/${own.id}`, tester), 404);
    const blocked = await call('POST', '/api/tags', tester, { name: 'During test mode' });
    expect(expectApiError(blocked, 403).code).toBe('TEST_MODE_RESTRICTED');
    await call('PUT', '/api/test-mode', tester, { enabled: false, language: 'en' });
    expect(await listTags(tester)).toEqual([own]);
  });

  it('keeps sample tags away from ordinary users', async () => {
    const demo = await signIn(testApp.app, 'demo-en@example.com', 'demo1234');
    const [sampleTag] = await listTags(demo);
    const ordinary = await newUser();
    expectApiError(await call('GET', `/api/tags/${sampleTag!.id}`, ordinary), 404);
    expectApiError(await call('GET', `/api/tags/${sampleTag!.id}/messages`, ordinary), 404);
  });

  it('requires a signed-in user', async () => {
    expectApiError(await testApp.app.inject({ method: 'GET', url: '/api/tags' }), 401);
  });
});
