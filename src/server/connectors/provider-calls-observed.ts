import type { ProviderError } from './provider-error.ts';

/** What a provider call tells an observer (the metrics): never a token, a user or a message. */
export type ProviderCallRecord = {
  provider: 'slack' | 'chatwork' | 'google';
  /** The API method (`users.info`) or operation (`GET /rooms/{room_id}/messages`), never a raw URL. */
  method: string;
  /** `ok`, `budget_used_up` (our own budget refused it, nothing was sent), or the `ProviderFailure` it ended in. */
  outcome: string;
  seconds: number;
  /** The Slack workspace (team id) whose budget the call spent, when it spent one. */
  workspace?: string;
};
export type ProviderCallObserver = (call: ProviderCallRecord) => void;

/** The record of a call that started at `started` (`performance.now()`) and ended now, in `failure` or well. */
export function outcomeOf(
  provider: ProviderCallRecord['provider'],
  method: string,
  failure: ProviderError | undefined,
  started: number,
  workspace?: string,
): ProviderCallRecord {
  return {
    provider,
    method,
    outcome: failure?.failure ?? 'ok',
    seconds: (performance.now() - started) / 1000,
    ...(workspace ? { workspace } : {}),
  };
}
