import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSlackEmulator } from '../../../../emulators/slack/slack-emulator.ts';
import { defaultSlackSeed } from '../../../../emulators/slack/slack-seed.ts';
import { openDatabase, type DatabaseHandle } from '../../db/client.ts';
import type { Secrets } from '../../lib/secrets.ts';
import {
  CHATWORK_WEBHOOK_TOKEN_PURPOSE,
  PUSH_KEYS_PURPOSE,
  createTokenCipher,
} from '../../lib/token-cipher.ts';
import { registerUser } from '../../test/auth-helpers.ts';
import { connectAccount, control, gatherAfresh } from '../../test/emulator-helpers.ts';
import { createPostgresTestDatabase, createTestApp, testSecrets } from '../../test/test-app.ts';

const resealScript = fileURLToPath(new URL('../../../../scripts/reseal-tokens.ts', import.meta.url));

let emulator: { url: string; close(): Promise<void> };
let postgres: Awaited<ReturnType<typeof createPostgresTestDatabase>>;
let dataDir: string;
beforeAll(async () => {
  emulator = await startSlackEmulator({ seed: defaultSlackSeed() });
  await control(emulator.url, 'settings', { autoApprove: true });
  postgres = await createPostgresTestDatabase();
  dataDir = await mkdtemp(path.join(tmpdir(), 'matome-keys-'));
});
afterAll(async () => {
  await emulator?.close();
  await postgres?.drop();
});

/** The one database of this test, opened afresh by each app and by the script in turn. */
function openSharedDatabase(): Promise<DatabaseHandle> {
  return postgres
    ? openDatabase({ databaseUrl: postgres.url, dataDir: null })
    : openDatabase({ databaseUrl: undefined, dataDir });
}

const slackSettings = () => ({
  SLACK_CLIENT_ID: 'slack-client',
  SLACK_CLIENT_SECRET: 'slack-secret',
  SLACK_API_URL: `${emulator.url}/api`,
  SLACK_AUTHORIZE_URL: `${emulator.url}/oauth/v2/authorize`,
  PUBLIC_URL: 'http://matome.test',
});

/** Runs `work` against an app with the given keys, then closes app and database. */
async function withApp<T>(
  secrets: Secrets,
  work: (app: Awaited<ReturnType<typeof createTestApp>>) => Promise<T>,
) {
  const database = await openSharedDatabase();
  const testApp = await createTestApp(slackSettings(), { database, secrets });
  try {
    return await work(testApp);
  } finally {
    await testApp.close();
    await database.close();
  }
}

function runReseal(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [resealScript], {
      cwd: dataDir,
      env: { PATH: process.env.PATH, LOG_LEVEL: 'silent', DATA_DIR: dataDir, ...env },
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += String(chunk)));
    child.stderr.on('data', (chunk) => (output += String(chunk)));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

describe('rotating the token-encryption key', () => {
  it('keeps connections working with the old key accepted, re-seals them with the new one, then needs only that', async () => {
    const oldKey = testSecrets.tokenEncryptionKey;
    const newKey = randomBytes(32).toString('base64');
    const newKeyId = createTokenCipher(newKey).keyId;

    const accessToken = await withApp({ ...testSecrets, tokenEncryptionKey: oldKey }, async (testApp) => {
      const { tokens } = await registerUser(testApp.app);
      await connectAccount(testApp.app, 'slack', tokens.accessToken);
      return tokens.accessToken;
    });
    // A Google Calendar grant of the same user, sealed with the old key as the app seals it.
    const oldCipher = createTokenCipher(oldKey);
    const database = await openSharedDatabase();
    try {
      await database.db.execute(
        `insert into google_connections (user_id, status, scopes, access_token_encrypted, refresh_token_encrypted, token_expires_at)
         select id, 'connected', 'openid', '${oldCipher.seal('ya29.access', 'access')}',
                '${oldCipher.seal('1//refresh', 'refresh')}', now() + interval '1 hour' from users where not is_demo`,
      );
      // And the token of a ChatWork-style account webhook on the connection, sealed for its own purpose.
      await database.db.execute(
        `insert into chatwork_webhooks (connection_id, token_encrypted)
         select id, '${oldCipher.seal('c2VjcmV0', CHATWORK_WEBHOOK_TOKEN_PURPOSE)}' from platform_connections`,
      );
      // And a device's push subscription keys (decision 159).
      await database.db.execute(
        `insert into push_subscriptions (user_id, endpoint, keys_sealed, language)
         select id, 'https://fcm.googleapis.com/fcm/send/x', '${oldCipher.seal('{"p256dh":"p","auth":"a"}', PUSH_KEYS_PURPOSE)}', 'en'
         from users where not is_demo`,
      );
    } finally {
      await database.close();
    }

    // The new key first, the old one still accepted: stored tokens open, nobody has to connect again.
    const rotating = { ...testSecrets, tokenEncryptionKey: newKey, previousTokenEncryptionKeys: [oldKey] };
    await withApp(rotating, async (testApp) => {
      expect((await gatherAfresh(testApp.app, 'slack', accessToken)).accounts).toMatchObject([
        { status: 'completed' },
      ]);
    });

    const reseal = await runReseal({
      JWT_SECRET: testSecrets.jwtSecret,
      TOKEN_ENCRYPTION_KEYS: `${newKey},${oldKey}`,
      ...(postgres ? { DATABASE_URL: postgres.url } : {}),
    });
    expect(reseal.code, reseal.output).toBe(0);
    expect(reseal.output).toContain(`Re-sealed 6 provider secrets with key ${newKeyId}`);

    const resealedDatabase = await openSharedDatabase();
    try {
      for (const table of ['platform_connections', 'google_connections']) {
        const stored = (await resealedDatabase.db.execute(
          `select access_token_encrypted, refresh_token_encrypted from ${table}`,
        )) as { rows: { access_token_encrypted: string; refresh_token_encrypted: string }[] };
        expect(stored.rows).toHaveLength(1);
        for (const value of Object.values(stored.rows[0]!))
          expect(value.startsWith(`${newKeyId}.`)).toBe(true);
      }
      const push = (await resealedDatabase.db.execute('select keys_sealed from push_subscriptions')) as {
        rows: { keys_sealed: string }[];
      };
      expect(createTokenCipher(newKey).open(push.rows[0]!.keys_sealed, PUSH_KEYS_PURPOSE)).toBe(
        '{"p256dh":"p","auth":"a"}',
      );
      const google = (await resealedDatabase.db.execute(
        'select access_token_encrypted from google_connections',
      )) as { rows: { access_token_encrypted: string }[] };
      expect(createTokenCipher(newKey).open(google.rows[0]!.access_token_encrypted, 'access')).toBe(
        'ya29.access',
      );
    } finally {
      await resealedDatabase.close();
    }

    // The old key can go.
    await withApp({ ...testSecrets, tokenEncryptionKey: newKey }, async (testApp) => {
      expect((await gatherAfresh(testApp.app, 'slack', accessToken)).accounts).toMatchObject([
        { status: 'completed' },
      ]);
    });
    expect(
      (
        await runReseal({
          JWT_SECRET: testSecrets.jwtSecret,
          TOKEN_ENCRYPTION_KEYS: newKey,
          ...(postgres ? { DATABASE_URL: postgres.url } : {}),
        })
      ).output,
    ).toContain('Re-sealed 0 provider secrets');
  }, 90_000);
});
