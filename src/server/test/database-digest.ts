import type { DatabaseHandle } from '../db/client.ts';

/** node-postgres and PGlite both answer raw statements with `{ rows }`. */
async function query<T>(database: DatabaseHandle, statement: string): Promise<T[]> {
  return ((await database.db.execute(statement)) as { rows: T[] }).rows;
}

/**
 * A fingerprint of every row of every table, so a test can show that a request changed nothing at all: any
 * insert, update or delete anywhere changes it. Tables are found at run time, so new ones are covered too.
 */
export async function databaseDigest(database: DatabaseHandle): Promise<Record<string, string>> {
  const tables = await query<{ table_name: string }>(
    database,
    `select table_name from information_schema.tables
     where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const digest: Record<string, string> = {};
  for (const { table_name: table } of tables) {
    const [row] = await query<{ rows: number; hash: string }>(
      database,
      `select count(*)::int as rows, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as hash
       from "${table.replaceAll('"', '""')}" t`,
    );
    digest[table] = `${row?.rows}:${row?.hash}`;
  }
  return digest;
}
