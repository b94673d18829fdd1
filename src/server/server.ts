import closeWithGrace from 'close-with-grace';
import { ConfigError, loadSettings } from './config.ts';
import { resolveSecrets } from './lib/secrets.ts';
import { listenWhileStarting } from './lib/starting-listener.ts';
import { loggerOptions } from './plugins/logging.ts';
import { startTracingIfConfigured, stopTracing } from './tracing/tracing-switch.ts';

async function main(): Promise<void> {
  const settings = loadSettings();
  // Tracing (when an OTLP endpoint is set) starts before the app's modules load, so that it can instrument them.
  await startTracingIfConfigured('matome');
  const { buildApp } = await import('./app.ts');
  const pendingNotices: string[] = [];
  const secrets = await resolveSecrets(settings, (message) => pendingNotices.push(message));
  // Probes get "starting" while the database opens and migrates, rather than a refused connection.
  const starting = await listenWhileStarting({ host: settings.HOST, port: settings.PORT });
  const app = await buildApp({
    settings,
    secrets,
    logger: loggerOptions(settings.LOG_LEVEL, { pretty: process.stdout.isTTY === true }),
  }).catch(async (error: unknown) => {
    await starting.close();
    throw error;
  });
  // Generating the secrets on a first start is expected; it is worth knowing, not a warning.
  for (const notice of pendingNotices) app.log.info(notice);

  // Stopping (decision 161): not ready at once, so a load balancer stops sending; serving on for the drain time;
  // then requests in flight are finished before the database closes (plugins/graceful-close.ts). A gathering waits
  // for providers up to PROVIDER_TIMEOUT_MS per call, so the grace allows well beyond that, within a typical 30 s
  // stop timeout; connections still open shortly before it ends are cut, so that the jobs and the database still
  // close in order before close-with-grace stops the process.
  closeWithGrace({ delay: settings.SHUTDOWN_GRACE_MS }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info(`${signal} received, shutting down`);
    app.readiness.beginStopping();
    if (settings.SHUTDOWN_DRAIN_MS > 0 && !err) {
      await new Promise((resolve) => setTimeout(resolve, settings.SHUTDOWN_DRAIN_MS));
    }
    const closing = settings.SHUTDOWN_GRACE_MS - settings.SHUTDOWN_DRAIN_MS;
    setTimeout(
      () => {
        app.log.warn('connections still open as the shutdown grace runs out: closing them');
        app.server.closeAllConnections();
      },
      Math.max(closing / 2, closing - 5_000),
    ).unref();
    await app.close();
    await stopTracing();
  });

  await starting.close();
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
