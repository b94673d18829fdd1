import type { FastifyRequest } from 'fastify';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '../../contract/auth.ts';
import { HttpError } from '../lib/http-error.ts';

/**
 * onRequest hook for routes that a cookie authorises (refresh, logout). The cookies are SameSite=Strict already;
 * this is the second lock: the page's own scripts send the custom header, which a cross-site page cannot send
 * without a CORS preflight this API never grants, and a browser that says where the request came from
 * (Sec-Fetch-Site) must say it came from this site.
 */
export async function requireSameSiteScript(request: FastifyRequest): Promise<void> {
  const site = request.headers['sec-fetch-site'];
  if (request.headers[CSRF_HEADER] !== CSRF_HEADER_VALUE || (site !== undefined && site !== 'same-origin')) {
    throw new HttpError(403, 'This request must come from the Matome app', 'CSRF_REJECTED');
  }
}
