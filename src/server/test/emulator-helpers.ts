import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { z } from 'zod';
import { connectResponseSchema } from '../../contract/connections.ts';
import { messageResultSchemas } from '../../contract/messages.ts';
import { bearer } from './auth-helpers.ts';

type MessageResultByPlatform = {
  [P in keyof typeof messageResultSchemas]: z.infer<(typeof messageResultSchemas)[P]>;
};

export type LoggedEmulatorRequest = {
  method: string;
  path: string;
  query: Record<string, unknown>;
  body: unknown;
  status: number;
  response: { headers: Record<string, string>; body: unknown };
  at: string;
};

/** Calls an emulator's control API (`/_control/reset`, `seed`, `faults`, `settings`, `clock`). */
export async function control(emulatorUrl: string, path: string, body?: unknown): Promise<void> {
  const response = await fetch(`${emulatorUrl}/_control/${path}`, {
    method: 'POST',
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(response.ok, await response.clone().text()).toBe(true);
}

/** The calls an emulator received, oldest first (credentials redacted by the emulator). */
export async function emulatorRequests(emulatorUrl: string): Promise<LoggedEmulatorRequest[]> {
  const response = await fetch(`${emulatorUrl}/_control/requests`);
  return ((await response.json()) as { requests: LoggedEmulatorRequest[] }).requests;
}

/**
 * The browser-binding cookie each consent was started with, by state: the test's stand-in for "the browser that
 * started the flow", so `finishCallback` returns to the app as that browser unless told otherwise.
 */
const bindingByState = new Map<string, string>();

const stateOf = (url: string) => new URL(url, 'http://callback.test').searchParams.get('state') ?? '';

/** The binding cookie the browser that started this consent carries. */
export function bindingCookieOf(authUrlOrCallbackPath: string): string | undefined {
  return bindingByState.get(stateOf(authUrlOrCallbackPath));
}

/** `POST /api/{platform}/connect`, answering the consent URL (the binding cookie it set is remembered). */
export async function startConnect(
  app: FastifyInstance,
  platform: 'slack' | 'chatwork',
  accessToken: string,
  browserCookies: Record<string, string> = {},
): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: `/api/${platform}/connect`,
    headers: bearer(accessToken),
    cookies: browserCookies,
  });
  expect(response.statusCode, response.body).toBe(200);
  const { authUrl } = connectResponseSchema.parse(response.json());
  const binding = response.cookies.find((cookie) => cookie.name === 'matome_oauth_binding');
  expect(binding, 'the binding cookie').toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api' });
  bindingByState.set(stateOf(authUrl), binding!.value);
  return authUrl;
}

/** Follows the consent URL (the emulator approves at once) and answers the callback path it redirects to. */
export async function approveConsent(authUrl: string): Promise<string> {
  const response = await fetch(authUrl, { redirect: 'manual' });
  expect(response.status, await response.clone().text()).toBe(302);
  const location = new URL(response.headers.get('location') ?? '');
  return `${location.pathname}${location.search}`;
}

/**
 * Sends the browser back to the app's callback; answers where the app redirects it. By default the browser is the
 * one that started the consent; `browserCookies` makes it another one.
 */
export async function finishCallback(
  app: FastifyInstance,
  callbackPath: string,
  browserCookies?: Record<string, string>,
): Promise<URL> {
  const binding = bindingCookieOf(callbackPath);
  const response = await app.inject({
    method: 'GET',
    url: callbackPath,
    cookies: browserCookies ?? (binding ? { matome_oauth_binding: binding } : {}),
  });
  expect(response.statusCode, response.body).toBe(302);
  return new URL(response.headers.location as string);
}

/** The whole consent round trip for a signed-in user; answers the dashboard URL the app redirected to. */
export async function connectAccount(
  app: FastifyInstance,
  platform: 'slack' | 'chatwork',
  accessToken: string,
): Promise<URL> {
  return finishCallback(app, await approveConsent(await startConnect(app, platform, accessToken)));
}

/** Presses Deny on the emulator's consent page (auto-approve off); answers the callback path it redirects to. */
export async function denyConsent(authUrl: string): Promise<string> {
  const url = new URL(authUrl);
  const denied = await fetch(url.origin + url.pathname, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...Object.fromEntries(url.searchParams), decision: 'deny' }).toString(),
    redirect: 'manual',
  });
  expect(denied.status).toBe(302);
  const back = new URL(denied.headers.get('location') ?? '');
  expect(back.searchParams.get('error')).toBe('access_denied');
  return `${back.pathname}${back.search}`;
}

/** `GET /api/{platform}/messages?refresh=1`: a gathering afresh from the emulator, as the signed-in user. */
export async function gatherAfresh<P extends 'slack' | 'chatwork'>(
  app: FastifyInstance,
  platform: P,
  accessToken: string,
): Promise<MessageResultByPlatform[P]> {
  const response = await app.inject({
    method: 'GET',
    url: `/api/${platform}/messages?refresh=1`,
    headers: bearer(accessToken),
  });
  expect(response.statusCode, response.body).toBe(200);
  return messageResultSchemas[platform].parse(response.json()) as MessageResultByPlatform[P];
}

/** The app's settings that point it at a ChatWork emulator with its default seed's OAuth app. */
export function chatworkTestAppEnv(emulatorUrl: string): Record<string, string> {
  return {
    CHATWORK_CLIENT_ID: 'chatwork-client',
    CHATWORK_CLIENT_SECRET: 'chatwork-secret',
    CHATWORK_API_URL: `${emulatorUrl}/v2`,
    CHATWORK_AUTHORIZE_URL: `${emulatorUrl}/packages/oauth2/login.php`,
    CHATWORK_TOKEN_URL: `${emulatorUrl}/token`,
  };
}
