import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authResponseSchema } from '../../../contract/auth.ts';
import { onboardingStatusSchema } from '../../../contract/onboarding.ts';
import { expectApiError } from '../../test/api-error.ts';
import { bearer, registerUser } from '../../test/auth-helpers.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let testApp: TestApp;

function call(
  method: 'GET' | 'PUT' | 'POST',
  url: string,
  token: string | null,
  payload?: Record<string, unknown>,
) {
  return testApp.app.inject({
    method,
    url: `/api/auth/onboarding${url}`,
    headers: token ? bearer(token) : {},
    ...(payload !== undefined ? { payload } : {}),
  });
}

async function status(token: string) {
  const response = await call('GET', '/status', token);
  expect(response.statusCode, response.body).toBe(200);
  return onboardingStatusSchema.parse(response.json());
}

async function newUser(): Promise<string> {
  return (await registerUser(testApp.app)).tokens.accessToken;
}

beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

describe('onboarding', () => {
  it('starts as a first login that is not completed', async () => {
    expect(await status(await newUser())).toEqual({
      onboardingCompleted: false,
      onboardingStep: 0,
      isFirstLogin: true,
    });
  });

  it('stores each step reached, and completion at the last step ends the first login', async () => {
    const token = await newUser();
    for (const step of [1, 2, 3]) {
      const response = await call('PUT', '', token, { onboardingStep: step });
      expect(response.statusCode, response.body).toBe(200);
      expect(await status(token)).toEqual({
        onboardingCompleted: false,
        onboardingStep: step,
        isFirstLogin: true,
      });
    }
    const done = await call('PUT', '', token, { onboardingCompleted: true });
    expect(onboardingStatusSchema.parse(done.json())).toEqual({
      onboardingCompleted: true,
      onboardingStep: 4,
      isFirstLogin: false,
    });
  });

  it('skipping from the first step completes it at step 4', async () => {
    const token = await newUser();
    await call('PUT', '', token, { onboardingStep: 1 });
    const skipped = await call('PUT', '', token, { onboardingStep: 1, onboardingCompleted: true });
    expect(skipped.json()).toEqual({ onboardingCompleted: true, onboardingStep: 4, isFirstLogin: false });
  });

  it('reset starts it over as a first login', async () => {
    const token = await newUser();
    await call('PUT', '', token, { onboardingCompleted: true });
    const reset = await call('POST', '/reset', token);
    expect(reset.statusCode, reset.body).toBe(200);
    expect(await status(token)).toEqual({
      onboardingCompleted: false,
      onboardingStep: 0,
      isFirstLogin: true,
    });
  });

  it('keeps each user to their own state', async () => {
    const [first, second] = [await newUser(), await newUser()];
    await call('PUT', '', first, { onboardingCompleted: true });
    expect((await status(second)).onboardingCompleted).toBe(false);
  });

  it('never opens by itself for a shared demo account', async () => {
    const login = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'demo-en@example.com', password: 'demo1234' },
    });
    const token = authResponseSchema.parse(login.json()).tokens.accessToken;
    expect((await status(token)).isFirstLogin).toBe(false);
  });

  it.each([
    [{}],
    [{ onboardingStep: 5 }],
    [{ onboardingStep: -1 }],
    [{ onboardingStep: 1.5 }],
    [{ onboardingCompleted: 'yes' }],
    [{ onboardingStep: 2, extra: true }],
  ])('rejects %o with 400 and changes nothing', async (payload) => {
    const token = await newUser();
    expectApiError(await call('PUT', '', token, payload), 400);
    expect(await status(token)).toEqual({
      onboardingCompleted: false,
      onboardingStep: 0,
      isFirstLogin: true,
    });
  });

  it('requires sign-in', async () => {
    expectApiError(await call('GET', '/status', null), 401);
    expectApiError(await call('PUT', '', null, { onboardingStep: 1 }), 401);
    expectApiError(await call('POST', '/reset', null), 401);
  });
});
