import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../../lib/http-error.ts';
import { listen } from '../../lib/listen.ts';
import { onSecurityEvent } from '../../lib/security-events.ts';
import type { Metrics } from './metrics.ts';

export type MetricsExposure = {
  /** Unset: metrics are off, `GET /metrics` answers 404. */
  token: string | undefined;
  /** Set: `/metrics` is served on this port only (a web instance's and a worker's), not beside the app. */
  port: number | undefined;
  host: string;
};

const KNOWN_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Whether the request carries `Authorization: Bearer <token>`, compared in constant time. */
function authorized(header: string | string[] | undefined, token: string): boolean {
  const value = Array.isArray(header) ? header[0] : header;
  const match = /^Bearer (.+)$/i.exec(value ?? '');
  return match?.[1] !== undefined && timingSafeEqual(digest(match[1]), digest(token));
}

/**
 * Counts every request when metrics can be read, feeds security events to the metrics, and serves `/metrics` in
 * Prometheus' text format to whoever shows the token: beside the app, or on a port of its own with `METRICS_PORT`.
 */
export function registerMetrics(app: FastifyInstance, metrics: Metrics, exposure: MetricsExposure): void {
  onSecurityEvent(app, (event) => metrics.securityEvent(event));
  const { token } = exposure;
  // Without a token nobody can read the counts, so requests are not counted: a few microseconds of every answer
  // (decision 172).
  if (token !== undefined)
    app.addHook('onResponse', (request, reply, done) => {
      const method = KNOWN_METHODS.has(request.method) ? request.method : 'OTHER';
      metrics.request(
        request.routeOptions.url ?? 'unmatched',
        method,
        reply.statusCode,
        reply.elapsedTime / 1000,
      );
      done();
    });

  const servedHere = token !== undefined && exposure.port === undefined;
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!servedHere) throw new HttpError(404, 'Not Found', 'NOT_FOUND');
    if (!authorized(request.headers.authorization, token)) {
      throw new HttpError(401, 'Metrics need the bearer token', 'UNAUTHORIZED', {
        'www-authenticate': 'Bearer realm="metrics"',
      });
    }
    return reply
      .header('cache-control', 'no-store')
      .type(metrics.registry.contentType)
      .send(await metrics.registry.metrics());
  });

  if (token !== undefined && exposure.port !== undefined) {
    const server = metricsServer(metrics, token);
    app.addHook('onReady', () => listen(server, exposure.port ?? 0, exposure.host));
    app.addHook('onClose', () => new Promise<void>((resolve) => server.close(() => resolve())));
  }
}

function metricsServer(metrics: Metrics, token: string): Server {
  const answer = async (
    request: IncomingMessage,
  ): Promise<{ status: number; body: string; type?: string }> => {
    const path = new URL(request.url ?? '/', 'http://metrics').pathname;
    if (path !== '/metrics' || request.method !== 'GET') return { status: 404, body: 'Not Found\n' };
    if (!authorized(request.headers.authorization, token)) return { status: 401, body: 'Unauthorized\n' };
    return { status: 200, body: await metrics.registry.metrics(), type: metrics.registry.contentType };
  };
  return createServer((request, response) => {
    answer(request).then(
      ({ status, body, type }) => {
        response.writeHead(status, {
          'content-type': type ?? 'text/plain; charset=utf-8',
          'cache-control': 'no-store',
          ...(status === 401 ? { 'www-authenticate': 'Bearer realm="metrics"' } : {}),
        });
        response.end(body);
      },
      () => {
        response.writeHead(500).end();
      },
    );
  });
}
