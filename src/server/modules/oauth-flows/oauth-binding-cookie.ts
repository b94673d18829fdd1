import type { FastifyReply, FastifyRequest } from 'fastify';
import { OAUTH_STATE_TTL_MS } from './oauth-flows.service.ts';

const OAUTH_BINDING_COOKIE = 'matome_oauth_binding';

/** The binding nonce of the browser that sent the request, if it carries one. */
export function readOAuthBinding(request: FastifyRequest): string | undefined {
  return request.cookies[OAUTH_BINDING_COOKIE];
}

/**
 * Sets the binding nonce where only this browser's requests to the API carry it: HttpOnly (no page script reads
 * it), SameSite=Lax (the provider's redirect back is a top-level navigation from another site, which Lax lets
 * through, while cross-site subrequests never carry it), and only as long as a consent may take.
 */
export function setOAuthBinding(reply: FastifyReply, binding: string, secure: boolean): void {
  reply.setCookie(OAUTH_BINDING_COOKIE, binding, {
    path: '/api',
    httpOnly: true,
    sameSite: 'lax',
    secure,
    maxAge: OAUTH_STATE_TTL_MS / 1000,
  });
}
