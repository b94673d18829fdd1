import { TAG_COLORS } from '../../contract/messages.ts';

/**
 * A connection keeps its colour wherever it appears (chips, cards, panels) and across reloads: the colour comes
 * from a hash of its id (FNV-1a), not from its position in a list that changes as accounts come and go.
 */
export function connectionColor(connectionId: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < connectionId.length; index += 1) {
    hash ^= connectionId.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return TAG_COLORS[(hash >>> 0) % TAG_COLORS.length]!;
}

/** The hex-alpha `20` fill used behind tag and connection colours (SPEC §3). */
export function tintOf(color: string): string {
  return `${color}20`;
}
