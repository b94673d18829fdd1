import { ConfigError, loadSettings } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/client.ts';
import { resolveSecrets } from '../src/server/lib/secrets.ts';
import { createTokenCipher } from '../src/server/lib/token-cipher.ts';
import { createTokenResealRepo } from '../src/server/modules/connections/token-reseal.repo.ts';
import { resealProviderSecrets } from '../src/server/modules/connections/token-reseal.service.ts';

/**
 * `npm run tokens:reseal`: after a new key was put first in TOKEN_ENCRYPTION_KEYS, seals every stored provider
 * secret with it, so the older keys can be dropped (decision 076). Reads the same settings as the server. On the
 * embedded database, stop the server first: PGlite is opened by one process at a time.
 */
async function main(): Promise<void> {
  const settings = loadSettings();
  const secrets = await resolveSecrets(settings, (message) => console.warn(message));
  const cipher = createTokenCipher(secrets.tokenEncryptionKey, secrets.previousTokenEncryptionKeys);
  const database = await openDatabase({ databaseUrl: settings.DATABASE_URL, dataDir: settings.DATA_DIR });
  try {
    const report = await resealProviderSecrets(createTokenResealRepo(database.db), cipher);
    process.stdout.write(
      `Re-sealed ${report.resealed} provider secrets with key ${cipher.keyId}; ` +
        `${report.alreadyCurrent} were already sealed with it.\n`,
    );
    if (report.unreadable > 0) {
      process.stdout.write(
        `${report.unreadable} could not be opened with any configured key; ` +
          'their connections will ask to be connected again.\n',
      );
    }
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
