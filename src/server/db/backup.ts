import { spawnSync } from 'node:child_process';
import { readFile, readdir, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { EMBEDDED_POSTGRES_CONF } from './client.ts';

/**
 * Backups of Matome's database (decision 161). PostgreSQL: `pg_dump`'s custom format, taken while the app runs (a
 * consistent snapshot), restored with `pg_restore`. The embedded database: PGlite's own dump of its data directory
 * (a gzipped tar), taken while Matome is stopped, since only one process may open that directory at a time.
 * Neither holds the encryption key of provider tokens: the operator keeps it (or DATA_DIR/secrets.json) apart.
 */
export class BackupError extends Error {}

export type BackupTarget = { databaseUrl: string | undefined; dataDir: string };

/** Where the embedded database keeps its files (as `openDatabase` opens it). */
export const embeddedDir = (dataDir: string) => path.join(dataDir, 'pglite');

/** PostgreSQL's custom-format dumps begin with these bytes; PGlite's dumps are gzip (1f 8b). */
const PG_DUMP_MAGIC = 'PGDMP';

function requireTool(tool: 'pg_dump' | 'pg_restore'): void {
  const probe = spawnSync(tool, ['--version'], { encoding: 'utf8' });
  if (probe.error || probe.status !== 0) {
    throw new BackupError(
      `${tool} was not found. Install PostgreSQL's client tools (for example \`apt install postgresql-client\`, the same major version as the server or newer) and run this again.`,
    );
  }
}

function run(tool: 'pg_dump' | 'pg_restore', args: string[]): void {
  const result = spawnSync(tool, args, { encoding: 'utf8' });
  if (result.status !== 0) {
    // pg_dump's messages name the database and role, never the password; they are what the operator needs.
    throw new BackupError(`${tool} failed: ${(result.stderr || result.error?.message || '').trim()}`);
  }
}

export async function backUp(target: BackupTarget, file: string): Promise<'postgres' | 'pglite'> {
  if (target.databaseUrl) {
    requireTool('pg_dump');
    run('pg_dump', [
      '--format=custom',
      '--no-owner',
      '--no-privileges',
      `--file=${file}`,
      `--dbname=${target.databaseUrl}`,
    ]);
    return 'postgres';
  }
  const dir = embeddedDir(target.dataDir);
  const entries = await readdir(dir).catch(() => []);
  if (!entries.length) throw new BackupError(`There is no embedded database in ${dir} (check DATA_DIR).`);
  const client = new PGlite(dir, { postgresqlconf: EMBEDDED_POSTGRES_CONF });
  try {
    // The dump does not wait for the database to have started: a query does.
    await client.query('checkpoint');
    const dump = await client.dumpDataDir('gzip');
    await writeFile(file, Buffer.from(await dump.arrayBuffer()), { flag: 'wx' });
  } finally {
    await client.close();
  }
  return 'pglite';
}

/**
 * Restores `file` over the configured database: PostgreSQL's objects are dropped and recreated from the dump; the
 * embedded database's directory is moved aside (`pglite.before-restore-<time>`) and replaced.
 */
export async function restore(target: BackupTarget, file: string): Promise<'postgres' | 'pglite'> {
  const bytes = await readFile(file).catch(() => {
    throw new BackupError(`Cannot read the backup ${file}.`);
  });
  const isPgDump = bytes.subarray(0, PG_DUMP_MAGIC.length).toString('latin1') === PG_DUMP_MAGIC;
  const isGzip = bytes[0] === 0x1f && bytes[1] === 0x8b;
  if (target.databaseUrl) {
    if (!isPgDump) {
      throw new BackupError(
        `${file} is not a PostgreSQL backup (npm run backup with DATABASE_URL set makes one); an embedded database's backup restores with DATABASE_URL unset.`,
      );
    }
    requireTool('pg_restore');
    run('pg_restore', [
      '--clean',
      '--if-exists',
      '--no-owner',
      '--no-privileges',
      '--single-transaction',
      `--dbname=${target.databaseUrl}`,
      file,
    ]);
    return 'postgres';
  }
  if (!isGzip) {
    throw new BackupError(
      `${file} is not a backup of the embedded database; a PostgreSQL backup restores with DATABASE_URL set.`,
    );
  }
  const dir = embeddedDir(target.dataDir);
  const existing = await stat(dir).catch(() => undefined);
  if (existing) await rename(dir, `${dir}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`);
  const client = new PGlite(dir, { loadDataDir: new Blob([bytes]), postgresqlconf: EMBEDDED_POSTGRES_CONF });
  await client.waitReady;
  await client.close();
  return 'pglite';
}

/**
 * Whether a Matome answers on this machine's port: the embedded database must not be copied or replaced under a
 * running server. (A server on another port or machine is the operator's to stop; the runbook says so.)
 */
export async function embeddedServerRunning(host: string, port: number): Promise<boolean> {
  const local = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  try {
    const response = await fetch(
      `http://${local.includes(':') ? `[${local}]` : local}:${port}/api/health/live`,
      {
        signal: AbortSignal.timeout(2_000),
      },
    );
    return response.ok;
  } catch {
    return false;
  }
}
