import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { apiNotFound } from './errors.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serves the built single-page app: hashed assets cached for good, index.html revalidated every time, and
 * index.html for every other page path so the client router can take over. Unknown /api paths get JSON.
 */
export async function registerWebApp(app: FastifyInstance, distDir: string): Promise<void> {
  const root = path.resolve(distDir);
  const hasBuild = existsSync(path.join(root, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      setHeaders: (reply, filePath) => {
        const relative = path.relative(root, filePath);
        if (relative.startsWith(`assets${path.sep}`)) reply.header('cache-control', IMMUTABLE);
        else if (relative.endsWith('.html')) reply.header('cache-control', 'no-cache');
        else reply.header('cache-control', 'public, max-age=3600');
      },
    });
  } else {
    app.log.warn(`No web build in ${root}; only the API is served. Run "npm run build".`);
  }

  app.setNotFoundHandler((request, reply) => {
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') && !/^\/api(\/|$)/.test(request.url);
    if (hasBuild && isPage) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.code(404).send(apiNotFound(request.method, request.url));
  });
}
