import type { LiveEvents } from '../lib/live-events.ts';
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import pg from 'pg';
import webPush from 'web-push';
import { startMailCatcher, type MailCatcher } from '../../../emulators/mail/mail-catcher.ts';
import { buildApp } from '../app.ts';
import { loadSettings, type Settings } from '../config.ts';
import { openDatabase, type DatabaseHandle } from '../db/client.ts';
import type { Secrets } from '../lib/secrets.ts';
import { TEMPLATE_ENV } from './database-templates.ts';

export const testSecrets = {
  jwtSecret: 'test-jwt-secret-that-is-long-enough-0123456789',
  tokenEncryptionKey: randomBytes(32).toString('base64'),
  vapid: webPush.generateVAPIDKeys(),
};

/**
 * A new, empty PostgreSQL database on the TEST_DATABASE_URL server (or `serverUrl`), for a test or bench that needs
 * a URL (a server process of its own); null when there is no server. `drop` removes it once nothing is connected.
 */
export async function createPostgresTestDatabase(
  serverUrl: string | undefined = process.env.TEST_DATABASE_URL,
  template?: string,
): Promise<{
  url: string;
  drop: () => Promise<void>;
} | null> {
  if (!serverUrl) return null;
  const name = `matome_test_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const cleaner = new pg.Client({ connectionString: serverUrl });
      await cleaner.connect();
      // pool.end() resolves before its clients have hung up; forcing the drop while they do makes them report
      // "terminating connection" as an unhandled error, so wait for them first.
      for (let attempt = 0; attempt < 40; attempt += 1) {
        const { rows } = await cleaner.query(
          'select count(*)::int as open from pg_stat_activity where datname = $1',
          [name],
        );
        if (rows[0].open === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      await cleaner.query(`drop database if exists ${name} with (force)`);
      await cleaner.end();
    },
  };
}

// The template's dump (tens of megabytes) read once per test file's process, not once per test database: a Blob
// does not change, and PGlite only reads it.
let templateRead: { file: string; dump: Promise<Blob> } | undefined;
function templateDump(file: string): Promise<Blob> {
  if (templateRead?.file !== file) {
    templateRead = { file, dump: readFile(file).then((bytes) => new Blob([bytes])) };
  }
  return templateRead.dump;
}

/**
 * A fresh database with the real migrations: in-memory PGlite, or, when TEST_DATABASE_URL is set, a new
 * PostgreSQL database on that server that is dropped again on close. Under Vitest both start as copies of the run's
 * migrated template (database-templates.ts); the migrations then find nothing to do.
 */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  const postgres = await createPostgresTestDatabase(undefined, process.env[TEMPLATE_ENV.postgres]);
  if (!postgres) {
    const templateFile = process.env[TEMPLATE_ENV.pglite];
    return openDatabase({
      databaseUrl: undefined,
      dataDir: null,
      ...(templateFile ? { initialData: await templateDump(templateFile) } : {}),
    });
  }
  const handle = await openDatabase({ databaseUrl: postgres.url, dataDir: null });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await postgres.drop();
    },
  };
}

export type TestApp = {
  app: FastifyInstance;
  database: DatabaseHandle;
  /** Catches the app's e-mail: every test app sends real SMTP to its own catcher. */
  mail: MailCatcher;
  close: () => Promise<void>;
};

const catchers = new WeakMap<FastifyInstance, MailCatcher>();

/** The mail catcher of a test app, for helpers that follow e-mailed links. */
export function mailCatcherOf(app: FastifyInstance): MailCatcher {
  const catcher = catchers.get(app);
  if (!catcher) throw new Error('This app was not made by createTestApp');
  return catcher;
}

/**
 * A worker process's app (`npm run worker`: runs the queues' jobs, serves no pages) on the test settings with
 * `overrides` (REDIS_URL among them) and a database shared with the web instances; ready, closed by the caller.
 */
export async function createTestWorker(
  overrides: Record<string, string>,
  database: DatabaseHandle,
): Promise<FastifyInstance> {
  const worker = await buildApp({
    settings: loadSettings({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: '/nonexistent-data-dir-unused-in-tests',
      WEB_DIST_DIR: '/nonexistent-web-build',
      ...overrides,
    }),
    secrets: testSecrets,
    database,
    logger: false,
    runJobs: true,
  });
  await worker.ready();
  return worker;
}

export async function createTestApp(
  overrides: Record<string, string> = {},
  options: {
    database?: DatabaseHandle;
    logger?: FastifyServerOptions['logger'];
    secrets?: Secrets;
    liveEvents?: LiveEvents;
    clock?: () => number;
  } = {},
): Promise<TestApp> {
  const mail = await startMailCatcher();
  const settings: Settings = loadSettings({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: '/nonexistent-data-dir-unused-in-tests',
    WEB_DIST_DIR: '/nonexistent-web-build',
    SMTP_URL: mail.smtpUrl,
    ...overrides,
  });
  const database = options.database ?? (await openTestDatabase());
  // A database passed in belongs to the caller.
  const closeOwn = async () => {
    await mail.close();
    if (!options.database) await database.close();
  };
  let built: FastifyInstance | undefined;
  try {
    built = await buildApp({
      settings,
      secrets: options.secrets ?? testSecrets,
      database,
      logger: options.logger ?? false,
      ...(options.liveEvents ? { liveEvents: options.liveEvents } : {}),
      ...(options.clock ? { clock: options.clock } : {}),
    });
    await built.ready();
  } catch (error) {
    // An app that does not start (the tests of refused settings) leaves no database or catcher behind.
    await built?.close().catch(() => undefined);
    await closeOwn();
    throw error;
  }
  const app = built;
  catchers.set(app, mail);
  return {
    app,
    database,
    mail,
    close: async () => {
      await app.close();
      await closeOwn();
    },
  };
}
