import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { apiNotFound } from './errors.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';
/**
 * Chromium shows a PDF through an internal <embed> that the document's own policy governs, so the app's policy
 * (`object-src 'none'`, no inline styles) would block the help guides; a PDF runs none of our code, so it only keeps
 * the framing rule.
 */
const PDF_CONTENT_SECURITY_POLICY = "frame-ancestors 'self'";
/** Written into the built index.html by Vite (`html.cspNonce`); replaced by a fresh nonce for every page served. */
export const CSP_NONCE_PLACEHOLDER = 'MATOME_CSP_NONCE';

/**
 * Serves the built single-page app: hashed assets cached for good, index.html revalidated every time, and
 * index.html for every other page path so the client router can take over. Unknown /api paths get JSON.
 */
export async function registerWebApp(
  app: FastifyInstance,
  distDir: string,
  pagePolicy: (styleNonce: string) => string,
): Promise<void> {
  const root = path.resolve(distDir);
  const indexPath = path.join(root, 'index.html');
  const indexHtml = existsSync(indexPath) ? readFileSync(indexPath, 'utf8') : null;
  if (indexHtml !== null) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      // index.html is only ever served with its nonce filled in, below.
      allowedPath: (pathName) => pathName !== '/index.html',
      setHeaders: (reply, filePath) => {
        const relative = path.relative(root, filePath);
        if (relative.startsWith(`assets${path.sep}`)) reply.header('cache-control', IMMUTABLE);
        else reply.header('cache-control', 'public, max-age=3600');
        if (filePath.endsWith('.pdf')) reply.header('content-security-policy', PDF_CONTENT_SECURITY_POLICY);
      },
    });
  } else {
    app.log.warn(`No web build in ${root}; only the API is served. Run "npm run build".`);
  }

  app.setNotFoundHandler((request, reply) => {
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') && !/^\/api(\/|$)/.test(request.url);
    if (indexHtml !== null && isPage) {
      const nonce = randomBytes(16).toString('base64');
      return reply
        .header('cache-control', 'no-cache')
        .header('content-security-policy', pagePolicy(nonce))
        .type('text/html; charset=utf-8')
        .send(indexHtml.replaceAll(CSP_NONCE_PLACEHOLDER, nonce));
    }
    return reply.code(404).send(apiNotFound(request.method, request.url));
  });
}
