import { createServer, type ServerResponse } from 'node:http';
import type { ReadinessResponse } from '../../contract/health.ts';
import type { Readiness } from '../modules/health/readiness.ts';
import { closeNow, listen } from './listen.ts';

const send = (response: ServerResponse, status: number, body: object) => {
  response.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
    ...(status === 503 ? { 'retry-after': '5' } : {}),
  });
  response.end(JSON.stringify(body));
};

/**
 * A worker's probes (decision 163), on `WORKER_HEALTH_PORT`: the paths and answers of a web instance's
 * (decision 161), on a listener of their own since a worker serves no HTTP. Open from the process' start: live is
 * 200 at once, ready is `503 starting` until the worker runs (`serve`), then the app's own readiness (database,
 * migrations, Redis, queues), `503 stopping` from the signal on.
 */
export async function listenForWorkerProbes(options: { host: string; port: number }) {
  let readiness: Readiness | undefined;
  const starting: ReadinessResponse = { status: 'starting', checks: {}, failing: ['migrations'] };
  const server = createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      send(response, 405, {
        statusCode: 405,
        error: 'Method Not Allowed',
        message: 'Probes are read with GET',
      });
    } else if (path === '/api/health/live') {
      send(response, 200, { status: 'alive' });
    } else if (path === '/api/health/ready') {
      (readiness?.probe() ?? Promise.resolve(starting)).then(
        (answer) => send(response, answer.status === 'ready' ? 200 : 503, answer),
        () => send(response, 503, { status: 'not_ready', checks: {}, failing: [] }),
      );
    } else {
      send(response, 404, { statusCode: 404, error: 'Not Found', message: 'Not Found', code: 'NOT_FOUND' });
    }
  });
  await listen(server, options.port, options.host);
  return {
    /** The worker runs: ready now answers what the app's readiness says. */
    serve(appReadiness: Readiness): void {
      readiness = appReadiness;
    },
    close: () => closeNow(server),
  };
}
