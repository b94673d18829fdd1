import type { FastifyInstance } from 'fastify';

/**
 * Shutting down: the server stops accepting connections and waits until every open one has closed before the
 * database closes (onClose hooks run after that). A keep-alive connection whose request was in flight when
 * closing began would otherwise stay open, idle, until the client hangs up, holding the shutdown until it is
 * killed; so while closing, every answer ends its connection.
 */
export function registerGracefulClose(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });
}
