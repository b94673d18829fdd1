/** How many recently run commands the palette lists first. */
export const RECENT_COMMANDS_MAX = 5;

/** The ids of the commands run lately under `key`, newest first; none when storage is unavailable. */
export function readRecentCommands(key: string): string[] {
  try {
    const stored: unknown = JSON.parse(window.localStorage.getItem(key) ?? '[]');
    return Array.isArray(stored) ? stored.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

/** Puts `id` first among the recent commands under `key` and returns the new list. */
export function rememberRecentCommand(key: string, id: string, max = RECENT_COMMANDS_MAX): string[] {
  const recent = [id, ...readRecentCommands(key).filter((other) => other !== id)].slice(0, max);
  try {
    window.localStorage.setItem(key, JSON.stringify(recent));
  } catch {
    // Private browsing or a full storage: the list lasts as long as the page.
  }
  return recent;
}
