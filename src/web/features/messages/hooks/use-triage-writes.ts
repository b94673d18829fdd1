import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { doneItemOf, type Snooze } from '../../../../contract/triage.ts';
import type { UnifiedMessage } from '../../../../contract/messages.ts';
import { useToast } from '../../../components/ui/use-toast.ts';
import type { UndoApi } from '../../../lib/use-undo-stack.ts';
import { markDone } from '../api/mark-done.ts';
import { restoreTriage } from '../api/restore-triage.ts';
import { snoozeMessages } from '../api/snooze-messages.ts';
import { unsnoozeMessages } from '../api/unsnooze-messages.ts';
import {
  priorsOf,
  refOf,
  withDone,
  withoutTriage,
  withPriors,
  withSnoozed,
  type PriorTriage,
  type TriageLists,
} from '../lib/triage-lists.ts';
import type { TriageMarks } from './use-triage-marks.ts';

interface TriageWriteOptions {
  marks: TriageMarks;
  undo: UndoApi;
}

export interface TriageWrites {
  /** Marks the messages done until their thread moves; resolves to whether the server took it. */
  done(messages: readonly UnifiedMessage[], onUndone?: () => void): Promise<boolean>;
  /** `onUndone` runs after its undo: it may put back a selection or the focus. */
  snooze(messages: readonly UnifiedMessage[], until: Date, onUndone?: () => void): Promise<boolean>;
  unsnooze(snoozes: readonly Snooze[]): Promise<boolean>;
}

/**
 * Done, snooze and unsnooze: each shows at once (an optimistic change of the cached lists), is rolled back with a
 * toast when the server refuses, and is undoable for 10 seconds. The undo puts back exactly what each message had (no
 * mark, its earlier snooze, or the done mark the change replaced) in one all-or-nothing call.
 */
export function useTriageWrites({ marks, undo }: TriageWriteOptions): TriageWrites {
  const { t } = useTranslation('triage');
  const { showToast } = useToast();
  const { change, restore, reload } = marks;
  const { push } = undo;

  const write = useCallback(
    async (
      priorsFrom: (lists: TriageLists) => PriorTriage[],
      update: (lists: TriageLists) => TriageLists,
      request: () => Promise<unknown>,
      texts: { failed: string; done: string },
      onUndone?: () => void,
    ) => {
      let priors: PriorTriage[] = [];
      const before = await change((lists) => {
        priors = priorsFrom(lists);
        return update(lists);
      });
      try {
        await request();
      } catch {
        restore(before);
        showToast(texts.failed, 'error');
        return false;
      }
      void reload();
      push({
        label: texts.done,
        undoneLabel: t('undone'),
        // The screen changes only once the server has put everything back: a failed undo changes nothing.
        undo: async () => {
          await restoreTriage(priors);
          await change((lists) => withPriors(lists, priors));
          void reload();
          onUndone?.();
        },
      });
      return true;
    },
    [change, push, reload, restore, showToast, t],
  );

  const done = useCallback(
    (messages: readonly UnifiedMessage[], onUndone?: () => void) =>
      write(
        (lists) => priorsOf(lists, messages),
        (lists) => withDone(lists, messages, new Date().toISOString()),
        () => markDone(messages.map((message) => doneItemOf(message.original_message))),
        {
          failed: t('toast.doneFailed', { count: messages.length }),
          done: t('toast.done', { count: messages.length }),
        },
        onUndone,
      ),
    [t, write],
  );

  const snooze = useCallback(
    (messages: readonly UnifiedMessage[], until: Date, onUndone?: () => void) => {
      const refs = messages.map(refOf);
      const iso = until.toISOString();
      return write(
        (lists) => priorsOf(lists, refs),
        (lists) => withSnoozed(lists, refs, iso, new Date().toISOString()),
        () => snoozeMessages(refs, iso),
        {
          failed: t('toast.snoozeFailed', { count: messages.length }),
          done: t('toast.snoozed', { count: messages.length }),
        },
        onUndone,
      );
    },
    [t, write],
  );

  const unsnooze = useCallback(
    (snoozes: readonly Snooze[]) => {
      const refs = snoozes.map(refOf);
      return write(
        (lists) => priorsOf(lists, refs),
        (lists) => withoutTriage(lists, refs),
        () => unsnoozeMessages(refs),
        {
          failed: t('toast.unsnoozeFailed', { count: refs.length }),
          done: t('toast.unsnoozed', { count: refs.length }),
        },
      );
    },
    [t, write],
  );

  return { done, snooze, unsnooze };
}
