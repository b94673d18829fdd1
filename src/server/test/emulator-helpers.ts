import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { connectResponseSchema } from '../../contract/connections.ts';
import { bearer } from './auth-helpers.ts';

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

/** `POST /api/{platform}/connect`, answering the consent URL. */
export async function startConnect(
  app: FastifyInstance,
  platform: 'slack' | 'chatwork',
  accessToken: string,
): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: `/api/${platform}/connect`,
    headers: bearer(accessToken),
  });
  expect(response.statusCode, response.body).toBe(200);
  return connectResponseSchema.parse(response.json()).authUrl;
}

/** Follows the consent URL (the emulator approves at once) and answers the callback path it redirects to. */
export async function approveConsent(authUrl: string): Promise<string> {
  const response = await fetch(authUrl, { redirect: 'manual' });
  expect(response.status, await response.clone().text()).toBe(302);
  const location = new URL(response.headers.get('location') ?? '');
  return `${location.pathname}${location.search}`;
}

/** Sends the browser back to the app's callback; answers where the app redirects it. */
export async function finishCallback(app: FastifyInstance, callbackPath: string): Promise<URL> {
  const response = await app.inject({ method: 'GET', url: callbackPath });
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
