import type { TFunction } from 'i18next';
import type { Language } from '../../../../contract/auth-constants.ts';
import type { MessageResultByPlatform, Platform } from '../../../../contract/messages.ts';
import { ApiError, clientErrorCodes } from '../../../lib/api-client.ts';
import { reusedGathering } from '../../../lib/reused-gathering.ts';

type MessageResult = MessageResultByPlatform[Platform];

/** What a connection's query holds once a refresh has finished. */
export interface RefreshedAccount {
  data: MessageResult | undefined;
  error: Error | null;
}

/** An earlier gathering the server showed again (decision 144), measured on the server's clock. */
export interface Reuse {
  accounts: number;
  /** How long before the answer the oldest reused gathering was made. */
  ageSeconds: number;
  /** How long after the answer that account can be gathered afresh. */
  nextInSeconds: number;
}

export type RefreshOutcome =
  | { kind: 'offline' }
  | { kind: 'nothing-gathered'; failed: number; total: number; reuse: Reuse | null }
  | { kind: 'gathered'; messages: number; failed: number; total: number; reuse: Reuse | null };

/**
 * What a refresh really did, account by account: gathered afresh, shown again from a gathering of the last 30 s
 * (only a refresh that asked for a fresh gathering can tell), or failed. Only the messages of accounts that
 * answered count as gathered; the last good messages standing in for a failed account do not.
 */
export function refreshOutcome(
  accounts: readonly RefreshedAccount[],
  { afresh }: { afresh: boolean },
): RefreshOutcome {
  let failed = 0;
  let messages = 0;
  let answered = 0;
  let reuse = null as Reuse | null;
  for (const { data, error } of accounts) {
    if (error instanceof ApiError && error.code === clientErrorCodes.network) return { kind: 'offline' };
    const stats = data?.accounts[0];
    if (error || !data || stats?.status === 'error') {
      failed += 1;
      continue;
    }
    const timing = afresh && stats ? reusedGathering(data.fetched_at, stats) : null;
    if (timing) {
      const { ageSeconds, nextInSeconds } = timing;
      const oldest: Omit<Reuse, 'accounts'> =
        reuse && reuse.ageSeconds >= ageSeconds ? reuse : { ageSeconds, nextInSeconds };
      reuse = {
        accounts: (reuse?.accounts ?? 0) + 1,
        ageSeconds: oldest.ageSeconds,
        nextInSeconds: oldest.nextInSeconds,
      };
      continue;
    }
    answered += 1;
    messages += data.messages.length;
  }
  const total = accounts.length;
  if (answered === 0) return { kind: 'nothing-gathered', failed, total, reuse };
  return { kind: 'gathered', messages, failed, total, reuse };
}

/** English sentences are set apart by a space; Japanese ones follow each other directly. */
const sentenceGap: Record<Language, string> = { en: ' ', jp: '' };

/** The toast that tells the person what the refresh did, in their language. */
export function refreshToast(
  outcome: RefreshOutcome,
  t: TFunction<'messages'>,
  { afresh, language }: { afresh: boolean; language: Language },
): { text: string; type: 'success' | 'info' | 'warning' | 'error' } {
  if (outcome.kind === 'offline') return { text: t('errors.hints.network'), type: 'error' };
  const reused = outcome.reuse;
  const failedNote =
    outcome.failed > 0 ? t('list.refreshSomeFailed', { failed: outcome.failed, total: outcome.total }) : null;
  if (outcome.kind === 'nothing-gathered') {
    if (!reused) return { text: t('list.refreshFailed'), type: 'error' };
    const text = t('list.refreshReused', { age: reused.ageSeconds, next: reused.nextInSeconds });
    return failedNote
      ? { text: [text, failedNote].join(sentenceGap[language]), type: 'warning' }
      : { text, type: 'info' };
  }
  const parts = [
    t(afresh ? 'list.refreshedFull' : 'list.refreshedQuick', { count: outcome.messages }),
    reused &&
      t('list.refreshSomeReused', {
        count: reused.accounts,
        age: reused.ageSeconds,
        next: reused.nextInSeconds,
      }),
    failedNote,
  ];
  return {
    text: parts.filter(Boolean).join(sentenceGap[language]),
    type: failedNote ? 'warning' : 'success',
  };
}
