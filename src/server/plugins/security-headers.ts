import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

type Directives = Record<string, string[]>;

/**
 * The SPA ships only same-origin scripts and styles, so nothing inline is allowed. Images are this origin, the
 * inline sample-data avatars (`data:`) and the hosts providers serve profile pictures from.
 */
export function contentSecurityPolicy(avatarHosts: readonly string[]): Directives {
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'style-src': ["'self'"],
    'img-src': ["'self'", 'data:', ...avatarHosts],
    'font-src': ["'self'"],
    'connect-src': ["'self'"],
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
export const PERMISSIONS_POLICY = [
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
]
  .map((feature) => `${feature}=()`)
  .join(', ');

/**
 * Hardening headers on every answer; API answers, which carry tokens and personal data, are never stored by
 * browsers or proxies unless a route says otherwise, and are never rendered as a page.
 */
export async function registerSecurityHeaders(app: FastifyInstance, directives: Directives): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  app.addHook('onRequest', async (request, reply) => {
    reply.header('permissions-policy', PERMISSIONS_POLICY);
    if (isApi(request.url)) reply.header('cache-control', 'no-store');
  });
  // An API answer opened directly in a browser is a download, never a page (ASVS 14.4.2).
  app.addHook('onSend', async (request, reply) => {
    if (isApi(request.url) && /^application\/json/.test(String(reply.getHeader('content-type')))) {
      reply.header('content-disposition', 'attachment; filename="api.json"');
    }
  });
}

function isApi(url: string): boolean {
  return /^\/api(\/|\?|$)/.test(url);
}
