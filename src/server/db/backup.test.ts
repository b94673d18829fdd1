import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSlackEmulator } from '../../../emulators/slack/slack-emulator.ts';
import { bearer, registerUser, signIn } from '../test/auth-helpers.ts';
import { connectAccount, control, gatherAfresh, slackEmulatorSettings } from '../test/emulator-helpers.ts';
import { createPostgresTestDatabase, createTestApp } from '../test/test-app.ts';
import { embeddedDir, restore } from './backup.ts';
import { freePort } from '../test/server-process.ts';
import { postgresReachable, postgresTestServer } from '../test/postgres-helpers.ts';
import { openDatabase, type DatabaseHandle } from './client.ts';

/**
 * Decision 161: back up, wipe, restore, sign in; the tags and hides are back and the provider token still opens
 * (a gathering reaches Slack with it), with the same TOKEN_ENCRYPTION_KEY kept apart from the backup.
 */
const secrets = {
  jwtSecret: 'backup-test-jwt-secret-that-is-long-enough-0123',
  tokenEncryptionKey: randomBytes(32).toString('base64'),
};
const postgresUp = await postgresReachable();
const hasPgTools = spawnSync('pg_dump', ['--version']).status === 0;

const root = fileURLToPath(new URL('../../../', import.meta.url));

