import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../components/ui/use-toast.ts';
import { isOnline } from './connectivity.ts';
import { createUndoStack, UNDO_WINDOW_MS, type StoredUndo, type UndoEntry } from './undo-stack.ts';

export interface UndoApi {
  /** Offers a change for undoing: a toast with an Undo button, and `undoLatest` for the next 10 seconds. */
  push(entry: UndoEntry): void;
  /** Undoes the newest change still in time; says so when there is none. Undos run one after another. */
  undoLatest(): Promise<void>;
  /** Whether any change can still be undone. */
  canUndo: boolean;
}

/**
 * An undo stack with its toasts. The toast offers the newest change (a newer one replaces it, and older changes
 * stay undoable with the key); a failed undo says so, changes nothing and stays in the stack while its time lasts.
 */
export function useUndoStack({ keyShortcut }: { keyShortcut?: string } = {}): UndoApi {
  const { t } = useTranslation('ui');
  const { showToast, dismissToast } = useToast();
  const [stack] = useState(() => createUndoStack());
  const [count, setCount] = useState(0);
  const shown = useRef<{ id: number; toastId: string } | null>(null);
  const running = useRef<Promise<void>>(Promise.resolve());
  const timers = useRef(new Set<number>());

  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending) window.clearTimeout(timer);
    };
  }, []);

  const recount = useCallback(() => setCount(stack.live(Date.now()).length), [stack]);

  const hideToastOf = useCallback(
    (id: number) => {
      if (shown.current?.id !== id) return;
      dismissToast(shown.current.toastId);
      shown.current = null;
    },
    [dismissToast],
  );

  const run = useCallback(
    (stored: StoredUndo) => {
      hideToastOf(stored.id);
      recount();
      running.current = running.current.then(async () => {
        try {
          await stored.entry.undo();
          showToast(stored.entry.undoneLabel ?? t('undo.done'), 'success');
        } catch {
          stack.putBack(stored);
          recount();
          showToast(t('undo.failed'), 'error');
        }
      });
      return running.current;
    },
    [hideToastOf, recount, showToast, stack, t],
  );

  const undoLatest = useCallback(() => {
    const stored = stack.takeLatest(Date.now());
    if (stored) return run(stored);
    showToast(t('undo.nothing'), 'info');
    return Promise.resolve();
  }, [run, showToast, stack, t]);

  const push = useCallback(
    (entry: UndoEntry) => {
      const stored = stack.push(entry, Date.now());
      if (shown.current) dismissToast(shown.current.toastId);
      const onAction = () => {
        shown.current = null;
        // Offline the undo could not reach the server: say so, and keep the change undoable with the key while its
        // time lasts (docs/decisions/158).
        if (!isOnline()) {
          showToast(t('offline.needsNetwork'), 'info');
          return;
        }
        const taken = stack.take(stored.id, Date.now());
        if (taken) void run(taken);
      };
      const toastId = showToast(entry.label, 'success', UNDO_WINDOW_MS, {
        action: { label: t('undo.action'), onAction, keyShortcut },
      });
      shown.current = { id: stored.id, toastId };
      const timer = window.setTimeout(() => {
        timers.current.delete(timer);
        hideToastOf(stored.id);
        recount();
      }, UNDO_WINDOW_MS);
      timers.current.add(timer);
      recount();
    },
    [dismissToast, hideToastOf, keyShortcut, recount, run, showToast, stack, t],
  );

  return useMemo(() => ({ push, undoLatest, canUndo: count > 0 }), [push, undoLatest, count]);
}
