import type { TokenCipher } from '../../lib/token-cipher.ts';
import type { TokenResealRepo } from './token-reseal.repo.ts';

/** Counts of sealed values (an access token, a refresh token, a PKCE verifier each count once). */
export type ResealReport = { resealed: number; alreadyCurrent: number; unreadable: number };

const PAGE_SIZE = 200;

/**
 * Moves every stored provider secret to the cipher's current key (decision 076). A value no configured key opens
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

  for (let page = await repo.connectionsAfter(null, PAGE_SIZE); page.length > 0;) {
    for (const row of page) {
      const access = resealed(row.accessTokenEncrypted, 'access');
      const refresh =
        row.refreshTokenEncrypted === null ? null : resealed(row.refreshTokenEncrypted, 'refresh');
      if (access === null && refresh === null) continue;
      const replaced = await repo.replaceConnectionTokens(row, {
        accessTokenEncrypted: access ?? row.accessTokenEncrypted,
        refreshTokenEncrypted: refresh ?? row.refreshTokenEncrypted,
      });
      if (replaced) report.resealed += Number(access !== null) + Number(refresh !== null);
      else report.alreadyCurrent += Number(access !== null) + Number(refresh !== null);
    }
    page = page.length < PAGE_SIZE ? [] : await repo.connectionsAfter(page.at(-1)!.id, PAGE_SIZE);
  }

  for (let page = await repo.verifiersAfter(null, PAGE_SIZE); page.length > 0;) {
    for (const row of page) {
      const verifier = resealed(row.codeVerifierEncrypted, 'pkce');
      if (verifier === null) continue;
      await repo.replaceVerifier(row, verifier);
      report.resealed += 1;
    }
    page = page.length < PAGE_SIZE ? [] : await repo.verifiersAfter(page.at(-1)!.stateHash, PAGE_SIZE);
  }
  return report;
}
