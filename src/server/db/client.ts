import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { projectRoot } from '../lib/project-root.ts';
import { authSessions } from './schema/auth-sessions.ts';
import { emailTokens } from './schema/email-tokens.ts';
import { googleConnections, googleSubmissions } from './schema/google.ts';
import { hiddenMessages } from './schema/hidden-messages.ts';
import { oauthIdentities } from './schema/oauth-identities.ts';
import { oauthStates } from './schema/oauth-states.ts';
import { platformConnections } from './schema/platform-connections.ts';
import { refreshSessions } from './schema/refresh-sessions.ts';
import { rulePreferences, rules } from './schema/rules.ts';
import { signInHandoffs, signInStates } from './schema/social-sign-in.ts';
import { messageTags, tags } from './schema/tags.ts';
import { doneMarks, snoozes } from './schema/triage.ts';
import { users } from './schema/users.ts';

export const schema = {
  users,
  refreshSessions,
  authSessions,
  emailTokens,
  oauthIdentities,
  platformConnections,
  oauthStates,
  tags,
  messageTags,
  hiddenMessages,
  snoozes,
  doneMarks,
  rules,
  rulePreferences,
  signInStates,
  signInHandoffs,
  googleConnections,
  googleSubmissions,
};
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
export type DatabaseKind = 'pglite' | 'postgres';

export type DatabaseHandle = {
  db: Database;
  kind: DatabaseKind;
  close: () => Promise<void>;
};

export const migrationsFolder = path.join(projectRoot, 'drizzle');

/**
 * The embedded database serves one machine's users and small rows (no message content is stored): 16 MB of shared
 * buffers instead of PostgreSQL's 128 MB keeps its working set in memory and takes about 115 MiB less RSS.
 */
export const EMBEDDED_POSTGRES_CONF = ['shared_buffers=16MB'];

/** Arbitrary constant: serialises migrations when several instances start against one PostgreSQL. */
const MIGRATION_LOCK_ID = 7_246_318;

/**
 * Opens the database and brings its schema up to date: PostgreSQL through node-postgres when a URL is
 * given, otherwise embedded PGlite with its files under `dataDir` (or in memory when `dataDir` is null).
 */
export async function openDatabase(options: {
  databaseUrl: string | undefined;
  dataDir: string | null;
  /** For an in-memory database: the dump of a data directory (PGlite's dumpDataDir) to start from. */
  initialData?: Blob;
}): Promise<DatabaseHandle> {
  // Each kind's driver loads only when it is used: a server on the embedded database never loads node-postgres,
  // nor one on PostgreSQL PGlite's WebAssembly (docs/decisions/164).
  if (options.databaseUrl) {
    const [{ default: pg }, { drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
      import('pg'),
      import('drizzle-orm/node-postgres'),
      import('drizzle-orm/node-postgres/migrator'),
    ]);
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    const db = drizzlePg(pool, { schema });
    try {
      await db.execute(sql`select pg_advisory_lock(${MIGRATION_LOCK_ID})`);
      await migratePg(db, { migrationsFolder });
    } catch (error) {
      await pool.end();
      throw error;
    } finally {
      await db.execute(sql`select pg_advisory_unlock(${MIGRATION_LOCK_ID})`).catch(() => undefined);
    }
    return { db, kind: 'postgres', close: () => pool.end() };
  }

  const [{ PGlite }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  let client: InstanceType<typeof PGlite>;
  if (options.dataDir) {
    const dir = path.join(options.dataDir, 'pglite');
    await mkdir(dir, { recursive: true });
    client = new PGlite(dir, { postgresqlconf: EMBEDDED_POSTGRES_CONF });
  } else {
    client = new PGlite({
      postgresqlconf: EMBEDDED_POSTGRES_CONF,
      ...(options.initialData ? { loadDataDir: options.initialData } : {}),
    });
  }
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  return { db, kind: 'pglite', close: () => client.close() };
}
