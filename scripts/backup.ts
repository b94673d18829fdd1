import path from 'node:path';
import { ConfigError, loadSettings } from '../src/server/config.ts';
import { BackupError, backUp, embeddedServerRunning } from '../src/server/db/backup.ts';

/**
 * `npm run backup [-- <file>]`: a backup of Matome's database, with the same settings as the server (decision 161).
 * PostgreSQL (DATABASE_URL): pg_dump, while Matome runs. The embedded database: stop Matome first. The token
 * encryption key is not in the backup; keep it (or DATA_DIR/secrets.json) apart.
 */
async function main(): Promise<void> {
  const settings = loadSettings();
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const embedded = !settings.DATABASE_URL;
  const file = path.resolve(process.argv[2] ?? `matome-backup-${stamp}.${embedded ? 'tar.gz' : 'dump'}`);
  if (embedded && (await embeddedServerRunning(settings.HOST, settings.PORT))) {
    throw new BackupError(
      `Matome is running on port ${settings.PORT}. Stop it first: the embedded database is opened by one process at a time (docs/operations.md, Backups and restore).`,
    );
  }
  const kind = await backUp({ databaseUrl: settings.DATABASE_URL, dataDir: settings.DATA_DIR }, file);
  process.stdout.write(
    `Backed up the ${kind === 'postgres' ? 'PostgreSQL' : 'embedded'} database to ${file}.\n` +
      'It does not hold TOKEN_ENCRYPTION_KEY: keep the key (or DATA_DIR/secrets.json) apart from the backup.\n',
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError || error instanceof BackupError ? error.message : error);
  process.exit(1);
});
