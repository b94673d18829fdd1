import cookie from '@fastify/cookie';
import type { FastifyInstance } from 'fastify';

/**
 * Cookies are `Secure` whenever the app is served over HTTPS (`PUBLIC_URL`). Over plain HTTP, which only makes
 * sense on the loopback address during development and tests, browsers would drop a `Secure` cookie.
 */
export function cookiesAreSecure(publicUrl: string): boolean {
  return new URL(publicUrl).protocol === 'https:';
}

export async function registerCookies(app: FastifyInstance): Promise<void> {
  await app.register(cookie);
}
