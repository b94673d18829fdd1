import { DEFAULT_TAG_COLOR, TAG_COLORS, type PlatformConnection } from '../../contract/messages.ts';

export type ConnectionColors = ReadonlyMap<string, string>;

/**
 * Each of the user's connections gets the swatch of its position among them, oldest first (SPEC §3 allows
 * position or hash; a hash let two of a few accounts share a colour). So the first ten never share one, and a
 * connection keeps its colour until an older one is removed.
 */
export function connectionColors(connections: readonly PlatformConnection[]): ConnectionColors {
  // Timestamps and ids compare as plain text: a locale's collation would cost its first use the ICU set-up.
  const ordered = [...connections].sort(
    (a, b) => plainOrder(a.created_at, b.created_at) || plainOrder(a.id, b.id),
  );
  return new Map(ordered.map((connection, index) => [connection.id, TAG_COLORS[index % TAG_COLORS.length]!]));
}

const plainOrder = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The colour of a connection, grey for one the list does not know (yet). */
export function colorOf(colors: ConnectionColors, connectionId: string): string {
  return colors.get(connectionId) ?? DEFAULT_TAG_COLOR;
}

/** The hex-alpha `20` fill used behind tag and connection colours (SPEC §3). */
export function tintOf(color: string): string {
  return `${color}20`;
}
