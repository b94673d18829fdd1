import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/** The SPA ships only same-origin scripts and styles, so nothing inline is allowed. */
export const contentSecurityPolicy = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'"],
  'img-src': ["'self'", 'data:', 'https:'],
  'font-src': ["'self'"],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

/**
 * The policy for a page of the single-page app. Modal primitives lock page scrolling by inserting a <style> element
 * at run time; the page's one-time nonce lets exactly those elements through while inline style attributes and
 * injected markup stay blocked.
 */
export function pageContentSecurityPolicy(styleNonce: string): string {
  const directives: Record<string, string[]> = {
    ...contentSecurityPolicy,
    'style-src': [...contentSecurityPolicy['style-src'], `'nonce-${styleNonce}'`],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join(';');
}

export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
}
