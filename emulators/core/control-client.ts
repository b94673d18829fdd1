/** Small helpers for tests that drive an emulator over HTTP, as the app's own tests do. */

/** POSTs to the emulator's control API (`/_control/...`), failing loudly on a refusal. */
export async function controlEmulator(url: string, path: string, body?: unknown): Promise<unknown> {
  const response = await fetch(url + path, {
    method: 'POST',
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer: unknown = await response.json();
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${JSON.stringify(answer)}`);
  return answer;
}

/**
 * Opens a consent page and submits its form as a browser would, choosing `account` (the option's value) and
 * Allow or Deny; returns the URL the provider redirects to.
 */
export async function submitConsent(
  authorizeUrl: string,
  account: string,
  decision: 'allow' | 'deny',
): Promise<URL> {
  const page = await fetch(authorizeUrl);
  if (!page.ok) throw new Error(`The consent page answered ${page.status}: ${await page.text()}`);
  const html = await page.text();
  // The form carries the authorize parameters back as hidden fields and posts to the page's own path.
  const target = new URL(authorizeUrl);
  const action = new URL(/<form method="post" action="([^"]+)"/.exec(html)?.[1] ?? target.pathname, target);
  const fields = Object.fromEntries(target.searchParams);
  const response = await fetch(action, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...fields, account, decision }),
    redirect: 'manual',
  });
  const location = response.headers.get('location');
  if (response.status !== 302 || !location) throw new Error(`The consent form answered ${response.status}`);
  return new URL(location);
}
