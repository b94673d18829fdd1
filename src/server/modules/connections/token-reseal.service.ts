import {
  CHATWORK_WEBHOOK_TOKEN_PURPOSE,
  PUSH_KEYS_PURPOSE,
  type TokenCipher,
} from '../../lib/token-cipher.ts';
import type { SealedConnection, SealedTokens, TokenResealRepo } from './token-reseal.repo.ts';

/** Counts of sealed values (an access token, a refresh token, a PKCE verifier each count once). */
export type ResealReport = { resealed: number; alreadyCurrent: number; unreadable: number };

const PAGE_SIZE = 200;

/**
 * Moves every stored provider secret (chat connections, Google grants, ChatWork webhook tokens, pending PKCE
 * verifiers) to the cipher's
 * current key (decision 076). A value no configured key opens
 * is left as it is and counted: its connection asks to be connected again when next used, as before.
 */
export async function resealProviderSecrets(
  repo: TokenResealRepo,
  cipher: TokenCipher,
): Promise<ResealReport> {
  const report: ResealReport = { resealed: 0, alreadyCurrent: 0, unreadable: 0 };

  /** The value sealed under the current key, or null when it already is or cannot be opened. */
  function resealed(sealed: string, purpose: string): string | null {
    if (cipher.isCurrent(sealed)) {
      report.alreadyCurrent += 1;
      return null;
    }
    const plaintext = cipher.open(sealed, purpose);
    if (plaintext === null) {
      report.unreadable += 1;
      return null;
    }
    return cipher.seal(plaintext, purpose);
  }

  async function resealTokenRows(
    after: (id: string | null, limit: number) => Promise<SealedConnection[]>,
    replace: (before: SealedConnection, tokens: SealedTokens) => Promise<boolean>,
  ): Promise<void> {
    for (let page = await after(null, PAGE_SIZE); page.length > 0;) {
      for (const row of page) {
        const access = resealed(row.accessTokenEncrypted, 'access');
        const refresh =
          row.refreshTokenEncrypted === null ? null : resealed(row.refreshTokenEncrypted, 'refresh');
        if (access === null && refresh === null) continue;
        const replaced = await replace(row, {
          accessTokenEncrypted: access ?? row.accessTokenEncrypted,
          refreshTokenEncrypted: refresh ?? row.refreshTokenEncrypted,
        });
        if (replaced) report.resealed += Number(access !== null) + Number(refresh !== null);
        else report.alreadyCurrent += Number(access !== null) + Number(refresh !== null);
      }
      page = page.length < PAGE_SIZE ? [] : await after(page.at(-1)!.id, PAGE_SIZE);
    }
  }

  await resealTokenRows(repo.connectionsAfter, repo.replaceConnectionTokens);
  await resealTokenRows(repo.googleGrantsAfter, repo.replaceGoogleGrantTokens);

  /** Rows holding one sealed value each (PKCE verifiers, webhook tokens), page by page by `keyOf`. */
  async function resealValueRows<Row>(
    after: (key: string | null, limit: number) => Promise<Row[]>,
    keyOf: (row: Row) => string,
    sealedOf: (row: Row) => string,
    purpose: string,
    replace: (row: Row, sealed: string) => Promise<void>,
  ): Promise<void> {
    for (let page = await after(null, PAGE_SIZE); page.length > 0;) {
      for (const row of page) {
        const value = resealed(sealedOf(row), purpose);
        if (value === null) continue;
        await replace(row, value);
        report.resealed += 1;
      }
      page = page.length < PAGE_SIZE ? [] : await after(keyOf(page.at(-1)!), PAGE_SIZE);
    }
  }

  await resealValueRows(
    repo.verifiersAfter,
    (row) => row.stateHash,
    (row) => row.codeVerifierEncrypted,
    'pkce',
    repo.replaceVerifier,
  );
  await resealValueRows(
    repo.webhookTokensAfter,
    (row) => row.connectionId,
    (row) => row.tokenEncrypted,
    CHATWORK_WEBHOOK_TOKEN_PURPOSE,
    repo.replaceWebhookToken,
  );
  await resealValueRows(
    repo.pushKeysAfter,
    (row) => row.id,
    (row) => row.keysSealed,
    PUSH_KEYS_PURPOSE,
    repo.replacePushKeys,
  );
  return report;
}
