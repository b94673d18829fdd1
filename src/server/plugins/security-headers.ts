import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

type Directives = Record<string, string[]>;

/**
 * The SPA ships only same-origin scripts and styles, so nothing inline is allowed. Images are this origin, the
 * inline sample-data avatars (`data:`) and the hosts providers serve profile pictures from.
 */
export function contentSecurityPolicy(
  avatarHosts: readonly string[],
  connectHosts: readonly string[] = [],
): Directives {
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'style-src': ["'self'"],
    'img-src': ["'self'", 'data:', ...avatarHosts],
    'font-src': ["'self'"],
    'connect-src': ["'self'", ...connectHosts],
    // The service worker and the web app manifest are this origin's own files (docs/decisions/158).
    'worker-src': ["'self'"],
    'manifest-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
}

/**
 * The policy for a page of the single-page app. Modal primitives lock page scrolling by inserting a <style> element
 * at run time; the page's one-time nonce lets exactly those elements through while inline style attributes and
 * injected markup stay blocked.
 */
export function pageContentSecurityPolicy(directives: Directives, styleNonce: string): string {
  return Object.entries({
    ...directives,
    'style-src': [...directives['style-src']!, `'nonce-${styleNonce}'`],
  })
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join(';');
}

/** Browser features the app never uses, switched off for it and anything it might embed. */
const UNUSED_FEATURES = [
  'accelerometer',
  'autoplay',
  'browsing-topics',
  'camera',
  'display-capture',
  'geolocation',
  'gyroscope',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'usb',
];

/**
 * Browser features the app never uses, switched off for it and anything it might embed. Geolocation is allowed to
 * the app itself only when an operator configured language detection by location (REVERSE_GEOCODING_URL).
 */
export function permissionsPolicy(allowGeolocation: boolean): string {
  return UNUSED_FEATURES.map((feature) =>
    feature === 'geolocation' && allowGeolocation ? 'geolocation=(self)' : `${feature}=()`,
  ).join(', ');
}

/**
 * Hardening headers on every answer. An API answer carries tokens and personal data and is never rendered: it is
 * never stored by browsers or proxies unless a route says otherwise, opens as a download, and carries only the
 * headers that protect such an answer (OWASP's REST security headers). What only a document uses (the page's policy,
 * Permissions-Policy, the referrer and opener policies, origin-keyed agent clusters, DNS prefetching) is left off it:
 * an answer sent many times a minute then costs the server and the phone about 900 bytes of headers less
 * (decision 167). The few HTML pages under /api (the digest's unsubscribe pages, the API docs) get a document's
 * headers when they are sent.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  directives: Directives,
  { allowGeolocation = false }: { allowGeolocation?: boolean } = {},
): Promise<void> {
  const documentHeaders = helmetHeaders(directives, permissionsPolicy(allowGeolocation));
  const apiHeaders = {
    'cache-control': 'no-store',
    'content-security-policy': API_CONTENT_SECURITY_POLICY,
    'cross-origin-resource-policy': 'same-origin',
    'strict-transport-security': documentHeaders['strict-transport-security']!,
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
  };
  // Callback hooks rather than async ones: they run on every request, and a promise each is measurable (decision 164).
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(isApi(request.url) ? apiHeaders : documentHeaders);
    done();
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    if (isApi(request.url)) {
      const type = String(reply.getHeader('content-type'));
      // An API answer opened directly in a browser is a download, never a page (ASVS 14.4.2).
      if (type.startsWith('application/json')) {
        reply.header('content-disposition', 'attachment; filename="api.json"');
      } else if (type.startsWith('text/html')) reply.headers(documentHeaders);
    }
    done(null, payload);
  });
}

/** Nothing an API answer could load or be framed into: it is data, never a document. */
const API_CONTENT_SECURITY_POLICY = "default-src 'none';frame-ancestors 'none'";

/**
 * The headers helmet sets, worked out once: they are the same for every answer, and helmet's own per-request
 * middleware would parse the policy again each time.
 */
function helmetHeaders(directives: Directives, permissions: string): Record<string, string> {
  const headers: Record<string, string> = { 'permissions-policy': permissions };
  const collector = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader() {},
  };
  helmet({
    contentSecurityPolicy: { useDefaults: false, directives },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  })({} as IncomingMessage, collector as unknown as ServerResponse, () => {});
  return headers;
}

function isApi(url: string): boolean {
  return /^\/api(\/|\?|$)/.test(url);
}
