import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_HINT_COOKIE } from '../../../contract/auth-constants.ts';
import type { SignedIn } from './auth.service.ts';

const REFRESH_COOKIE = 'matome_refresh';
const DEVICE_COOKIE = 'matome_device';
/** Only the auth routes ever receive these cookies. */
const AUTH_PATH = '/api/auth';
/** A device stays recognised for a year after its last successful sign-in. */
const DEVICE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

export type AuthCookies = ReturnType<typeof createAuthCookies>;

/**
 * The two cookies of signing in, both HttpOnly, SameSite=Strict and scoped to `/api/auth`:
 * - `matome_refresh`: the session's current refresh token, never readable by page scripts (decision 062);
 * - `matome_device`: a signed note that this browser signed in to an account before, so the owner is not slowed
 *   down by someone else's failed guesses at their password (decision 063). It names no account in clear text.
 * Beside the refresh cookie goes `matome_session=1`, readable by the page and holding no secret, which lets the
 * web app skip the start-up refresh for a visitor without a session (decision 062).
 */
export function createAuthCookies(options: { secret: string; secure: boolean }) {
  const deviceKey = Buffer.from(hkdfSync('sha256', options.secret, 'matome', 'device cookie signature', 32));
  const base = { path: AUTH_PATH, httpOnly: true, sameSite: 'strict' as const, secure: options.secure };
  const hint = { path: '/', httpOnly: false, sameSite: 'strict' as const, secure: options.secure };
  const signature = (deviceId: string, email: string) =>
    createHmac('sha256', deviceKey).update(`${deviceId}\n${email}`).digest('base64url');

  return {
    readRefresh(request: FastifyRequest): string | undefined {
      return request.cookies[REFRESH_COOKIE] || undefined;
    },

    setRefresh(reply: FastifyReply, refreshToken: string, expiresAt: Date): void {
      const maxAge = Math.max(0, Math.floor((expiresAt.getTime() - Date.now()) / 1000));
      reply.setCookie(REFRESH_COOKIE, refreshToken, { ...base, maxAge });
      reply.setCookie(SESSION_HINT_COOKIE, '1', { ...hint, maxAge });
    },

    /** Hands a new sign-in to the browser: the refresh token in its cookie; answers what goes in the body. */
    sendSignedIn(reply: FastifyReply, signedIn: SignedIn): { accessToken: string } {
      this.setRefresh(reply, signedIn.refreshToken, signedIn.expiresAt);
      return { accessToken: signedIn.accessToken };
    },

    clearRefresh(reply: FastifyReply): void {
      reply.clearCookie(REFRESH_COOKIE, base);
      reply.clearCookie(SESSION_HINT_COOKIE, hint);
    },

    /** Whether this browser signed in to the account of `email` before. */
    isKnownDevice(request: FastifyRequest, email: string): boolean {
      const [deviceId, mac] = (request.cookies[DEVICE_COOKIE] ?? '').split('.');
      if (!deviceId || !mac) return false;
      const expected = Buffer.from(signature(deviceId, email));
      const presented = Buffer.from(mac);
      return presented.length === expected.length && timingSafeEqual(presented, expected);
    },

    /** The device's id, for the throttle to count its own failures apart from the account's. */
    deviceIdOf(request: FastifyRequest): string | undefined {
      return request.cookies[DEVICE_COOKIE]?.split('.')[0];
    },

    rememberDevice(request: FastifyRequest, reply: FastifyReply, email: string): void {
      const current = request.cookies[DEVICE_COOKIE]?.split('.')[0];
      const deviceId =
        current && /^[\w-]{22}$/.test(current) ? current : randomBytes(16).toString('base64url');
      reply.setCookie(DEVICE_COOKIE, `${deviceId}.${signature(deviceId, email)}`, {
        ...base,
        maxAge: DEVICE_COOKIE_MAX_AGE_SECONDS,
      });
    },
  };
}
