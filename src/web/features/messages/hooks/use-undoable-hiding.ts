import { useCallback, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { UnifiedMessage } from '../../../../contract/messages.ts';
import type { UndoApi } from '../../../lib/use-undo-stack.ts';
import type { Hiding } from './use-hiding.ts';
import type { Selection } from './use-selection.ts';

interface UndoableHidingOptions {
  hiding: Hiding;
  undo: UndoApi;
  selection: Selection;
  /** The ids of the messages on the page shown, in order. */
  pageIds: readonly string[];
  focusCard(id: string): void;
}

/**
 * Hide and bulk hide, each undoable for 10 seconds: the undo shows again exactly the messages this hide hid (not
 * those hidden before), puts back the selection it cleared and focuses the message again.
 */
export function useUndoableHiding({ hiding, undo, selection, pageIds, focusCard }: UndoableHidingOptions) {
  const { t } = useTranslation('hiding');
  const { hide, hideMany, unhideAll } = hiding;
  const { push } = undo;
  const { restore } = selection;
  const selected = useRef(selection.selected);
  const ids = useRef(pageIds);
  useLayoutEffect(() => {
    selected.current = selection.selected;
    ids.current = pageIds;
  });

  const hideUndoably = useCallback(
    async (messages: readonly UnifiedMessage[], bulk: boolean) => {
      const selectedBefore = selected.current;
      const hidden = bulk ? await hideMany(messages) : await hide(messages[0]!);
      if (!hidden) return;
      push({
        label: bulk ? t('hiddenMany', { count: messages.length }) : t('hidden'),
        undoneLabel: t('undone'),
        undo: async () => {
          await unhideAll(messages);
          restore(selectedBefore);
          focusCard(messages[0]!.id);
        },
      });
    },
    [focusCard, hide, hideMany, push, restore, t, unhideAll],
  );

  /**
   * A card's hide. Keyboard users keep their place: focus moves on to the next card (or to its hide action, when it
   * was on this one's), so they can keep going.
   */
  const hideKeepingPlace = useCallback(
    (message: UnifiedMessage) => {
      const index = ids.current.indexOf(message.id);
      const neighbour = ids.current[index + 1] ?? ids.current[index - 1];
      const active = document.activeElement;
      const focusedCard = active?.closest('[data-message-id]');
      void hideUndoably([message], false);
      if (!neighbour || focusedCard?.getAttribute('data-message-id') !== message.id) return;
      const next = document.querySelector<HTMLElement>(`article[data-message-id="${CSS.escape(neighbour)}"]`);
      const target = active === focusedCard ? next : next?.querySelector<HTMLElement>('[data-action="hide"]');
      target?.focus();
    },
    [hideUndoably],
  );

  const hideMessages = useCallback(
    (messages: readonly UnifiedMessage[]) => void hideUndoably(messages, true),
    [hideUndoably],
  );

  return { hideKeepingPlace, hideMessages };
}
