import { createServer } from 'node:http';
import type { ReadinessResponse } from '../../contract/health.ts';
import { closeNow, listen } from './listen.ts';

/**
 * What the port answers while the app starts (opening the database and applying migrations can take a while): the
 * process is alive, it is not ready, and every other request gets 503 with a Retry-After, so a load balancer or an
 * orchestrator that probes it early learns "starting", not "refused" (decision 161). Closed just before the app
 * listens on the same port.
 */
export async function listenWhileStarting(options: {
  host: string;
  port: number;
}): Promise<{ close: () => Promise<void> }> {
  const server = createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    const [status, body] =
      path === '/api/health/live'
        ? [200, { status: 'alive' }]
        : path === '/api/health/ready'
          ? [503, { status: 'starting', checks: {}, failing: ['migrations'] } satisfies ReadinessResponse]
          : [
              503,
              {
                statusCode: 503,
                error: 'Service Unavailable',
                message: 'Matome is starting',
                code: 'STARTING',
              },
            ];
    response.writeHead(status, {
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'close',
      ...(status === 503 ? { 'retry-after': '5' } : {}),
    });
    response.end(JSON.stringify(body));
  });
  await listen(server, options.port, options.host);
  return { close: () => closeNow(server) };
}
