import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.ts';
import { ConfigError, loadSettings } from './config.ts';
import { resolveSecrets } from './lib/secrets.ts';
import { loggerOptions } from './plugins/logging.ts';

async function main(): Promise<void> {
  const settings = loadSettings();
  const pendingNotices: string[] = [];
  const secrets = await resolveSecrets(settings, (message) => pendingNotices.push(message));
  const app = await buildApp({
    settings,
    secrets,
    logger: loggerOptions(settings.LOG_LEVEL, { pretty: process.stdout.isTTY === true }),
  });
  // Generating the secrets on a first start is expected; it is worth knowing, not a warning.
  for (const notice of pendingNotices) app.log.info(notice);

  // Requests in flight are finished before the database closes (plugins/graceful-close.ts); a gathering waits for
  // providers up to PROVIDER_TIMEOUT_MS per call, so allow well beyond that, within a typical 30 s stop timeout.
  closeWithGrace({ delay: 25_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info(`${signal} received, shutting down`);
    await app.close();
  });

  await app.listen({ host: settings.HOST, port: settings.PORT });
  const database = settings.DATABASE_URL ? 'PostgreSQL' : `the embedded database in ${settings.DATA_DIR}`;
  // One line for the person who started it, whatever the log level; the logs carry the details.
  process.stdout.write(
    `\nMatome is ready: open http://localhost:${settings.PORT} in your browser (${database}). Press Ctrl+C to stop.\n\n`,
  );
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
