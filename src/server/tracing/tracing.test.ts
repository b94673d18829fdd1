import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGithubEmulator } from '../../../emulators/github/github-emulator.ts';
import { control } from '../test/emulator-helpers.ts';
import { dropRedisPrefix, redisReachable, testRedisPrefix, testRedisUrl } from '../test/redis-helpers.ts';
import { freePort, startServer, startWorker, waitForHealth } from '../test/server-process.ts';
import { postgresReachable, postgresTestServer } from '../test/postgres-helpers.ts';
import { createPostgresTestDatabase } from '../test/test-app.ts';

const loadedModulesHook = fileURLToPath(new URL('../test/loaded-modules-hook.ts', import.meta.url));
/**
 * Every package of OpenTelemetry's, and the module hooks its instrumentations bring, but its API: prom-client 15
 * requires `@opentelemetry/api` itself (for exemplars), so every process with metrics loads that facade, which does
 * nothing until an SDK registers behind it.
 */
const OPENTELEMETRY =
  /node_modules\/(@opentelemetry\/(?!api\/)|@fastify\/otel\/|bullmq-otel\/|import-in-the-middle\/|require-in-the-middle\/)/;

type ReceivedSpan = {
  service: string;
  scope: string;
  name: string;
  kind: number;
  traceId: string;
  attributes: Record<string, unknown>;
  events: { name: string; attributes: Record<string, unknown> }[];
};
type OtlpAttribute = { key: string; value: Record<string, unknown> };
const attributesOf = (list: OtlpAttribute[] | undefined) =>
  Object.fromEntries((list ?? []).map(({ key, value }) => [key, Object.values(value)[0]]));

/** A local OTLP/HTTP receiver (JSON, as @opentelemetry/exporter-trace-otlp-http sends): POST /v1/traces. */
async function startOtlpReceiver() {
  const spans: ReceivedSpan[] = [];
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += String(chunk)));
    request.on('end', () => {
      expect(request.url).toBe('/v1/traces');
      expect(request.headers['content-type']).toMatch(/^application\/json/);
      const payload = JSON.parse(body) as {
        resourceSpans: {
          resource: { attributes: OtlpAttribute[] };
          scopeSpans: {
            scope: { name: string };
            spans: {
              name: string;
              kind: number;
              traceId: string;
              attributes?: OtlpAttribute[];
              events?: { name: string; attributes?: OtlpAttribute[] }[];
            }[];
          }[];
        }[];
      };
      for (const resource of payload.resourceSpans) {
        const service = String(attributesOf(resource.resource.attributes)['service.name']);
        for (const scope of resource.scopeSpans) {
          for (const span of scope.spans) {
            spans.push({
              service,
              scope: scope.scope.name,
              name: span.name,
              kind: span.kind,
              traceId: span.traceId,
              attributes: attributesOf(span.attributes),
              events: (span.events ?? []).map((event) => ({
                name: event.name,
                attributes: attributesOf(event.attributes),
              })),
            });
          }
        }
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    spans,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const postgresUp = await postgresReachable();
const redisUp = await redisReachable();

let work: string;
beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'matome-tracing-'));
});
afterAll(async () => {
  if (work) await rm(work, { recursive: true, force: true });
});

/** Starts a server with the module recorder, waits until it answers, asks something, stops it: what it loaded. */
async function modulesLoadedBy(env: Record<string, string>): Promise<string[]> {
  const port = await freePort();
  const loadedFile = path.join(work, `loaded-${port}.txt`);
  const server = startServer(
    { HOST: '127.0.0.1', PORT: String(port), LOADED_MODULES_FILE: loadedFile, ...env },
    ['--import', loadedModulesHook],
  );
  await waitForHealth(`http://127.0.0.1:${port}/api/health/ready`);
  expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
  server.child.kill('SIGTERM');
  expect(await server.exited, server.output()).toBe(0);
  return (await readFile(loadedFile, 'utf8')).split('\n');
}

describe('with or without an OTLP endpoint', () => {
  it('loads nothing of OpenTelemetry but the API prom-client requires; with one, the same recorder sees it all', async () => {
    const dataDir = path.join(work, 'off');
    const off = await modulesLoadedBy({ DATA_DIR: dataDir });
    expect(off.some((url) => url.includes('/src/server/app.ts'))).toBe(true);
    expect(off.filter((url) => OPENTELEMETRY.test(url))).toEqual([]);

    const receiver = await startOtlpReceiver();
    try {
      const on = await modulesLoadedBy({ DATA_DIR: dataDir, OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url });
      expect(on.filter((url) => OPENTELEMETRY.test(url)).length).toBeGreaterThan(10);
      expect(on.some((url) => url.includes('/@opentelemetry/sdk-trace-node/'))).toBe(true);
      // The embedded database's queries have spans of their own; the spans still buffered went out as it stopped.
      const health = receiver.spans.find((span) => span.attributes['http.route'] === '/api/health');
      expect(health?.service).toBe('matome');
      const query = receiver.spans.find(
        (span) => span.traceId === health?.traceId && span.name === 'pglite.query:SELECT',
      );
      expect(query?.attributes).toMatchObject({
        'db.system.name': 'postgresql',
        'db.query.text': 'select 1',
      });
    } finally {
      await receiver.close();
    }
  }, 60_000);
});

