import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.ts';
import { ConfigError, loadSettings } from './config.ts';
import { resolveSecrets } from './lib/secrets.ts';
import { loggerOptions } from './plugins/logging.ts';

/**
 * A worker process (`npm run worker`): the same services as a web instance, serving no HTTP, running the
 * background jobs of the shared queues (issue 16). Start as many as the gathering needs, beside the web instances.
 */
async function main(): Promise<void> {
  const settings = loadSettings();
  if (!settings.REDIS_URL) {
    throw new ConfigError('npm run worker needs REDIS_URL: workers take their jobs from queues in Redis');
  }
  const secrets = await resolveSecrets(settings, () => {});
  const app = await buildApp({
    settings,
    secrets,
    runJobs: true,
    logger: loggerOptions(settings.LOG_LEVEL, { pretty: process.stdout.isTTY === true }),
  });
  await app.ready();
  // Closing waits for the jobs in progress (a gathering waits for providers up to PROVIDER_TIMEOUT_MS per call).
  closeWithGrace({ delay: 25_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'worker shutting down after an error');
    else app.log.info(`${signal} received, worker finishing its jobs`);
    await app.close();
  });
  app.log.info('worker ready: running background jobs');
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
