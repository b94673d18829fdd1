import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { EMBEDDED_POSTGRES_CONF, migrationsFolder, openDatabase } from '../db/client.ts';

/** Where the server tests find the run's migrated databases to copy (see openTestDatabase). */
export const TEMPLATE_ENV = {
  pglite: 'MATOME_TEST_PGLITE_TEMPLATE',
  postgres: 'MATOME_TEST_POSTGRES_TEMPLATE',
} as const;

/**
 * Vitest's global set-up for the server tests: one migrated database per run, which every test database then copies
 * instead of running all migrations again. A fresh PGlite brought up to date took 2.0–2.5 s on a 2-core machine and
 * the server tests open hundreds; a copy of the dump takes about 0.35 s. On PostgreSQL (TEST_DATABASE_URL) the copy
 * is `create database … template`. The templates are made from the migrations of this run, so they never go stale.
 */
export default async function setup(): Promise<() => Promise<void>> {
  const folder = await mkdtemp(path.join(tmpdir(), 'matome-test-db-'));
  const cleanups: Array<() => Promise<void>> = [() => rm(folder, { recursive: true, force: true })];

  // Loaded here, not at the top: the test helpers import this module's names, and a bench on PostgreSQL needs no PGlite.
  const [{ PGlite }, { drizzle }, { migrate }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  const embedded = new PGlite({ postgresqlconf: EMBEDDED_POSTGRES_CONF });
  await migrate(drizzle(embedded), { migrationsFolder });
  const dumpFile = path.join(folder, 'pglite-template.tar');
  await writeFile(dumpFile, Buffer.from(await (await embedded.dumpDataDir('none')).arrayBuffer()));
  await embedded.close();
  process.env[TEMPLATE_ENV.pglite] = dumpFile;

  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const name = `matome_template_${randomBytes(4).toString('hex')}`;
    await runOn(serverUrl, `create database ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const migrated = await openDatabase({ databaseUrl: url.toString(), dataDir: null });
    await migrated.close();
    process.env[TEMPLATE_ENV.postgres] = name;
    cleanups.push(() => runOn(serverUrl, `drop database if exists ${name} with (force)`));
  }

  return async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  };
}

async function runOn(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
