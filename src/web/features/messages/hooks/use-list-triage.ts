import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { SourceMessage, UnifiedMessage } from '../../../../contract/messages.ts';
import type { UndoApi } from '../../../lib/use-undo-stack.ts';
import type { CardTriageActionId } from '../actions/card-triage.ts';
import type { ListView } from '../components/TriageViewSwitch.tsx';
import type { Selection } from './use-selection.ts';
import { useTriagedTimeline } from './use-triaged-timeline.ts';
import { useTriageMarks } from './use-triage-marks.ts';
import { useTriageWrites } from './use-triage-writes.ts';

interface ListTriageOptions {
  /** The whole inbox as gathered, newest first. */
  messages: readonly UnifiedMessage[];
  /** Messages that arrived live and wait behind the new-messages pill. */
  pending: readonly SourceMessage[];
  undo: UndoApi;
  selection: Selection;
  focusCard(id: string): void;
}

/**
 * Snooze and done in the list (docs/decisions/151): the timeline as triage leaves it, the handlers of the registry's
 * `done`, `snooze` and `goSnoozed`, the snooze dialog's state and the Inbox / Snoozed view.
 */
export function useListTriage({ messages, pending, undo, selection, focusCard }: ListTriageOptions) {
  const marks = useTriageMarks();
  const triaged = useTriagedTimeline(messages, pending, marks);
  const writes = useTriageWrites({ marks, undo });
  const [view, setView] = useState<ListView>('inbox');
  const [snoozing, setSnoozing] = useState<{ messages: readonly UnifiedMessage[]; fromSelection: boolean }>();
  const { restore, clear } = selection;

  const byId = useMemo(() => new Map(messages.map((message) => [message.id, message])), [messages]);
  const messageOf = useCallback((id: string) => byId.get(id), [byId]);

  /** What the undo of a change puts back besides the marks: the selection it cleared, the focus. */
  const afterUndo = useCallback(
    (changed: readonly UnifiedMessage[], fromSelection: boolean) => {
      const selectedBefore = selection.selected;
      if (fromSelection) clear();
      return () => {
        if (fromSelection) restore(selectedBefore);
        focusCard(changed[0]!.id);
      };
    },
    [clear, focusCard, restore, selection.selected],
  );

  const done = useCallback(
    (changed: readonly UnifiedMessage[], fromSelection: boolean) =>
      void writes.done(changed, afterUndo(changed, fromSelection)),
    [afterUndo, writes],
  );

  const snooze = useCallback(
    (changed: readonly UnifiedMessage[], fromSelection: boolean) =>
      setSnoozing({ messages: changed, fromSelection }),
    [],
  );

  const confirmSnooze = useCallback(
    (until: Date) => {
      if (!snoozing) return;
      setSnoozing(undefined);
      void writes.snooze(snoozing.messages, until, afterUndo(snoozing.messages, snoozing.fromSelection));
    },
    [afterUndo, snoozing, writes],
  );

  // Stable, so the memoised cards are not drawn again when the selection changes.
  const latest = useRef({ done, snooze });
  useEffect(() => {
    latest.current = { done, snooze };
  });
  const runOnCard = useCallback(
    (id: CardTriageActionId, message: UnifiedMessage) => latest.current[id]([message], false),
    [],
  );

  return {
    ...triaged,
    now: marks.now,
    messageOf,
    view,
    setView,
    handlers: { done, snooze, goSnoozed: () => setView('snoozed') },
    runOnCard,
    snoozeCount: snoozing ? snoozing.messages.length : null,
    confirmSnooze,
    cancelSnooze: () => setSnoozing(undefined),
    unsnooze: (snoozes: Parameters<typeof writes.unsnooze>[0]) => void writes.unsnooze(snoozes),
  };
}
