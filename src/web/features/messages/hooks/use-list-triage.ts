import { useCallback, useMemo, useState } from 'react';
import type { SourceMessage, UnifiedMessage } from '../../../../contract/messages.ts';
import type { UndoApi } from '../../../lib/use-undo-stack.ts';
import type { CardTriageActionId } from '../actions/card-triage.ts';
import type { ListView } from '../components/TriageViewSwitch.tsx';
import type { Selection } from './use-selection.ts';
import { useTriagedTimeline } from './use-triaged-timeline.ts';
import { useTriageMarks } from './use-triage-marks.ts';
import { useTriageWrites } from './use-triage-writes.ts';
import { useStableCallback } from '../../../lib/use-stable-callback.ts';

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

  /**
   * Runs a change on `changed`: a change made on the selection clears it, and puts it back when the server refuses
   * or the change is undone; the undo focuses the first message again.
   */
  const withSelection = useCallback(
    (
      changed: readonly UnifiedMessage[],
      fromSelection: boolean,
      write: (onUndone: () => void) => Promise<boolean>,
    ) => {
      const selectedBefore = selection.selected;
      if (fromSelection) clear();
      void write(() => {
        if (fromSelection) restore(selectedBefore);
        focusCard(changed[0]!.id);
      }).then((ok) => {
        if (!ok && fromSelection) restore(selectedBefore);
      });
    },
    [clear, focusCard, restore, selection.selected],
  );

  const done = useCallback(
    (changed: readonly UnifiedMessage[], fromSelection: boolean) =>
      withSelection(changed, fromSelection, (onUndone) => writes.done(changed, onUndone)),
    [withSelection, writes],
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
      withSelection(snoozing.messages, snoozing.fromSelection, (onUndone) =>
        writes.snooze(snoozing.messages, until, onUndone),
      );
    },
    [snoozing, withSelection, writes],
  );

  // Stable, so the memoised cards are not drawn again when the selection changes.
  const runOnCard = useStableCallback((id: CardTriageActionId, message: UnifiedMessage) =>
    ({ done, snooze })[id]([message], false),
  );

  return {
    ...triaged,
    now: marks.now,
    loading: marks.loading,
    messageOf,
    view,
    setView,
    handlers: {
      done,
      snooze,
      goSnoozed: () => setView('snoozed'),
      goAwaiting: () => setView('awaiting'),
      goImportant: () => setView('important'),
      goMuted: () => setView('muted'),
    },
    runOnCard,
    snoozeCount: snoozing ? snoozing.messages.length : null,
    confirmSnooze,
    cancelSnooze: () => setSnoozing(undefined),
    unsnooze: (snoozes: Parameters<typeof writes.unsnooze>[0]) => void writes.unsnooze(snoozes),
  };
}
