export interface LoggedRequest {
  method: string;
  path: string;
  query: Record<string, unknown>;
  body: unknown;
  status: number;
  /** What the emulator answered: the body (parsed when JSON, `''` when empty) and the headers. */
  response: { headers: Record<string, string>; body: unknown };
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

/** A response body as logged: parsed JSON when it is JSON, the text otherwise. */
export function loggedBody(payload: unknown): unknown {
  if (typeof payload !== 'string') return payload ?? '';
  try {
    return JSON.parse(payload);
  } catch {
    return payload;
  }
}

/** Replaces credentials anywhere in a request or response body, so the log can be shown and asserted on freely. */
export function redactSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redactSecrets);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, field]) => [
      key,
      // Credentials are strings; a number under one of those names (Google's error `code`) is no secret.
      secretFields.has(key) && typeof field === 'string' ? '[redacted]' : redactSecrets(field),
    ]),
  );
}
