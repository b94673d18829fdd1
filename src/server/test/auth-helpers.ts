import type { FastifyInstance } from 'fastify';
import { authResponseSchema, type AuthResponse } from '../../contract/auth.ts';

let userCounter = 0;
let addressCounter = 0;

/** A distinct client address, so tests that need many sign-ups do not share one rate-limit budget. */
export function nextAddress(): string {
  addressCounter += 1;
  return `10.${Math.floor(addressCounter / 250) % 250}.${addressCounter % 250}.${(process.pid % 250) + 1}`;
}

export async function registerUser(
  app: FastifyInstance,
  overrides: Partial<{ email: string; password: string; name: string }> = {},
): Promise<AuthResponse & { password: string }> {
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
  if (response.statusCode !== 201)
    throw new Error(`register failed: ${response.statusCode} ${response.body}`);
  return { ...authResponseSchema.parse(response.json()), password: body.password };
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