describe.skipIf(!postgresUp || !redisUp)('with OTEL_EXPORTER_OTLP_ENDPOINT', () => {
  it('sends the spans of HTTP routes, provider calls, PostgreSQL, Redis and jobs, with nothing personal in them', async () => {
    const receiver = await startOtlpReceiver();
    const github = await startGithubEmulator();
    const database = await createPostgresTestDatabase(postgresTestServer);
    const prefix = testRedisPrefix();
    try {
      await control(github.url, 'settings', { autoApprove: true });
      const port = await freePort();
      const base = `http://127.0.0.1:${port}`;
      const shared = {
        DATABASE_URL: database!.url,
        REDIS_URL: testRedisUrl,
        REDIS_KEY_PREFIX: prefix,
        HOST: '127.0.0.1',
        PUBLIC_URL: base,
        GITHUB_CLIENT_ID: 'github-client',
        GITHUB_CLIENT_SECRET: 'github-secret',
        GITHUB_OAUTH_BASE: github.url,
        GITHUB_API_BASE: github.url,
        DEMO_HIDES_SWEEP_SECONDS: '1',
        OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
        OTEL_BSP_SCHEDULE_DELAY: '100',
      };
      const server = startServer({ ...shared, PORT: String(port), OTEL_SERVICE_NAME: 'matome-web' });
      await waitForHealth(`${base}/api/health/ready`);
      const worker = startWorker({ ...shared, PORT: String(await freePort()) });

      // Sign in with GitHub as a browser would: start, consent at the emulator, back to the callback.
      const started = await fetch(`${base}/api/auth/github/connect`, { method: 'POST' });
      const { authUrl } = (await started.json()) as { authUrl: string };
      const binding = /matome_oauth_binding=([^;]+)/.exec(started.headers.get('set-cookie') ?? '')![1]!;
      const consent = new URL((await fetch(authUrl, { redirect: 'manual' })).headers.get('location')!);
      const back = await fetch(`${base}${consent.pathname}${consent.search}`, {
        redirect: 'manual',
        headers: { cookie: `matome_oauth_binding=${binding}` },
      });
      const handoff = new URLSearchParams(new URL(back.headers.get('location')!).hash.slice(1)).get('code')!;
      const exchanged = await fetch(`${base}/api/auth/oauth/exchange`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: `matome_oauth_binding=${binding}` },
        body: JSON.stringify({ code: handoff }),
      });
      const signedIn = (await exchanged.json()) as {
        user: { id: string; email: string };
        tokens: { accessToken: string };
      };
      expect((await fetch(`${base}/api/health`)).status).toBe(200);

      const find = (predicate: (span: ReceivedSpan) => boolean) => receiver.spans.find(predicate);
      await expect
        .poll(() => find((span) => span.service === 'matome-worker' && span.name === 'process maintenance'), {
          timeout: 20_000,
          interval: 100,
        })
        .toBeDefined();
      await expect
        .poll(() => find((span) => span.attributes['http.route'] === '/api/health' && span.kind === 2), {
          timeout: 5_000,
          interval: 100,
        })
        .toBeDefined();

      const callback = find(
        (span) => span.attributes['http.route'] === '/api/auth/github/callback' && span.kind === 2,
      )!;
      expect(callback).toMatchObject({ service: 'matome-web', name: 'GET /api/auth/github/callback' });
      expect(callback.attributes['url.path']).toBe('/api/auth/github/callback');
      const tokenCall = find(
        (span) =>
          span.scope === '@opentelemetry/instrumentation-undici' &&
          String(span.attributes['url.full']).startsWith(`${github.url}/login/oauth/access_token`),
      );
      expect(tokenCall?.traceId).toBe(callback.traceId);
      expect(tokenCall?.attributes['url.full']).toBe(`${github.url}/login/oauth/access_token`);
      const insert = find(
        (span) =>
          span.traceId === callback.traceId &&
          span.attributes['db.system.name'] === 'postgresql' &&
          /^insert/i.test(String(span.attributes['db.query.text'])),
      );
      expect(insert?.name).toMatch(/^pg\.query:INSERT/);
      const health = find((span) => span.attributes['http.route'] === '/api/health' && span.kind === 2)!;
      const redis = receiver.spans.filter(
        (span) => span.traceId === health.traceId && span.attributes['db.system.name'] === 'redis',
      );
      expect(redis.map((span) => span.attributes['db.query.text'])).toContain('ping');
      const job = find((span) => span.service === 'matome-worker' && span.name === 'process maintenance')!;
      expect(
        receiver.spans.some(
          (span) => span.traceId === job.traceId && span.attributes['db.system.name'] === 'postgresql',
        ),
      ).toBe(true);
      // Probes are not traced.
      expect(
        find((span) => String(span.attributes['url.path']).startsWith('/api/health/ready')),
      ).toBeUndefined();

      // Nothing personal, no credential: the user's id and address, the codes and the state of the sign-in.
      const everything = JSON.stringify(receiver.spans);
      for (const secret of [
        signedIn.user.id,
        signedIn.user.email,
        signedIn.tokens.accessToken,
        handoff,
        binding,
        consent.searchParams.get('code')!,
        consent.searchParams.get('state')!,
        'github-secret',
      ]) {
        expect(everything).not.toContain(secret);
      }
      expect(everything.toLowerCase()).not.toContain('authorization');

      worker.child.kill('SIGTERM');
      server.child.kill('SIGTERM');
      expect(await worker.exited, worker.output()).toBe(0);
      expect(await server.exited, server.output()).toBe(0);
    } finally {
      await dropRedisPrefix(prefix);
      await database?.drop();
      await github.close();
      await receiver.close();
    }
  }, 60_000);
});
