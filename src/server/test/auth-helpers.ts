import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { linkTokenOf } from '../../../emulators/mail/mail-catcher.ts';
import { verifyEmailResponseSchema } from '../../contract/account-security.ts';
import { authResponseSchema, CSRF_HEADER, CSRF_HEADER_VALUE, type User } from '../../contract/auth.ts';
import { onTestFinished, vi } from 'vitest';
import { REFRESH_REUSE_GRACE_SECONDS } from '../modules/sessions/sessions.service.ts';
import { mailCatcherOf } from './test-app.ts';

let userCounter = 0;
let addressCounter = 0;

/** A distinct client address, so tests that need many sign-ups do not share one rate-limit budget. */
export function nextAddress(): string {
  addressCounter += 1;
  return `10.${Math.floor(addressCounter / 250) % 250}.${addressCounter % 250}.${(process.pid % 250) + 1}`;
}

/**
 * Moves the clock past the time in which a rotated refresh token's lost answer is forgiven, for the rest of the
 * test, so presenting that token again counts as reuse.
 */
export function pastRefreshReuseGrace(): void {
  const now = Date.now();
  vi.spyOn(Date, 'now').mockReturnValue(now + (REFRESH_REUSE_GRACE_SECONDS + 1) * 1000);
  onTestFinished(() => {
    vi.restoreAllMocks();
  });
}

/** The header the web app sends on requests the refresh cookie authorises. */
export const csrfHeader = { [CSRF_HEADER]: CSRF_HEADER_VALUE };

/** The value of a cookie the response set ('' when it cleared it), or undefined when it did not touch it. */
export function cookieSet(response: LightMyRequestResponse, name: string): string | undefined {
  return response.cookies.find((cookie) => cookie.name === name)?.value;
}

export type RegisteredUser = {
  user: User;
  /** The access token from the body and the refresh token from the `matome_refresh` cookie. */
  tokens: { accessToken: string; refreshToken: string };
  password: string;
};

/** Follows the confirmation link the app e-mailed to `email` (the newest one). */
export async function confirmEmail(app: FastifyInstance, email: string): Promise<LightMyRequestResponse> {
  const mail = await mailCatcherOf(app).waitFor(email, (caught) =>
    caught.text.includes('/verify-email#token='),
  );
  return app.inject({
    method: 'POST',
    url: '/api/auth/verify-email',
    payload: { token: linkTokenOf(mail, 'verify-email') },
    remoteAddress: nextAddress(),
  });
}

/** Signs up through the real flow: register, then follow the e-mailed link, which signs the new user in. */
export async function registerUser(
  app: FastifyInstance,
  overrides: Partial<{ email: string; password: string; name: string }> = {},
): Promise<RegisteredUser> {
  userCounter += 1;
  const body = {
    email: `user${userCounter}-${Date.now()}@example.com`,
    password: 'correct horse battery',
    name: `User ${userCounter}`,
    ...overrides,
  };
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: body,
    remoteAddress: nextAddress(),
  });
  if (response.statusCode !== 202)
    throw new Error(`register failed: ${response.statusCode} ${response.body}`);
  const confirmed = await confirmEmail(app, body.email);
  if (confirmed.statusCode !== 200)
    throw new Error(`confirming failed: ${confirmed.statusCode} ${confirmed.body}`);
  const { user, tokens } = verifyEmailResponseSchema.parse(confirmed.json());
  const refreshToken = cookieSet(confirmed, 'matome_refresh');
  if (!tokens || !refreshToken) throw new Error('confirming the sign-up did not sign in');
  return { user, tokens: { accessToken: tokens.accessToken, refreshToken }, password: body.password };
}

/**
 * A fresh access token for a session, through its refresh token, as the web app gets one every 15 minutes (for
 * tests that move the clock further than that).
 */
export async function renewAccessToken(app: FastifyInstance, refreshToken: string): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/refresh',
    headers: csrfHeader,
    cookies: { matome_refresh: refreshToken },
    remoteAddress: nextAddress(),
  });
  if (response.statusCode !== 200) throw new Error(`refresh failed: ${response.statusCode} ${response.body}`);
  return authResponseSchema.shape.tokens.parse(response.json().tokens).accessToken;
}

export function bearer(accessToken: string): { authorization: string } {
  return { authorization: `Bearer ${accessToken}` };
}

/** Signs in with email and password and returns the access token. */
export async function signIn(app: FastifyInstance, email: string, password: string): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    remoteAddress: nextAddress(),
  });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
  return authResponseSchema.parse(response.json()).tokens.accessToken;
}
