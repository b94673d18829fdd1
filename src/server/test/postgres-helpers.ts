import pg from 'pg';

/** The PostgreSQL server tests that start processes of their own use: TEST_DATABASE_URL, else this machine's. */
export const postgresTestServer = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** Whether that server answers; tests that need it are skipped when it does not. */
export async function postgresReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: postgresTestServer, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}
