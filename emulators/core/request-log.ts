export interface LoggedRequest {
  method: string;
  path: string;
  query: Record<string, unknown>;
  body: unknown;
  status: number;
  at: string;
}

const secretFields = new Set([
  'token',
  'client_secret',
  'code',
  'code_verifier',
  'refresh_token',
  'access_token',
  'password',
]);

/** Replaces credentials anywhere in a request body, so the log can be shown and asserted on freely. */
export function redactSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redactSecrets);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, field]) => [
      key,
      secretFields.has(key) ? '[redacted]' : redactSecrets(field),
    ]),
  );
}
