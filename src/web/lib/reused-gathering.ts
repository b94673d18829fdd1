import type { AccountStats } from '../../contract/messages.ts';

/**
 * How old a reused gathering was when the server answered, and how long after the answer its account can be gathered
 * afresh (decision 144); both on the server's clock, so the browser's own clock does not matter. Null when the
 * answer was gathered for the request.
 */
export function reusedGathering(
  answeredAt: string,
  stats: Pick<AccountStats, 'fetched_at' | 'reused'>,
): { ageSeconds: number; nextInSeconds: number } | null {
  if (!stats.reused) return null;
  const answered = Date.parse(answeredAt);
  return {
    ageSeconds: Math.max(0, Math.round((answered - Date.parse(stats.fetched_at)) / 1000)),
    nextInSeconds: Math.max(1, Math.ceil((Date.parse(stats.reused.next_gathering_at) - answered) / 1000)),
  };
}
