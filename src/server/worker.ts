import closeWithGrace from 'close-with-grace';
import { ConfigError, loadSettings } from './config.ts';
import { resolveSecrets } from './lib/secrets.ts';
import { listenForWorkerProbes } from './lib/worker-probes.ts';
import { loggerOptions } from './plugins/logging.ts';
import { startTracingIfConfigured, stopTracing } from './tracing/tracing-switch.ts';

/**
 * A worker process (`npm run worker`): the same services as a web instance, serving no HTTP, running the
 * background jobs of the shared queues (issue 16). Start as many as the gathering needs, beside the web instances.
 * With WORKER_HEALTH_PORT it answers an orchestrator's live and ready probes there (decision 163).
 */
async function main(): Promise<void> {
  const settings = loadSettings();
  if (!settings.REDIS_URL) {
    throw new ConfigError('npm run worker needs REDIS_URL: workers take their jobs from queues in Redis');
  }
  // Tracing (when an OTLP endpoint is set) starts before the app's modules load, so that it can instrument them.
  await startTracingIfConfigured('matome-worker');
  const probes =
    settings.WORKER_HEALTH_PORT === undefined
      ? undefined
      : await listenForWorkerProbes({ host: settings.HOST, port: settings.WORKER_HEALTH_PORT });
  const { buildApp } = await import('./app.ts');
  const secrets = await resolveSecrets(settings, () => {});
  const app = await buildApp({
    settings,
    secrets,
    runJobs: true,
    logger: loggerOptions(settings.LOG_LEVEL, { pretty: process.stdout.isTTY === true }),
  }).catch(async (error: unknown) => {
    await probes?.close();
    throw error;
  });
  await app.ready();
  // Closing waits for the jobs in progress (a gathering waits for providers up to PROVIDER_TIMEOUT_MS per call).
  closeWithGrace({ delay: settings.SHUTDOWN_GRACE_MS }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'worker shutting down after an error');
    else app.log.info(`${signal} received, worker finishing its jobs`);
    app.readiness.beginStopping();
    await app.close();
    await probes?.close();
    await stopTracing();
  });
  probes?.serve(app.readiness);
  app.log.info('worker ready: running background jobs');
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
