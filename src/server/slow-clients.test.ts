import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { apiErrorSchema } from '../contract/errors.ts';
import { createTestApp, type TestApp } from './test/test-app.ts';

/**
 * A client that sends its request a byte at a time holds a connection (and its memory) for as long as it likes
 * unless the server bounds the time a whole request may take to arrive. Short limits here, so the test need not
 * wait half a minute; the trickle is far faster than any idle timeout would notice.
 */
let testApp: TestApp;
let port: number;
beforeAll(async () => {
  testApp = await createTestApp({ HEADERS_TIMEOUT_MS: '1000', REQUEST_TIMEOUT_MS: '1500' });
  await testApp.app.listen({ host: '127.0.0.1', port: 0 });
  const address = testApp.app.server.address();
  port = typeof address === 'object' && address ? address.port : 0;
});
afterAll(() => testApp.close());

const TRICKLE_INTERVAL_MS = 200;

/**
 * Sends `head` at once, then `trickle` one byte per interval until the server closes the connection or the
 * trickle runs out. Answers what the server sent and how many trickled bytes it took before closing.
 */
function trickle(
  head: string,
  slow: string,
): Promise<{ answer: string; sent: number; closedEarly: boolean }> {
  return new Promise((resolve, reject) => {
    const socket: Socket = connect(port, '127.0.0.1');
    let answer = '';
    let sent = 0;
    let timer: NodeJS.Timeout | undefined;
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => (answer += chunk));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearInterval(timer);
      resolve({ answer, sent, closedEarly: sent < slow.length });
    });
    socket.on('connect', () => {
      socket.write(head);
      timer = setInterval(() => {
        if (sent >= slow.length || socket.destroyed) {
          clearInterval(timer);
          if (!socket.destroyed) socket.end();
          return;
        }
        socket.write(slow[sent]!, (error) => error && reject(error));
        sent += 1;
      }, TRICKLE_INTERVAL_MS);
    });
  });
}

describe('slow clients', () => {
  it('cuts off a body that trickles in a byte at a time, with 408', async () => {
    const body = JSON.stringify({ email: 'slow@example.com', password: 'x'.repeat(60) });
    const head =
      'POST /api/auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n' +
      `Content-Length: ${body.length}\r\n\r\n`;
    const { answer, closedEarly } = await trickle(head, body);
    expect(closedEarly).toBe(true);
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    const error = z
      .strictObject(apiErrorSchema.shape)
      .parse(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)));
    expect(error.statusCode).toBe(408);
  }, 30_000);

  it('cuts off headers that trickle in a byte at a time', async () => {
    const headers = `X-Slow: ${'y'.repeat(100)}\r\n\r\n`;
    const { answer, closedEarly } = await trickle('GET /api/health HTTP/1.1\r\nHost: localhost\r\n', headers);
    expect(closedEarly).toBe(true);
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
  }, 30_000);

  it('still serves a request that arrives at an ordinary pace', async () => {
    const response = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(response.status).toBe(200);
  });
});
