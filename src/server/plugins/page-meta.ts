import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isLanguage, LANGUAGE_COOKIE, SESSION_HINT_COOKIE } from '../../contract/auth-constants.ts';
import { languages, type Language } from '../../contract/auth.ts';
import { LANGUAGE_QUERY_PARAMETER, PUBLIC_PAGE_META, publicPageMeta } from '../../contract/page-meta.ts';

/** Must match the web app's readers (src/web/lib/page-config.ts). */
const SUPPORT_EMAIL_META_NAME = 'matome:support-email';
const REVERSE_GEOCODING_META_NAME = 'matome:reverse-geocoding-url';

/** Pages that only make sense signed in or in the middle of a flow: no crawler should spend time on them. */
const DISALLOWED_PATHS = [
  '/dashboard',
  '/tags',
  '/rules',
  '/account',
  '/auth/callback',
  '/subscription/',
  '/api/',
];

const OPEN_GRAPH_LOCALE = { en: 'en_US', jp: 'ja_JP' } as const;
/** `<html lang>` and `hreflang` name Japanese `ja`. */
export const HTML_LANG = { en: 'en', jp: 'ja' } as const;

function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('"', '&quot;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;');
}

/** The page's language: `?lang=`, then the visitor's stored choice, then the browser's first preference. */
export function pageLanguage(
  query: unknown,
  chosen: string | undefined,
  acceptLanguage: string | undefined,
): Language {
  const asked = (query as Record<string, unknown> | undefined)?.[LANGUAGE_QUERY_PARAMETER];
  if (isLanguage(asked)) return asked;
  if (isLanguage(chosen)) return chosen;
  const preferred = (acceptLanguage ?? '')
    .split(',')
    .map((part) => {
      const [tag = '', ...parameters] = part.trim().split(';');
      const quality = parameters.find((parameter) => parameter.trim().startsWith('q='));
      return { tag: tag.toLowerCase(), quality: quality ? Number(quality.trim().slice(2)) || 0 : 1 };
    })
    .filter(({ tag, quality }) => tag !== '' && quality > 0)
    .sort((a, b) => b.quality - a.quality)[0];
  return preferred?.tag.startsWith('ja') ? 'jp' : 'en';
}

function requestLanguage(request: FastifyRequest): Language {
  return pageLanguage(request.query, request.cookies[LANGUAGE_COOKIE], request.headers['accept-language']);
}

/**
 * Which built landing page a visitor gets (docs/decisions/138): the page's language, and whether the browser holds
 * a session (the session hint cookie), whose header then leads to the inbox. The server and the dev server both ask.
 */
export function landingVariant(
  query: unknown,
  cookies: Record<string, string | undefined>,
  acceptLanguage: string | undefined,
): { language: Language; signedIn: boolean } {
  return {
    language: pageLanguage(query, cookies[LANGUAGE_COOKIE], acceptLanguage),
    signedIn: cookies[SESSION_HINT_COOKIE] !== undefined,
  };
}

function pageUrl(publicUrl: string, path: string, language: Language): string {
  return `${publicUrl}${path === '/' ? '/' : path}${language === 'jp' ? `?${LANGUAGE_QUERY_PARAMETER}=jp` : ''}`;
}

export interface PageMetaOptions {
  publicUrl: string;
  supportEmail: string;
  reverseGeocodingUrl: string | null;
}

/**
 * Writes each public page's title, description, canonical and language links and Open Graph tags into the HTML
 * the server sends, in the language the visitor (or crawler) asks for, since crawlers and link previews read no
 * scripts (contract/page-meta.ts holds the texts). Every page also carries the support address for the contact
 * page, so that page works while the API is down, and the reverse-geocoding service when one is configured.
 */
export function createPageHtml({ publicUrl, supportEmail, reverseGeocodingUrl }: PageMetaOptions) {
  const supportTag =
    `<meta name="${SUPPORT_EMAIL_META_NAME}" content="${escapeHtml(supportEmail)}" />` +
    (reverseGeocodingUrl
      ? `<meta name="${REVERSE_GEOCODING_META_NAME}" content="${escapeHtml(reverseGeocodingUrl)}" />`
      : '');
  return (html: string, request: FastifyRequest, reply: FastifyReply): string => {
    const path = request.url.split('?')[0]!.replace(/(.)\/+$/, '$1');
    const language = requestLanguage(request);
    reply.header('vary', 'Accept-Language, Cookie');
    const withLanguage = html.replace(/<html lang="[^"]*"/, `<html lang="${HTML_LANG[language]}"`);
    const meta = publicPageMeta(path);
    if (!meta) return withLanguage.replace('</head>', `${supportTag}</head>`);
    const { title, description } = meta[language];
    const other = language === 'en' ? 'jp' : 'en';
    const tags = [
      `<title>${escapeHtml(title)}</title>`,
      `<meta name="description" content="${escapeHtml(description)}" />`,
      `<link rel="canonical" href="${pageUrl(publicUrl, path, language)}" />`,
      ...languages.map(
        (alternate) =>
          `<link rel="alternate" hreflang="${HTML_LANG[alternate]}" href="${pageUrl(publicUrl, path, alternate)}" />`,
      ),
      `<link rel="alternate" hreflang="x-default" href="${pageUrl(publicUrl, path, 'en')}" />`,
      `<meta property="og:type" content="website" />`,
      `<meta property="og:site_name" content="${language === 'jp' ? 'まとめ' : 'Matome'}" />`,
      `<meta property="og:title" content="${escapeHtml(title)}" />`,
      `<meta property="og:description" content="${escapeHtml(description)}" />`,
      `<meta property="og:url" content="${pageUrl(publicUrl, path, language)}" />`,
      `<meta property="og:locale" content="${OPEN_GRAPH_LOCALE[language]}" />`,
      `<meta property="og:locale:alternate" content="${OPEN_GRAPH_LOCALE[other]}" />`,
      `<meta name="twitter:card" content="summary" />`,
      supportTag,
    ];
    return withLanguage
      .replace(/<title>[^<]*<\/title>/, '')
      .replace(/<meta\s+name="description"[^>]*>/, '')
      .replace('</head>', `${tags.join('')}</head>`);
  };
}

/** The public pages in both languages for search engines, and robots.txt pointing at it. */
export function registerSitemap(app: FastifyInstance, publicUrl: string): void {
  app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) => {
    const urls = Object.keys(PUBLIC_PAGE_META).flatMap((path) =>
      languages.map((language) => {
        const alternates = languages
          .map(
            (alternate) =>
              `<xhtml:link rel="alternate" hreflang="${HTML_LANG[alternate]}" href="${escapeHtml(pageUrl(publicUrl, path, alternate))}"/>`,
          )
          .join('');
        return `<url><loc>${escapeHtml(pageUrl(publicUrl, path, language))}</loc>${alternates}</url>`;
      }),
    );
    return reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(
        `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">${urls.join('')}</urlset>\n`,
      );
  });
  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(
        [
          'User-agent: *',
          'Allow: /',
          ...DISALLOWED_PATHS.map((path) => `Disallow: ${path}`),
          `Sitemap: ${publicUrl}/sitemap.xml`,
          '',
        ].join('\n'),
      ),
  );
}
