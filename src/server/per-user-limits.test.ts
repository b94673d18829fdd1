import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HIDDEN_MESSAGES_PER_USER_MAX, hiddenStatsSchema } from '../contract/hidden-messages.ts';
import { TAG_LINKS_PER_USER_MAX, TAGS_PER_USER_MAX, tagErrorCodes } from '../contract/tags.ts';
import { expectApiError } from './test/api-error.ts';
import { bearer, registerUser } from './test/auth-helpers.ts';
import { capturedLog } from './test/captured-log.ts';
import { createTestApp, type TestApp } from './test/test-app.ts';
import { WRITE_RATE_LIMIT } from './plugins/write-rate-limit.ts';

const log = capturedLog();
let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp({}, { logger: log.logger });
});
afterAll(() => testApp.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
function call(method: Method, url: string, token: string, payload?: unknown) {
  return testApp.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
}

/** Fills a user's stored rows up to just below a cap in one statement, as years of use would. */
async function fill(statement: string): Promise<void> {
  await testApp.database.db.execute(statement);
}

describe('per-user caps on stored rows', () => {
  it(`refuses a tag beyond ${TAGS_PER_USER_MAX} with 403 TAG_LIMIT, and accepts one again after a delete`, async () => {
    const { user, tokens } = await registerUser(testApp.app);
    await fill(
      `insert into tags (user_id, name) select '${user.id}', 'tag ' || g from generate_series(1, ${TAGS_PER_USER_MAX - 1}) g`,
    );
    const last = await call('POST', '/api/tags', tokens.accessToken, { name: 'The last one' });
    expect(last.statusCode, last.body).toBe(201);
    const refused = expectApiError(
      await call('POST', '/api/tags', tokens.accessToken, { name: 'One more' }),
      403,
    );
    expect(refused.code).toBe(tagErrorCodes.limit);
    expect(refused.message).toContain(String(TAGS_PER_USER_MAX));

    const listed = await call('GET', '/api/tags', tokens.accessToken);
    expect(listed.json().data).toHaveLength(TAGS_PER_USER_MAX);
    expect((await call('DELETE', `/api/tags/${last.json().data.id}`, tokens.accessToken)).statusCode).toBe(
      200,
    );
    expect((await call('POST', '/api/tags', tokens.accessToken, { name: 'One more' })).statusCode).toBe(201);
  });

  it('holds the tag cap against a burst of concurrent creates', async () => {
    const { user, tokens } = await registerUser(testApp.app);
    await fill(
      `insert into tags (user_id, name) select '${user.id}', 'tag ' || g from generate_series(1, ${TAGS_PER_USER_MAX - 5}) g`,
    );
    const responses = await Promise.all(
      Array.from({ length: 30 }, (_, index) =>
        call('POST', '/api/tags', tokens.accessToken, { name: `burst ${index}` }),
      ),
    );
    expect(responses.filter((response) => response.statusCode === 201)).toHaveLength(5);
    expect(responses.filter((response) => response.statusCode === 403)).toHaveLength(25);
    expect((await call('GET', '/api/tags', tokens.accessToken)).json().data).toHaveLength(TAGS_PER_USER_MAX);
  });

  it(`refuses a tag link beyond ${TAG_LINKS_PER_USER_MAX} with 403 TAG_LINK_LIMIT`, async () => {
    const { user, tokens } = await registerUser(testApp.app);
    const tag = (await call('POST', '/api/tags', tokens.accessToken, { name: 'Busy' })).json().data;
    await fill(
      `insert into message_tags (user_id, tag_id, platform, platform_message_id)
       select '${user.id}', '${tag.id}', 'slack', 'C1-' || g from generate_series(1, ${TAG_LINKS_PER_USER_MAX - 1}) g`,
    );
    const link = (id: string) =>
      call('POST', '/api/tags/messages', tokens.accessToken, {
        tag_id: tag.id,
        platform: 'chatwork',
        platform_message_id: id,
      });
    expect((await link('100')).statusCode).toBe(201);
    expect(expectApiError(await link('101'), 403).code).toBe(tagErrorCodes.linkLimit);
    // A link that exists is still reported as such, not as over the cap.
    expect(expectApiError(await link('100'), 409).code).toBe(tagErrorCodes.alreadyLinked);
  });

  it(`refuses hides beyond ${HIDDEN_MESSAGES_PER_USER_MAX} with 403 HIDDEN_LIMIT, all or nothing`, async () => {
    const { user, tokens } = await registerUser(testApp.app);
    await fill(
      `insert into hidden_messages (user_id, platform, platform_message_id)
       select '${user.id}', 'slack', 'C1-' || g from generate_series(1, ${HIDDEN_MESSAGES_PER_USER_MAX - 2}) g`,
    );
    const batch = (ids: string[]) =>
      call('POST', '/api/messages/hide/batch', tokens.accessToken, {
        messages: ids.map((id) => ({ platform: 'chatwork', platform_message_id: id })),
      });
    const refused = expectApiError(await batch(['1', '2', '3']), 403);
    expect(refused.code).toBe('HIDDEN_LIMIT');
    const stats = hiddenStatsSchema.parse(
      (await call('GET', '/api/messages/hidden/stats', tokens.accessToken)).json(),
    );
    expect(stats.total).toBe(HIDDEN_MESSAGES_PER_USER_MAX - 2);
    // Hiding what is already hidden costs nothing, and the last free places can be used.
    expect((await batch(['1', '2', '1'])).statusCode).toBe(200);
    expect(
      (
        await call('POST', '/api/messages/hide', tokens.accessToken, {
          platform: 'slack',
          platform_message_id: 'C1-1',
        })
      ).statusCode,
    ).toBe(200);
    expect(expectApiError(await batch(['3']), 403).code).toBe('HIDDEN_LIMIT');
  });
});

describe('write rate limits per user', () => {
  it(`allow ${WRITE_RATE_LIMIT.points} writes a minute, then answer 429 with Retry-After for that user only`, async () => {
    const busy = (await registerUser(testApp.app)).tokens.accessToken;
    const other = (await registerUser(testApp.app)).tokens.accessToken;
    const unhide = (token: string) =>
      call('DELETE', '/api/messages/hide', token, { platform: 'slack', platform_message_id: 'C1-1' });
    for (let write = 0; write < WRITE_RATE_LIMIT.points; write += 1) {
      const response = await unhide(busy);
      expect(response.statusCode, `write ${write + 1}: ${response.body}`).toBe(200);
    }
    const from = log.text().length;
    const writes = [
      () => unhide(busy),
      () => call('POST', '/api/tags', busy, { name: 'Blocked' }),
      () => call('PUT', '/api/test-mode', busy, { enabled: true, language: 'en' }),
      () =>
        call('POST', '/api/messages/hide/batch', busy, {
          messages: [{ platform: 'slack', platform_message_id: 'x' }],
        }),
      () => call('DELETE', '/api/messages/hidden/all', busy),
    ];
    for (const write of writes) {
      const response = await write();
      expect(expectApiError(response, 429).code).toBe('RATE_LIMITED');
      expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect(log.text().slice(from)).toContain('"securityEvent":"rate_limited"');
    // Reading is not a write, and another user has a budget of their own.
    expect((await call('GET', '/api/tags', busy)).statusCode).toBe(200);
    expect((await unhide(other)).statusCode).toBe(200);
  });
});
