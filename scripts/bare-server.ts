import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

/**
 * The comparison for `npm run bench`: a bare Fastify 5 server that answers GET /api/health and, at GET /bytes, the
 * file BARE_BODY_FILE as it is (the bytes Matome sent for the same request) with the same content type; at
 * GET /bytes.br the file BARE_BROTLI_FILE, marked `content-encoding: br`. Nothing else: no logging, no
 * authentication, no database. Started by the bench on PORT.
 */
const plain = process.env.BARE_BODY_FILE ? readFileSync(process.env.BARE_BODY_FILE) : Buffer.from('{}');
const brotli = process.env.BARE_BROTLI_FILE ? readFileSync(process.env.BARE_BROTLI_FILE) : undefined;
const app = Fastify({ logger: false });
app.get('/api/health', async () => ({ status: 'ok' }));
app.get('/bytes', async (_request, reply) => reply.type('application/json; charset=utf-8').send(plain));
if (brotli) {
  app.get('/bytes.br', async (_request, reply) =>
    reply.type('application/json; charset=utf-8').header('content-encoding', 'br').send(brotli),
  );
}
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
