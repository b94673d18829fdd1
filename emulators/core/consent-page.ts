export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

const style = `body{font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;color:#1d1c1d}
h1{font-size:1.4rem}ul{padding-left:1.2rem}label{display:block;font-weight:600;margin:1rem 0 .3rem}
select{font-size:1rem;padding:.3rem;width:100%}.actions{display:flex;gap:.5rem;margin-top:1.5rem}
button{font-size:1rem;padding:.5rem 1.2rem;border-radius:.3rem;border:1px solid #888;cursor:pointer}
li label{display:inline;font-weight:400;margin:0}
button[value=allow]{background:#007a5a;color:#fff;border-color:#007a5a}.note{color:#616061;font-size:.85rem}`;

export function renderPage(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1"><style>${style}</style></head>
<body><main>${body}</main></body></html>`;
}

export interface ConsentAccount {
  value: string;
  label: string;
  /** Accounts with the same group are shown together (Slack: the workspace). */
  group: string;
}

export interface ConsentPage {
  provider: string;
  appName: string;
  scopes: string[];
  /** Scopes shown as ticked boxes the person may untick, posted as `grant.<index>` = `on`. */
  optionalScopes?: string[];
  accounts: ConsentAccount[];
  /** The form posts back to the page's own path with these fields and the decision. */
  action: string;
  fields: Record<string, string>;
}

export function renderConsentPage(consent: ConsentPage): string {
  const groups = Map.groupBy(consent.accounts, (account) => account.group);
  const options = [...groups]
    .map(
      ([group, accounts]) =>
        `<optgroup label="${escapeHtml(group)}">${accounts
          .map(
            (account) => `<option value="${escapeHtml(account.value)}">${escapeHtml(account.label)}</option>`,
          )
          .join('')}</optgroup>`,
    )
    .join('');
  const hidden = Object.entries(consent.fields)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('');
  const optional = consent.optionalScopes ?? [];
  const scopes = consent.scopes
    .map((scope) => {
      const index = optional.indexOf(scope);
      if (index < 0) return `<li><code>${escapeHtml(scope)}</code></li>`;
      return `<li><label><input type="checkbox" name="grant.${index}" checked> <code>${escapeHtml(scope)}</code></label></li>`;
    })
    .join('');
  return renderPage(
    `${consent.provider}: authorise ${consent.appName}`,
    `<h1>${escapeHtml(consent.appName)} is requesting permission to access your ${escapeHtml(consent.provider)} account</h1>
<form method="post" action="${escapeHtml(consent.action)}">${hidden}
<p>It asks for these permissions:</p><ul>${scopes}</ul>
<label for="account">Sign in as</label><select id="account" name="account">${options}</select>
<div class="actions"><button type="submit" name="decision" value="allow">Allow</button>
<button type="submit" name="decision" value="deny">Deny</button></div></form>
<p class="note">Local ${escapeHtml(consent.provider)} emulator: no real account is used.</p>`,
  );
}

export function renderErrorPage(provider: string, message: string): string {
  return renderPage(
    `${provider}: error`,
    `<h1>Something went wrong</h1><p role="alert">${escapeHtml(message)}</p>`,
  );
}

/** `redirectUri` with the given query parameters added to any it already has. */
export function redirectWith(redirectUri: string, params: Record<string, string | undefined>): string {
  const url = new URL(redirectUri);
  for (const [name, value] of Object.entries(params))
    if (value !== undefined) url.searchParams.set(name, value);
  return url.toString();
}
