import path from 'node:path';
import { ConfigError, loadSettings } from '../src/server/config.ts';
import { BackupError, embeddedServerRunning, restore } from '../src/server/db/backup.ts';

/**
 * `npm run restore -- <file>`: puts a backup from `npm run backup` back, over the database the settings name
 * (decision 161). Stop Matome first (every instance); start it again afterwards with the same TOKEN_ENCRYPTION_KEY.
 */
async function main(): Promise<void> {
  const settings = loadSettings();
  const given = process.argv[2];
  if (!given) throw new BackupError('Which backup? npm run restore -- <file>');
  if (await embeddedServerRunning(settings.HOST, settings.PORT)) {
    throw new BackupError(
      `Matome is running on port ${settings.PORT}. Stop it (every instance) before restoring.`,
    );
  }
  const file = path.resolve(given);
  const kind = await restore({ databaseUrl: settings.DATABASE_URL, dataDir: settings.DATA_DIR }, file);
  process.stdout.write(
    `Restored ${file} into the ${kind === 'postgres' ? 'PostgreSQL' : 'embedded'} database` +
      (kind === 'pglite' ? ` (the one it replaced is kept beside it in ${settings.DATA_DIR})` : '') +
      '. Start Matome with the same TOKEN_ENCRYPTION_KEY as when the backup was taken.\n',
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError || error instanceof BackupError ? error.message : error);
  process.exit(1);
});
