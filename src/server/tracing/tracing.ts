import { readFileSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { register } from 'node:module';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import FastifyOtelInstrumentation from '@fastify/otel';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { IORedisInstrumentation } from '@opentelemetry/instrumentation-ioredis';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { UndiciInstrumentation } from '@opentelemetry/instrumentation-undici';
import {
  defaultResource,
  detectResources,
  envDetector,
  resourceFromAttributes,
} from '@opentelemetry/resources';
import { BatchSpanProcessor, NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import { ATTR_SERVICE_NAME, ATTR_SERVICE_VERSION } from '@opentelemetry/semantic-conventions';
import { BullMQOtel } from 'bullmq-otel';
import { projectRoot } from '../lib/project-root.ts';
import { tracePgliteQueries } from './pglite-spans.ts';
import { RedactingSpanProcessor } from './redaction.ts';

/** Modules the instrumentations patch that the server imports as ES modules: only these go through the hook. */
const HOOKED_MODULES = ['pg', 'pg-pool', 'ioredis', 'http', 'https', 'node:http', 'node:https'];
/** Probes and scrapes come every few seconds and say nothing a trace would add. */
const UNTRACED_PATHS = new Set(['/api/health/live', '/api/health/ready', '/metrics']);
const TRACER_NAME = 'matome';

const version = (
  JSON.parse(readFileSync(path.join(projectRoot, 'package.json'), 'utf8')) as { version: string }
).version;

const untraced = (url: string | undefined) => UNTRACED_PATHS.has((url ?? '/').split('?')[0] ?? '/');

/**
 * OpenTelemetry for this process (decision 163), loaded only when an OTLP endpoint is set: spans of the HTTP server
 * and its Fastify routes, of outgoing calls (fetch through undici, and node:http for the Slack SDK, Stripe and web
 * push), of PostgreSQL (pg) or the embedded database (PGlite), of Redis (ioredis) and of BullMQ's jobs, sent over
 * OTLP/HTTP as JSON. The exporter, the batch processor, the sampler and the resource read the standard `OTEL_*`
 * variables themselves.
 */
export function startTracing(options: { defaultServiceName: string }) {
  // Before any instrumented module loads, so that ES-module imports of them can be wrapped.
  register('@opentelemetry/instrumentation/hook.mjs', import.meta.url, { data: { include: HOOKED_MODULES } });

  const resource = defaultResource()
    .merge(
      resourceFromAttributes({
        [ATTR_SERVICE_NAME]: options.defaultServiceName,
        [ATTR_SERVICE_VERSION]: version,
      }),
    )
    // OTEL_SERVICE_NAME and OTEL_RESOURCE_ATTRIBUTES win over the defaults.
    .merge(detectResources({ detectors: [envDetector] }));
  const provider = new NodeTracerProvider({
    resource,
    spanProcessors: [new RedactingSpanProcessor(), new BatchSpanProcessor(new OTLPTraceExporter())],
  });
  provider.register();

  registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      new HttpInstrumentation({
        ignoreIncomingRequestHook: (request: IncomingMessage) => untraced(request.url),
      }),
      new UndiciInstrumentation(),
      new FastifyOtelInstrumentation({
        registerOnInitialization: true,
        // A span per request and per handler; one per hook as well would triple every trace for little.
        instrumentHooks: false,
        ignorePaths: (route: { url?: string }) => untraced(route.url),
      }),
      new PgInstrumentation({ requireParentSpan: true }),
      // The command's name only: its arguments are keys with user ids and values with cached messages.
      new IORedisInstrumentation({ requireParentSpan: true, dbStatementSerializer: (command) => command }),
    ],
  });
  tracePgliteQueries(PGlite.prototype, provider.getTracer(TRACER_NAME, version));

  return {
    queueTelemetry: new BullMQOtel(TRACER_NAME, version),
    shutdown: () => provider.shutdown(),
  };
}
