import { randomToken } from './random-token.ts';

interface StoredCode<Grant> {
  grant: Grant;
  clientId: string;
  redirectUri: string;
  expiresAtMs: number;
}

export type CodeRedemption<Grant> =
  | { ok: true; grant: Grant }
  | { ok: false; reason: 'unknown' | 'expired' | 'client_mismatch' | 'redirect_uri_mismatch' };

/** OAuth authorization codes: single-use, short-lived, bound to the client and the exact redirect URI. */
export class AuthorizationCodes<Grant> {
  private readonly codes = new Map<string, StoredCode<Grant>>();

  private readonly lifetimeMs: number;

  constructor(lifetimeMs: number) {
    this.lifetimeMs = lifetimeMs;
  }

  issue(grant: Grant, clientId: string, redirectUri: string, nowMs: number): string {
    const code = randomToken(24);
    this.codes.set(code, { grant, clientId, redirectUri, expiresAtMs: nowMs + this.lifetimeMs });
    return code;
  }

  /** Redeeming consumes the code whatever the outcome, as a provider does once it has seen it. */
  redeem(
    code: string,
    clientId: string,
    redirectUri: string | undefined,
    nowMs: number,
  ): CodeRedemption<Grant> {
    const stored = this.codes.get(code);
    if (!stored) return { ok: false, reason: 'unknown' };
    this.codes.delete(code);
    if (nowMs >= stored.expiresAtMs) return { ok: false, reason: 'expired' };
    if (stored.clientId !== clientId) return { ok: false, reason: 'client_mismatch' };
    if (stored.redirectUri !== redirectUri) return { ok: false, reason: 'redirect_uri_mismatch' };
    return { ok: true, grant: stored.grant };
  }
}
