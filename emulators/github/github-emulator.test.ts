import { createHash } from 'node:crypto';
import { get } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGithubEmulator } from './github-emulator.ts';

const redirectUri = 'http://127.0.0.1:9/callback';
const verifier = 'v'.repeat(64);
let emulator: { url: string; close(): Promise<void> };

beforeAll(async () => {
  emulator = await startGithubEmulator();
});
afterAll(async () => emulator?.close());

async function code(account = '583231', scope = 'read:user user:email'): Promise<string> {
  const form = new URLSearchParams({
    client_id: 'github-client',
    redirect_uri: redirectUri,
    scope,
    state: 's',
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
    decision: 'allow',
    account,
  });
  const answer = await fetch(`${emulator.url}/login/oauth/authorize`, {
    method: 'POST',
    body: form,
    redirect: 'manual',
  });
  return new URL(answer.headers.get('location')!).searchParams.get('code')!;
}

async function exchange(fields: Record<string, string>, accept = 'application/json') {
  const response = await fetch(`${emulator.url}/login/oauth/access_token`, {
    method: 'POST',
    headers: { accept, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      client_id: 'github-client',
      client_secret: 'github-secret',
      redirect_uri: redirectUri,
      ...fields,
    }),
  });
  return { status: response.status, text: await response.text() };
}

const api = (
  path: string,
  token: string,
  headers: Record<string, string> = { 'user-agent': 'matome-test' },
) => fetch(`${emulator.url}${path}`, { headers: { authorization: `Bearer ${token}`, ...headers } });

describe('GitHub emulator', () => {
  it('exchanges a code with PKCE for a token, and reads the user and their e-mails', async () => {
    const answer = await exchange({ code: await code(), code_verifier: verifier });
    const token = JSON.parse(answer.text) as { access_token: string; scope: string; token_type: string };
    expect(token).toMatchObject({ token_type: 'bearer', scope: 'read:user,user:email' });
    expect(await (await api('/user', token.access_token)).json()).toMatchObject({
      id: 583231,
      login: 'octocat',
      email: null,
    });
    expect(await (await api('/user/emails', token.access_token)).json()).toContainEqual({
      email: 'octocat@example.com',
      primary: true,
      verified: true,
      visibility: 'private',
    });
  });

  it('answers errors with HTTP 200, as GitHub does, and form-encoded unless asked for JSON', async () => {
    const bad = await exchange({ code: 'nope' });
    expect(bad.status).toBe(200);
    expect(JSON.parse(bad.text)).toMatchObject({ error: 'bad_verification_code' });
    const wrongVerifier = await exchange({ code: await code(), code_verifier: 'w'.repeat(64) });
    expect(JSON.parse(wrongVerifier.text).error).toBe('bad_verification_code');
    const form = await exchange({ code: await code(), code_verifier: verifier }, '*/*');
    expect(new URLSearchParams(form.text).get('token_type')).toBe('bearer');
  });

  it('needs the user:email scope for e-mails, a User-Agent, and a valid token', async () => {
    const token = JSON.parse(
      (await exchange({ code: await code('583231', 'read:user'), code_verifier: verifier })).text,
    );
    expect((await api('/user/emails', token.access_token)).status).toBe(404);
    // fetch always sends a User-Agent; node:http sends none unless told.
    const withoutAgent = await new Promise<number>((resolve) =>
      get(
        `${emulator.url}/user`,
        { headers: { authorization: `Bearer ${token.access_token}` } },
        (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        },
      ),
    );
    expect(withoutAgent).toBe(403);
    expect((await api('/user', 'gho_wrong')).status).toBe(401);
  });
});
