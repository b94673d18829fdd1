import { useCallback, useMemo, useState } from 'react';
import type { UnifiedMessage } from '../../../../contract/messages.ts';

export interface Selection {
  selected: ReadonlySet<string>;
  toggle(id: string): void;
  /** Selects (or deselects) every message of `messages`, leaving the rest of the selection as it is. */
  setAll(messages: readonly UnifiedMessage[], select: boolean): void;
  clear(): void;
  /** Puts ids back into the selection, as the undo of an action that cleared it. */
  restore(ids: ReadonlySet<string>): void;
}

function withIds(selected: ReadonlySet<string>, ids: Iterable<string>, select: boolean): Set<string> {
  const next = new Set(selected);
  for (const id of ids) {
    if (select) next.add(id);
    else next.delete(id);
  }
  return next;
}

/** The selected messages by id: a selection survives paging and filtering. */
export function useSelection(): Selection {
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set());
  const toggle = useCallback(
    (id: string) => setSelected((previous) => withIds(previous, [id], !previous.has(id))),
    [],
  );
  const setAll = useCallback(
    (messages: readonly UnifiedMessage[], select: boolean) =>
      setSelected((previous) =>
        withIds(
          previous,
          messages.map((message) => message.id),
          select,
        ),
      ),
    [],
  );
  const clear = useCallback(() => setSelected(new Set()), []);
  const restore = useCallback(
    (ids: ReadonlySet<string>) => setSelected((previous) => withIds(previous, ids, true)),
    [],
  );
  return useMemo(
    () => ({ selected, toggle, setAll, clear, restore }),
    [selected, toggle, setAll, clear, restore],
  );
}
