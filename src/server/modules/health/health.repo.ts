import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { migrationsFolder, type Database } from '../../db/client.ts';

/** When the newest migration this build ships was made: Drizzle records it as the migration's `created_at`. */
function newestShippedMigration(): number {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { when: number }[];
  };
  return Math.max(...journal.entries.map((entry) => entry.when));
}

/** `expected`: when the newest migration the app needs was made; by default the newest one this build ships. */
export function createHealthRepo(db: Database, expected = newestShippedMigration()) {
  return {
    async ping(): Promise<void> {
      await db.execute(sql`select 1`);
    },

    /**
     * Whether every migration this build ships is applied: Drizzle's own record of applied migrations reaches the
     * newest one (a database restored from an older backup, or migrated by nobody yet, does not).
     */
    async migrationsApplied(): Promise<boolean> {
      const result = (await db.execute(
        sql`select max(created_at) as newest from drizzle.__drizzle_migrations`,
      )) as unknown as { rows: { newest: string | number | null }[] };
      const newest = result.rows[0]?.newest;
      return newest !== null && newest !== undefined && Number(newest) >= expected;
    },
  };
}
