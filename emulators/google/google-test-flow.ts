import { createHash } from 'node:crypto';

export const testRedirectUri = 'http://127.0.0.1:9/callback';
export const testVerifier = 'v'.repeat(64);
const challenge = createHash('sha256').update(testVerifier).digest('base64url');

export interface ConsentChoice {
  scopes: string[];
  account?: string;
  /** Scopes the person unticks on the consent page. */
  untick?: string[];
  clientId?: string;
  extra?: Record<string, string>;
}

/** Walks Google's consent page as a person would (posting its form) and returns the code it redirects with. */
export async function googleConsent(emulatorUrl: string, choice: ConsentChoice): Promise<string> {
  const fields: Record<string, string> = {
    client_id: choice.clientId ?? 'google-client',
    redirect_uri: testRedirectUri,
    response_type: 'code',
    scope: choice.scopes.join(' '),
    state: 's1',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    access_type: 'offline',
    prompt: 'consent',
    include_granted_scopes: 'true',
    ...choice.extra,
  };
  const url = `${emulatorUrl}/o/oauth2/v2/auth?${new URLSearchParams(fields)}`;
  const back = await consentTo(url, choice);
  const code = back.searchParams.get('code');
  if (!code) throw new Error(`consent gave no code: ${back}`);
  return code;
}

/**
 * Answers a consent page at `authUrl` (the emulator must not auto-approve), unticking `untick`; returns the URL the
 * person is sent back to.
 */
export async function consentTo(
  authUrl: string,
  choice: { account?: string; untick?: string[] },
): Promise<URL> {
  const page = await fetch(authUrl);
  const html = await page.text();
  const optional = [...html.matchAll(/name="grant\.(\d+)" checked> <code>([^<]+)<\/code>/g)];
  const url = new URL(authUrl);
  const form = new URLSearchParams({
    ...Object.fromEntries(url.searchParams),
    decision: 'allow',
    account: choice.account ?? '110000000000000000001',
  });
  for (const [, index, scope] of optional)
    if (!choice.untick?.includes(scope!)) form.set(`grant.${index}`, 'on');
  const answer = await fetch(`${url.origin}${url.pathname}`, {
    method: 'POST',
    body: form,
    redirect: 'manual',
  });
  return new URL(answer.headers.get('location') ?? 'http://invalid/');
}

export async function googleToken(emulatorUrl: string, form: Record<string, string>) {
  const response = await fetch(`${emulatorUrl}/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ client_id: 'google-client', client_secret: 'google-secret', ...form }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, string> };
}

export async function exchangeTestCode(emulatorUrl: string, code: string) {
  return googleToken(emulatorUrl, {
    grant_type: 'authorization_code',
    code,
    redirect_uri: testRedirectUri,
    code_verifier: testVerifier,
  });
}
