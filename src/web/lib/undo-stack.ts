/** How long a change can be undone after it was made. */
export const UNDO_WINDOW_MS = 10_000;

export interface UndoEntry {
  /** What was done, as the toast says it ("Message hidden."). */
  label: string;
  /** What the toast says once it is undone; a general "Undone." when absent. */
  undoneLabel?: string;
  /** Puts back exactly what the change replaced; rejects, having changed nothing, when that cannot be saved. */
  undo(): Promise<void>;
}

export interface StoredUndo {
  id: number;
  entry: UndoEntry;
  expiresAt: number;
}

export interface UndoStack {
  push(entry: UndoEntry, now: number): StoredUndo;
  /** The entries still in time, oldest first; drops the others. */
  live(now: number): readonly StoredUndo[];
  /** Takes out the newest entry still in time, to be undone. */
  takeLatest(now: number): StoredUndo | undefined;
  /** Takes out one entry by id, if it is still in time. */
  take(id: number, now: number): StoredUndo | undefined;
  /** Puts an entry whose undo failed back in its place, so it can be tried again while its time lasts. */
  putBack(stored: StoredUndo): void;
}

/** The changes that can still be undone, newest last: each for `windowMs` after it was made, newest first. */
export function createUndoStack(windowMs = UNDO_WINDOW_MS): UndoStack {
  let entries: StoredUndo[] = [];
  let nextId = 1;

  const live = (now: number) => {
    entries = entries.filter((stored) => stored.expiresAt > now);
    return entries;
  };
  const remove = (stored: StoredUndo | undefined) => {
    if (stored) entries = entries.filter((other) => other !== stored);
    return stored;
  };

  return {
    push(entry, now) {
      const stored = { id: nextId++, entry, expiresAt: now + windowMs };
      entries = [...live(now), stored];
      return stored;
    },
    live,
    takeLatest: (now) => remove(live(now).at(-1)),
    take: (id, now) => remove(live(now).find((stored) => stored.id === id)),
    putBack(stored) {
      entries = [...entries, stored].sort((a, b) => a.id - b.id);
    },
  };
}
