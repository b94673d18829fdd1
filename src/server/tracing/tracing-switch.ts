import type { Telemetry } from 'bullmq';
import { ConfigError } from '../config.ts';

/**
 * Whether traces are on, and the little the rest of the server needs to know of them. Nothing here imports
 * OpenTelemetry: without an OTLP endpoint no OpenTelemetry module is ever loaded (decision 163).
 */
type StartedTracing = {
  /** BullMQ's `telemetry` option, for every Queue and Worker. */
  queueTelemetry: Telemetry;
  /** Sends the spans still buffered and stops. */
  shutdown(): Promise<void>;
};

let started: StartedTracing | undefined;

/** The OTLP endpoint traces go to, when the standard variables ask for traces at all. */
export function tracesEndpoint(env: NodeJS.ProcessEnv): string | undefined {
  if (env.OTEL_SDK_DISABLED?.trim().toLowerCase() === 'true') return undefined;
  if (env.OTEL_TRACES_EXPORTER?.trim().toLowerCase() === 'none') return undefined;
  const endpoint = env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim() || env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim();
  return endpoint || undefined;
}

/**
 * Starts tracing when an OTLP endpoint is set. Call it before the app's modules are imported: the instrumentations
 * can only wrap PostgreSQL's and Redis' clients that load after them.
 */
export async function startTracingIfConfigured(
  defaultServiceName: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<boolean> {
  const endpoint = tracesEndpoint(env);
  if (endpoint === undefined) return false;
  if (!URL.canParse(endpoint) || !/^https?:$/.test(new URL(endpoint).protocol)) {
    throw new ConfigError(
      'OTEL_EXPORTER_OTLP_ENDPOINT (or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) must be an http:// or https:// URL of an OTLP/HTTP receiver',
    );
  }
  const { startTracing } = await import('./tracing.ts');
  started = startTracing({ defaultServiceName });
  return true;
}

/** BullMQ's telemetry option while tracing is on; nothing otherwise. */
export function queueTelemetry(): { telemetry?: Telemetry } {
  return started ? { telemetry: started.queueTelemetry } : {};
}

/** Flushes and stops tracing, if it was started; the last step of a shutdown. */
export async function stopTracing(): Promise<void> {
  await started?.shutdown();
  started = undefined;
}