/** `npm run backup` / `npm run restore` as an operator runs them, with the server's settings in the environment. */
async function npmRun(script: 'backup' | 'restore', file: string, env: Record<string, string>) {
  const port = await freePort();
  const result = spawnSync(process.execPath, [path.join(root, 'scripts', `${script}.ts`), file], {
    cwd: work,
    encoding: 'utf8',
    env: { PATH: process.env.PATH, PORT: String(port), HOST: '127.0.0.1', ...env },
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

let slack: { url: string; close(): Promise<void> };
let work: string;
beforeAll(async () => {
  slack = await startSlackEmulator();
  await control(slack.url, 'settings', { autoApprove: true });
  work = await mkdtemp(path.join(tmpdir(), 'matome-backup-'));
});
afterAll(async () => {
  await slack?.close();
  if (work) await rm(work, { recursive: true, force: true });
});

const settings = () => slackEmulatorSettings(slack.url, 'backup-signing-secret');
const message = { platform: 'slack', platform_message_id: '1767225600.000100' } as const;

/** A user with a Slack connection, a tag on a message and a hidden message; answers how to sign in again. */
async function fill(database: DatabaseHandle) {
  const testApp = await createTestApp(settings(), { database, secrets });
  try {
    const user = await registerUser(testApp.app);
    await connectAccount(testApp.app, 'slack', user.tokens.accessToken);
    const auth = bearer(user.tokens.accessToken);
    const tag = await testApp.app.inject({
      method: 'POST',
      url: '/api/tags',
      headers: auth,
      payload: { name: 'Kept' },
    });
    expect(tag.statusCode, tag.body).toBe(201);
    const tagId = tag.json().data.id as string;
    const linked = await testApp.app.inject({
      method: 'POST',
      url: '/api/tags/messages',
      headers: auth,
      payload: { ...message, tag_id: tagId },
    });
    expect(linked.statusCode, linked.body).toBe(201);
    const hidden = await testApp.app.inject({
      method: 'POST',
      url: '/api/messages/hide',
      headers: auth,
      payload: message,
    });
    expect(hidden.statusCode, hidden.body).toBeLessThan(300);
    return { email: user.user.email, password: user.password };
  } finally {
    await testApp.close();
  }
}

/** Signs in on the restored database and finds everything back. */
async function expectBack(database: DatabaseHandle, user: { email: string; password: string }) {
  const testApp = await createTestApp(settings(), { database, secrets });
  try {
    const token = await signIn(testApp.app, user.email, user.password);
    const tags = await testApp.app.inject({ method: 'GET', url: '/api/tags', headers: bearer(token) });
    expect(JSON.stringify(tags.json())).toContain('"Kept"');
    const tagId = (tags.json() as { data: { id: string; name: string }[] }).data.find(
      (tag) => tag.name === 'Kept',
    )?.id;
    const links = await testApp.app.inject({
      method: 'GET',
      url: `/api/tags/${tagId}/messages`,
      headers: bearer(token),
    });
    expect(JSON.stringify(links.json())).toContain(message.platform_message_id);
    const hidden = await testApp.app.inject({
      method: 'GET',
      url: '/api/messages/hidden',
      headers: bearer(token),
    });
    expect(JSON.stringify(hidden.json())).toContain(message.platform_message_id);
    const gathered = await gatherAfresh(testApp.app, 'slack', token);
    expect(gathered.accounts).toMatchObject([{ status: 'completed' }]);
    const ready = await testApp.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(200);
  } finally {
    await testApp.close();
  }
}

describe('backup and restore', () => {
  it('round-trips the embedded database (Matome stopped)', async () => {
    const dataDir = path.join(work, 'data');
    const before = await openDatabase({ databaseUrl: undefined, dataDir });
    const user = await fill(before);
    await before.close();

    const file = path.join(work, 'embedded.tar.gz');
    const backedUp = await npmRun('backup', file, { DATA_DIR: dataDir });
    expect(backedUp, backedUp.output).toMatchObject({ status: 0 });
    expect(backedUp.output).toContain('does not hold TOKEN_ENCRYPTION_KEY');
    await rm(embeddedDir(dataDir), { recursive: true });
    const restored = await npmRun('restore', file, { DATA_DIR: dataDir });
    expect(restored, restored.output).toMatchObject({ status: 0 });
    // A second restore keeps the database it replaces beside it rather than deleting it.
    expect(await npmRun('restore', file, { DATA_DIR: dataDir })).toMatchObject({ status: 0 });
    expect((await readdir(dataDir)).filter((name) => name.startsWith('pglite.before-restore-'))).toHaveLength(
      1,
    );

    const after = await openDatabase({ databaseUrl: undefined, dataDir });
    try {
      await expectBack(after, user);
    } finally {
      await after.close();
    }
  }, 120_000);

  it.skipIf(!postgresUp || !hasPgTools)(
    'round-trips PostgreSQL with pg_dump and pg_restore',
    async () => {
      const original = (await createPostgresTestDatabase(postgresTestServer))!;
      const file = path.join(work, 'postgres.dump');
      let user: { email: string; password: string };
      try {
        const before = await openDatabase({ databaseUrl: original.url, dataDir: null });
        user = await fill(before);
        await before.close();
        const backedUp = await npmRun('backup', file, { DATABASE_URL: original.url, DATA_DIR: work });
        expect(backedUp, backedUp.output).toMatchObject({ status: 0 });
      } finally {
        await original.drop();
      }

      const fresh = (await createPostgresTestDatabase(postgresTestServer))!;
      try {
        const restored = await npmRun('restore', file, { DATABASE_URL: fresh.url, DATA_DIR: work });
        expect(restored, restored.output).toMatchObject({ status: 0 });
        const after = await openDatabase({ databaseUrl: fresh.url, dataDir: null });
        try {
          await expectBack(after, user);
        } finally {
          await after.close();
        }
      } finally {
        await fresh.drop();
      }
    },
    120_000,
  );

  it('says how to get pg_dump where it is not installed', async () => {
    const answer = await npmRun('backup', path.join(work, 'none.dump'), {
      DATABASE_URL: 'postgres://matome@127.0.0.1:1/matome',
      PATH: path.dirname(process.execPath),
    });
    expect(answer.status).toBe(1);
    expect(answer.output).toContain('pg_dump was not found. Install PostgreSQL');
    expect(answer.output).not.toMatch(/\bat .+\.ts:\d+/);
  });

  it('refuses a backup of the other kind with a clear message', async () => {
    const file = path.join(work, 'not-a-dump.txt');
    await import('node:fs/promises').then((fs) => fs.writeFile(file, 'hello'));
    await expect(restore({ databaseUrl: undefined, dataDir: work }, file)).rejects.toThrow(
      /not a backup of the embedded database/,
    );
    await expect(
      restore({ databaseUrl: 'postgres://127.0.0.1:1/none', dataDir: work }, file),
    ).rejects.toThrow(/not a PostgreSQL backup/);
  });
});
