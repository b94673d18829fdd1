import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { FILE_FOLDERS, PAGE_PATHS } from '../../contract/pages.ts';
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

const pagePaths = new Set<string>(PAGE_PATHS);

/**
 * Serves the built single-page app: hashed assets cached for good, and index.html, revalidated every time, for
 * the app's pages. Any other path is a 404: a page path still gets index.html, so the app shows its error page
 * (docs/decisions/081); an /api path, a missing file under /assets or /docs, and any other method get JSON.
 */
export async function registerWebApp(
  app: FastifyInstance,
  distDir: string,
  pagePolicy: (styleNonce: string) => string,
  pageHtml: (html: string, request: FastifyRequest, reply: FastifyReply) => string = (html) => html,
): Promise<void> {
  const root = path.resolve(distDir);
  const indexPath = path.join(root, 'index.html');
  const indexHtml = existsSync(indexPath) ? readFileSync(indexPath, 'utf8') : null;
  if (indexHtml !== null) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      // Sends the .br or .gz file the build made beside an asset when the browser takes it, with Vary.
      preCompressed: true,
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
    const pathName = request.url.split('?')[0]!.replace(/(.)\/+$/, '$1');
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !/^\/api(\/|$)/.test(pathName) &&
      !FILE_FOLDERS.some((folder) => `${pathName}/`.startsWith(folder));
    if (indexHtml !== null && isPage) {
      const nonce = randomBytes(16).toString('base64');
      return reply
        .code(pagePaths.has(pathName) ? 200 : 404)
        .header('cache-control', 'no-cache')
        .header('content-security-policy', pagePolicy(nonce))
        .type('text/html; charset=utf-8')
        .send(pageHtml(indexHtml, request, reply).replaceAll(CSP_NONCE_PLACEHOLDER, nonce));
    }
    return reply.code(404).send(apiNotFound(request.method, request.url));
  });
}
