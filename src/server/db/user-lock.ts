import { sql } from 'drizzle-orm';
import type { Database } from './client.ts';

/**
 * Serialises, until the surrounding transaction ends, one user's writes to one kind of row, so a count taken
 * under the lock stays true until the insert that relies on it (per-user caps hold against bursts).
 */
export async function lockUserRows(
  tx: Pick<Database, 'execute'>,
  kind: string,
  userId: string,
): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`${kind}:${userId}`}))`);
}
