import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { linkTokenOf, startMailCatcher } from '../../emulators/mail/mail-catcher.ts';
import { startSlackEmulator } from '../../emulators/slack/slack-emulator.ts';
import { defaultSlackSeed } from '../../emulators/slack/slack-seed.ts';
import { verifyEmailResponseSchema } from '../contract/account-security.ts';
import { connectResponseSchema } from '../contract/connections.ts';
import { slackMessageResultSchema } from '../contract/messages.ts';
import { approveConsent, control } from './test/emulator-helpers.ts';
import { freePort, startServer, waitForHealth } from './test/server-process.ts';
import { createPostgresTestDatabase } from './test/test-app.ts';

describe('server process', () => {
  it('starts on the embedded database, generates its secrets once, and shuts down cleanly on SIGTERM', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'matome-server-'));
    const port = await freePort();
    const server = startServer({ DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1' });
    const health = await waitForHealth(`http://127.0.0.1:${port}/api/health`);
    expect(health).toMatchObject({ status: 'ok', db: 'pglite' });
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain(`Matome is ready: open http://localhost:${port} in your browser`);
    // Not a terminal, so the logs are JSON lines; generating the secrets is information, not a warning.
    const notice = server
      .output()
      .split('\n')
      .find((line) => line.includes('Generated JWT_SECRET and TOKEN_ENCRYPTION_KEY'));
    expect(JSON.parse(notice ?? '{}')).toMatchObject({ level: 30 });
    expect(server.output()).toContain('SIGTERM received, shutting down');
    const secrets = JSON.parse(await readFile(path.join(dataDir, 'secrets.json'), 'utf8'));
    expect(server.output()).not.toContain(secrets.JWT_SECRET);

    const again = startServer({ DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1' });
    await waitForHealth(`http://127.0.0.1:${port}/api/health`);
    again.child.kill('SIGTERM');
    expect(await again.exited).toBe(0);
    expect(again.output()).not.toContain('Generated');
  }, 90_000);

  it('refuses to start with a clear message when configuration is invalid', async () => {
    const server = startServer({ PORT: 'eighty' });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('Invalid configuration');
    expect(server.output()).toContain('PORT');
    expect(server.output()).not.toMatch(/\bat .+\.ts:\d+/);
  });

  it('refuses to start in production on PostgreSQL without its secrets', async () => {
    const server = startServer({ NODE_ENV: 'production', DATABASE_URL: 'postgres://127.0.0.1:1/none' });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('JWT_SECRET and TOKEN_ENCRYPTION_KEY must be set');
  });

  it('on SIGTERM stops taking connections, finishes the request in flight on a live database, then exits', async () => {
    const emulator = await startSlackEmulator({ seed: defaultSlackSeed() });
    const mail = await startMailCatcher();
    const postgres = await createPostgresTestDatabase();
    const dataDir = await mkdtemp(path.join(tmpdir(), 'matome-shutdown-'));
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    try {
      const server = startServer({
        DATA_DIR: dataDir,
        ...(postgres ? { DATABASE_URL: postgres.url } : {}),
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: base,
        SLACK_CLIENT_ID: 'slack-client',
        SLACK_CLIENT_SECRET: 'slack-secret',
        SLACK_API_URL: `${emulator.url}/api`,
        SLACK_AUTHORIZE_URL: `${emulator.url}/oauth/v2/authorize`,
        SMTP_URL: mail.smtpUrl,
      });
      await waitForHealth(`${base}/api/health`);
      await control(emulator.url, 'settings', { autoApprove: true });

      const postJson = (url: string, body: object) =>
        fetch(`${base}${url}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
      const email = 'shutdown@example.com';
      await postJson('/api/auth/register', { email, password: 'correct horse battery', name: 'S' });
      const token = linkTokenOf(await mail.waitFor(email), 'verify-email');
      const confirmed = await postJson('/api/auth/verify-email', { token });
      const signedIn = {
        authorization: `Bearer ${verifyEmailResponseSchema.parse(await confirmed.json()).tokens?.accessToken}`,
      };
      const connect = await fetch(`${base}/api/slack/connect`, { method: 'POST', headers: signedIn });
      // The consent is accepted only in the browser that started it: its binding cookie goes back with the callback.
      const binding = connect.headers
        .getSetCookie()
        .map((cookie) => cookie.split(';')[0])
        .join('; ');
      const callback = await approveConsent(connectResponseSchema.parse(await connect.json()).authUrl);
      const landed = await fetch(`${base}${callback}`, { redirect: 'manual', headers: { cookie: binding } });
      expect(landed.headers.get('location')).toContain('slack=connected');

      // Slack's search now takes a second and a half: the gathering below is in flight when SIGTERM arrives.
      await control(emulator.url, 'faults', { latencyMs: 1500, method: 'search.messages' });
      const inFlight = fetch(`${base}/api/slack/messages?refresh=1`, { headers: signedIn });
      for (let attempt = 0; attempt < 100 && !server.output().includes('/api/slack/messages'); attempt += 1) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      server.child.kill('SIGTERM');
      for (let attempt = 0; attempt < 100 && !server.output().includes('SIGTERM received'); attempt += 1) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      const refused = await fetch(`${base}/api/health`).then(
        (response) => response.status,
        () => 'refused',
      );
      expect([503, 'refused']).toContain(refused);

      const answer = await inFlight;
      expect(answer.status).toBe(200);
      const result = slackMessageResultSchema.parse(await answer.json());
      expect(result.accounts).toMatchObject([{ status: 'completed' }]);
      expect(result.messages.length).toBeGreaterThan(0);
      expect(await server.exited).toBe(0);
      expect(server.output()).not.toMatch(/"level":(50|60)/);
    } finally {
      await emulator.close();
      await mail.close();
      await postgres?.drop();
    }
  }, 90_000);
});
