import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

/**
 * Shutting down: the server stops accepting connections and waits until every open one has closed before the
 * database closes (onClose hooks run after that). A keep-alive connection whose request was in flight when
 * closing began would otherwise stay open, idle, until the client hangs up, holding the shutdown until it is
 * killed; so while closing, every answer ends its connection, and connections that go idle meanwhile (a live
 * stream whose browser just hung up, a keep-alive socket whose last answer just finished) are closed within a
 * quarter of a second rather than only those idle at the moment closing began.
 *
 * Node counts a connection that has not sent a single byte yet (a browser's or HTTP client's speculative
 * connection) as neither idle nor busy, so closing idle connections leaves it open until the client sends or
 * hangs up: it held a closing instance past a minute (decision 137's open question, decision 161). While closing,
 * such connections are closed too: nothing is in flight on them.
 */
export function registerGracefulClose(app: FastifyInstance): void {
  let closing = false;
  const silent = new Set<Socket>();
  app.server.on('connection', (socket: Socket) => {
    if (closing) {
      socket.destroy();
      return;
    }
    silent.add(socket);
    socket.once('data', () => silent.delete(socket));
    socket.once('close', () => silent.delete(socket));
  });
  app.addHook('preClose', async () => {
    closing = true;
    const sweep = setInterval(() => {
      app.server.closeIdleConnections();
      for (const socket of silent) if (socket.bytesRead === 0) socket.destroy();
    }, 250).unref();
    app.server.once('close', () => clearInterval(sweep));
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });
}
