import { mkdtemp } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { linkTokenOf, startMailCatcher } from '../../emulators/mail/mail-catcher.ts';
import { verifyEmailResponseSchema } from '../contract/account-security.ts';
import { readinessResponseSchema } from '../contract/health.ts';
import { streamTicketResponseSchema } from '../contract/live.ts';
import { openEventStream } from './test/event-stream-client.ts';
import { freePort, startServer } from './test/server-process.ts';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Every readiness answer until the first 200 (or the process ends): a fresh start answers `starting` first. */
async function readyAnswersUntilReady(base: string) {
  const seen: { status: number; body: unknown }[] = [];
  for (let attempt = 0; attempt < 300; attempt += 1) {
    const answer = await fetch(`${base}/api/health/ready`).then(
      async (response) => ({ status: response.status, body: await response.json() }),
      () => undefined,
    );
    if (answer) seen.push(answer);
    if (answer?.status === 200) return seen;
    await pause(50);
  }
  throw new Error('never ready');
}

/**
 * Decision 161 (and 137's open question): SIGTERM with a live stream open and another just closed. Readiness turns
 * 503 at once while the instance drains, then it closes within its grace time: close-with-grace exits 1 ("killed by
 * timeout") when the grace runs out, 0 when everything closed in order.
 */
it('on SIGTERM answers not ready, then closes within its grace time with live streams open or just closed', async () => {
  const mail = await startMailCatcher();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'matome-drain-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  try {
    const server = startServer({
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      SMTP_URL: mail.smtpUrl,
      SHUTDOWN_DRAIN_MS: '2000',
      SHUTDOWN_GRACE_MS: '20000',
    });
    const starting = await readyAnswersUntilReady(base);
    for (const answer of starting.slice(0, -1)) {
      expect(answer).toEqual({
        status: 503,
        body: { status: 'starting', checks: {}, failing: ['migrations'] },
      });
    }
    expect(starting.at(-1)?.body).toEqual({
      status: 'ready',
      checks: { database: 'ok', migrations: 'ok' },
      failing: [],
    });

    const postJson = (url: string, body: object, headers: Record<string, string> = {}) =>
      fetch(`${base}${url}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      });
    const email = 'drain@example.com';
    await postJson('/api/auth/register', { email, password: 'correct horse battery', name: 'D' });
    const confirmed = await postJson('/api/auth/verify-email', {
      token: linkTokenOf(await mail.waitFor(email), 'verify-email'),
    });
    const signedIn = {
      authorization: `Bearer ${verifyEmailResponseSchema.parse(await confirmed.json()).tokens?.accessToken}`,
    };
    const ticket = async () =>
      streamTicketResponseSchema.parse(
        await (await fetch(`${base}/api/events/ticket`, { method: 'POST', headers: signedIn })).json(),
      ).ticket;

    // A browser that went quiet: it asked for the stream and reads nothing more, never hanging up.
    const quiet = connect(port, '127.0.0.1');
    quiet.on('error', () => {});
    const quietAnswered = new Promise<string>((resolve) =>
      quiet.once('data', (chunk) => resolve(String(chunk))),
    );
    quiet.write(`GET /api/events/stream?ticket=${await ticket()} HTTP/1.1\r\nhost: 127.0.0.1\r\n\r\n`);
    expect(await quietAnswered).toMatch(/^HTTP\/1\.1 200/);
    quiet.pause();
    // A browser that has just hung up.
    const closedJustNow = await openEventStream(base, await ticket());
    expect(closedJustNow.response.status).toBe(200);
    await closedJustNow.close();

    server.child.kill('SIGTERM');
    let stopping: { status: number; body: unknown } | undefined;
    for (let attempt = 0; attempt < 200 && !stopping; attempt += 1) {
      const answer = await fetch(`${base}/api/health/ready`).then(
        async (response) => ({ status: response.status, body: await response.json() }),
        () => undefined,
      );
      if (answer && answer.status !== 200) stopping = answer;
      else await pause(20);
    }
    expect(stopping?.status).toBe(503);
    expect(readinessResponseSchema.parse(stopping?.body)).toEqual({
      status: 'stopping',
      checks: {},
      failing: [],
    });

    expect(await server.exited).toBe(0);
    expect(server.output()).not.toContain('killed by timeout');
    expect(server.output()).not.toContain('connections still open');
    expect(server.output()).not.toMatch(/"level":(50|60)/);
    quiet.destroy();
  } finally {
    await mail.close();
  }
}, 90_000);
