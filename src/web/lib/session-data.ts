const resets = new Set<() => void>();

/**
 * The signed-in screens' cache of account data (TanStack Query's, created with the first of them) says here how to
 * forget it, so ending a session clears it without the first chunk carrying the cache's code (decision 126).
 */
export function onSessionDataReset(reset: () => void): () => void {
  resets.add(reset);
  return () => resets.delete(reset);
}

/** Forgets every account's data kept in the page: the session ended. */
export function resetSessionData(): void {
  for (const reset of resets) reset();
}
