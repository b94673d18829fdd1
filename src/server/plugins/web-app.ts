import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LANGUAGE_COOKIE, languages, SESSION_HINT_COOKIE } from '../../contract/auth-constants.ts';
import { PAGE_PRELOADS_FILE, type PagePreloads } from '../../contract/page-preloads.ts';
import { FILE_FOLDERS, landingPageFile, PAGE_PATHS } from '../../contract/pages.ts';
import { acceptedEncoding, encodeText } from '../lib/encoded-answer.ts';
import { apiNotFound } from './errors.ts';
import { landingVariant, pageLanguage } from './page-meta.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';
/**
 * The service worker and the web app manifest keep their names across releases: a browser asks again every time,
 * so a new release reaches installed apps at their next start (docs/decisions/158).
 */
const REVALIDATED_FILES = new Set(['sw.js', 'manifest.webmanifest']);
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
 * A page differs on every request (its nonce), so it is compressed as it is sent: the landing page's 28 kB become
 * about 6 kB, which a phone on a slow network feels, for well under a millisecond of a worker thread.
 */
async function sendCompressed(
  request: FastifyRequest,
  reply: FastifyReply,
  page: string,
): Promise<FastifyReply> {
  const vary = reply.getHeader('vary');
  reply.header('vary', vary ? `${String(vary)}, Accept-Encoding` : 'Accept-Encoding');
  const encoding = acceptedEncoding(request);
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  return reply.send(await encodeText(Buffer.from(page, 'utf8'), encoding));
}

function readIfBuilt(filePath: string): string | null {
  return existsSync(filePath) ? readFileSync(filePath, 'utf8') : null;
}

const ASSET_PATH = /^\/assets\/[\w.-]+\.(?:js|css)$/;

/** The build's list of what each page loads (`scripts/page-preloads-plugin.ts`); an older build has none. */
function readPagePreloads(root: string): PagePreloads['pages'] {
  const text = readIfBuilt(path.join(root, PAGE_PRELOADS_FILE));
  if (text === null) return {};
  const pages = (JSON.parse(text) as PagePreloads).pages;
  // Only hashed asset paths go into a page: nothing in the file can write markup.
  const files = Object.values(pages).flatMap((page) => [
    ...page.scripts,
    ...page.styles,
    ...Object.values(page.strings).flat(),
  ]);
  const unexpected = files.find((file) => !ASSET_PATH.test(file));
  if (unexpected !== undefined)
    throw new Error(`${PAGE_PRELOADS_FILE} names ${unexpected}, not a built asset`);
  return pages;
}

/**
 * The links that start a page's own scripts (its lazy routes, their imports, its strings in the page's language)
 * while the entry is still arriving, instead of after it has arrived and run: on a phone's network that was one
 * round trip and the entry's start-up before the first screen's code was asked for (docs/decisions/173). A page
 * only a signed-in visitor sees gets them only from a browser that holds a session; anyone else is sent to sign in.
 */
function preloadLinks(page: PagePreloads['pages'][string] | undefined, request: FastifyRequest): string {
  if (!page) return '';
  if (page.signedIn && request.cookies[SESSION_HINT_COOKIE] === undefined) return '';
  const language = pageLanguage(
    request.query,
    request.cookies[LANGUAGE_COOKIE],
    request.headers['accept-language'],
  );
  const nonce = `nonce="${CSP_NONCE_PLACEHOLDER}"`;
  return [
    ...(page.strings[language] ?? []).map(
      (file) => `<link rel="modulepreload" crossorigin href="${file}" ${nonce}>`,
    ),
    ...page.scripts.map((file) => `<link rel="modulepreload" crossorigin href="${file}" ${nonce}>`),
    ...page.styles.map((file) => `<link rel="preload" as="style" crossorigin href="${file}" ${nonce}>`),
  ].join('');
}

/**
 * Serves the built web app: hashed assets cached for good; the landing page as the HTML the build made of it in the
 * visitor's language (docs/decisions/138); and index.html, the single-page app, for every other page, all
 * revalidated every time. Any other path is a 404: a page path still gets index.html, so the app shows its error
 * page (docs/decisions/081); an /api path, a missing file under /assets or /docs, and any other method get JSON.
 */
export async function registerWebApp(
  app: FastifyInstance,
  distDir: string,
  pagePolicy: (styleNonce: string) => string,
  pageHtml: (html: string, request: FastifyRequest, reply: FastifyReply) => string = (html) => html,
): Promise<void> {
  const root = path.resolve(distDir);
  const indexHtml = readIfBuilt(path.join(root, 'index.html'));
  const pagePreloads = readPagePreloads(root);
  const landingHtml = new Map<string, string>();
  for (const language of languages) {
    for (const signedIn of [false, true]) {
      const html = readIfBuilt(path.join(root, landingPageFile(language, signedIn)));
      if (html !== null) landingHtml.set(landingPageFile(language, signedIn), html);
    }
  }
  if (indexHtml !== null) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      // Sends the .br or .gz file the build made beside an asset when the browser takes it, with Vary.
      preCompressed: true,
      // Pages are only ever served with their nonce filled in, below.
      allowedPath: (pathName) => !pathName.endsWith('.html'),
      setHeaders: (reply, filePath) => {
        const relative = path.relative(root, filePath);
        if (relative.startsWith(`assets${path.sep}`)) reply.header('cache-control', IMMUTABLE);
        else if (REVALIDATED_FILES.has(relative)) reply.header('cache-control', 'no-cache');
        else reply.header('cache-control', 'public, max-age=3600');
        if (filePath.endsWith('.pdf')) reply.header('content-security-policy', PDF_CONTENT_SECURITY_POLICY);
      },
    });
    if (landingHtml.size < languages.length * 2) {
      app.log.warn(`The web build in ${root} has no landing page; / shows an error. Run "npm run build".`);
    }
  } else {
    app.log.warn(`No web build in ${root}; only the API is served. Run "npm run build".`);
  }

  app.setNotFoundHandler(async (request, reply) => {
    const pathName = request.url.split('?')[0]!.replace(/(.)\/+$/, '$1');
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !/^\/api(\/|$)/.test(pathName) &&
      !FILE_FOLDERS.some((folder) => `${pathName}/`.startsWith(folder));
    if (indexHtml !== null && isPage) {
      const nonce = randomBytes(16).toString('base64');
      const landing = landingVariant(request.query, request.cookies, request.headers['accept-language']);
      const landingPage =
        pathName === '/' && landingHtml.get(landingPageFile(landing.language, landing.signedIn));
      const html =
        landingPage ||
        indexHtml.replace(
          '</head>',
          `${preloadLinks(pagePaths.has(pathName) ? pagePreloads[pathName] : undefined, request)}</head>`,
        );
      // The preloads follow the page's language and the session hint.
      reply.header('vary', 'Accept-Language, Cookie');
      const page = pageHtml(html, request, reply).replaceAll(CSP_NONCE_PLACEHOLDER, nonce);
      reply
        .code(pagePaths.has(pathName) ? 200 : 404)
        .header('cache-control', 'no-cache')
        .header('content-security-policy', pagePolicy(nonce))
        .type('text/html; charset=utf-8');
      return sendCompressed(request, reply, page);
    }
    return reply.code(404).send(apiNotFound(request.method, request.url));
  });
}
