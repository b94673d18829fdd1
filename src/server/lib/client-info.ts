import type { FastifyRequest } from 'fastify';

/** What a session records about the browser that signed in. */
export type ClientInfo = { userAgent: string | undefined; ipAddress: string };

export function clientOf(request: FastifyRequest): ClientInfo {
  return { userAgent: request.headers['user-agent'], ipAddress: request.ip };
}
