import type { MessageRef } from '../../../../contract/tags.ts';

/** One saved change of a tag sheet: `tagId` was put on (or taken off) these messages, which did not (or did) carry it. */
export interface TagChange {
  tagId: string;
  added: boolean;
  messages: readonly MessageRef[];
}

/** One tag to put on or take off one message. */
export interface TagWrite {
  message: MessageRef;
  tagId: string;
  add: boolean;
}

const keyOf = (message: MessageRef, tagId: string) =>
  `${message.platform}\u0000${message.platform_message_id}\u0000${tagId}`;

/**
 * The writes that put every message's tags back as they were before `changes`: per message and tag, the state
 * before the first change, where the last one left it otherwise. A tag put on and taken off again needs nothing.
 */
export function writesUndoing(changes: readonly TagChange[]): TagWrite[] {
  const net = new Map<string, { message: MessageRef; tagId: string; before: boolean; after: boolean }>();
  for (const change of changes) {
    for (const message of change.messages) {
      const key = keyOf(message, change.tagId);
      const seen = net.get(key);
      if (seen) seen.after = change.added;
      else net.set(key, { message, tagId: change.tagId, before: !change.added, after: change.added });
    }
  }
  return [...net.values()]
    .filter((entry) => entry.before !== entry.after)
    .map(({ message, tagId, before }) => ({ message, tagId, add: before }));
}
