import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { readinessResponseSchema } from '../contract/health.ts';
import { dropRedisPrefix, redisReachable, testRedisPrefix, testRedisUrl } from './test/redis-helpers.ts';
import { freePort, startWorker } from './test/server-process.ts';

const reachable = await redisReachable();
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const probe = (url: string) =>
  fetch(url).then(
    async (response) => ({ status: response.status, body: (await response.json()) as unknown }),
    () => undefined,
  );

/**
 * Decision 163: a worker (`npm run worker`) with WORKER_HEALTH_PORT answers the web instance's probes: alive from
 * its start, `starting` until its jobs run, ready with the parts it needs (database, migrations, Redis, queues),
 * never ready again once stopping, and it still exits 0 within its grace.
 */
it.skipIf(!reachable)(
  'answers live and ready probes on WORKER_HEALTH_PORT, from start to stop',
  async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'matome-worker-probes-'));
    const prefix = testRedisPrefix();
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    try {
      const worker = startWorker({
        DATA_DIR: dataDir,
        HOST: '127.0.0.1',
        PORT: String(await freePort()),
        WORKER_HEALTH_PORT: String(port),
        REDIS_URL: testRedisUrl,
        REDIS_KEY_PREFIX: prefix,
      });

      const readyAnswers: { status: number; body: unknown }[] = [];
      let live: { status: number; body: unknown } | undefined;
      for (let attempt = 0; attempt < 400 && readyAnswers.at(-1)?.status !== 200; attempt += 1) {
        live ??= await probe(`${base}/api/health/live`);
        const answer = await probe(`${base}/api/health/ready`);
        if (answer) readyAnswers.push(answer);
        await pause(50);
      }
      expect(live).toEqual({ status: 200, body: { status: 'alive' } });
      for (const answer of readyAnswers.slice(0, -1)) {
        expect(answer).toEqual({
          status: 503,
          body: { status: 'starting', checks: {}, failing: ['migrations'] },
        });
      }
      expect(readyAnswers.at(-1)).toEqual({
        status: 200,
        body: {
          status: 'ready',
          checks: { database: 'ok', migrations: 'ok', redis: 'ok', queues: 'ok' },
          failing: [],
        },
      });
      expect((await fetch(`${base}/api/health`)).status).toBe(404);

      worker.child.kill('SIGTERM');
      const afterSignal: { status: number; body: unknown }[] = [];
      for (let attempt = 0; attempt < 20; attempt += 1) {
        const answer = await probe(`${base}/api/health/ready`);
        if (!answer) break;
        afterSignal.push(answer);
      }
      // A probe already on its way when the signal lands may still be answered ready; from the first "stopping" on,
      // every answer says so.
      const firstNotReady = afterSignal.findIndex((answer) => answer.status !== 200);
      const stopping = firstNotReady === -1 ? afterSignal : afterSignal.slice(firstNotReady);
      for (const answer of stopping) {
        expect(answer.status).toBe(503);
        expect(readinessResponseSchema.parse(answer.body).status).toBe('stopping');
      }
      expect(await worker.exited, worker.output()).toBe(0);
      expect(await probe(`${base}/api/health/live`)).toBeUndefined();
    } finally {
      await dropRedisPrefix(prefix);
      await rm(dataDir, { recursive: true, force: true });
    }
  },
  60_000,
);
