import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { healthResponseSchema, readinessResponseSchema } from '../../../contract/health.ts';
import { dropRedisPrefix, redisReachable, testRedisPrefix, testRedisUrl } from '../../test/redis-helpers.ts';
import { openTestDatabase, createTestApp, type TestApp } from '../../test/test-app.ts';
import { createHealthRepo } from './health.repo.ts';
import { createReadiness } from './readiness.ts';

describe('health probes', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(async () => {
    await testApp?.close();
  });

  it('live answers 200 with a tiny body, without signing in', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/health/live' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'alive' });
  });

  it('ready checks the database and its migrations (no Redis without REDIS_URL)', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(response.statusCode).toBe(200);
    expect(readinessResponseSchema.parse(response.json())).toEqual({
      status: 'ready',
      checks: { database: 'ok', migrations: 'ok' },
      failing: [],
    });
  });

  it('answers every probe: no per-user or per-address limit applies', async () => {
    const answers = await Promise.all(
      Array.from({ length: 60 }, () => testApp.app.inject({ method: 'GET', url: '/api/health/ready' })),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 200));
  });

  it('the documented GET /api/health answers as before', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(healthResponseSchema.parse(response.json())).toMatchObject({ status: 'ok' });
  });

  it('the OpenAPI document describes both probes', async () => {
    const document = testApp.app.swagger() as { paths: Record<string, { get?: { responses: object } }> };
    expect(Object.keys(document.paths['/api/health/live']?.get?.responses ?? {})).toEqual(['200']);
    expect(Object.keys(document.paths['/api/health/ready']?.get?.responses ?? {})).toEqual(['200', '503']);
  });
});

describe('not ready', () => {
  it('names the failing part, and only its name', async () => {
    const readiness = createReadiness([
      { part: 'database', check: async () => true },
      { part: 'migrations', check: async () => false },
      {
        part: 'redis',
        check: async () => {
          throw new Error('connect ECONNREFUSED redis://:secret@10.0.0.1:6379');
        },
      },
    ]);
    expect(await readiness.probe()).toEqual({
      status: 'not_ready',
      checks: { database: 'ok', migrations: 'failing', redis: 'failing' },
      failing: ['migrations', 'redis'],
    });
  });

  it('sees a database without the newest migration this version ships (an older backup restored)', async () => {
    const database = await openTestDatabase();
    try {
      expect(await createHealthRepo(database.db).migrationsApplied()).toBe(true);
      expect(await createHealthRepo(database.db, Number.MAX_SAFE_INTEGER).migrationsApplied()).toBe(false);
    } finally {
      await database.close();
    }
  });

  it('answers stopping once the app is closing, without asking the parts that are closing with it', async () => {
    const testApp = await createTestApp();
    await testApp.close();
    expect(await testApp.app.readiness.probe()).toEqual({ status: 'stopping', checks: {}, failing: [] });
  });
});

const redisUp = await redisReachable();

describe.skipIf(!redisUp)('ready with REDIS_URL', () => {
  it('checks Redis and the background queues too', async () => {
    const prefix = testRedisPrefix();
    const testApp = await createTestApp({ REDIS_URL: testRedisUrl, REDIS_KEY_PREFIX: prefix });
    try {
      const ready = await testApp.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toEqual({
        status: 'ready',
        checks: { database: 'ok', migrations: 'ok', redis: 'ok', queues: 'ok' },
        failing: [],
      });
    } finally {
      await testApp.close();
      await dropRedisPrefix(prefix);
    }
  });
});
