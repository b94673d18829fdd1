import { useCallback } from 'react';
import type { UnifiedMessage } from '../../../../contract/messages.ts';
import type { ShortcutBinding } from '../../../lib/shortcut-keys.ts';
import { useShortcuts } from '../../../lib/use-shortcuts.ts';
import type { GuardedAction } from '../lib/action-restrictions.ts';
import {
  declarationOf,
  messageActionIds,
  messageActions,
  type MessageActionHandlers,
  type MessageActionId,
} from './message-actions.ts';

/** Every declared shortcut, for the key listener. */
const bindings: readonly ShortcutBinding<MessageActionId>[] = messageActionIds.flatMap((id) => {
  const keys = declarationOf(id).keys;
  return keys ? [{ id, keys }] : [];
});
const paletteOnly = bindings.filter((binding) => binding.id === 'palette');

interface MessageActionsOptions {
  handlers: MessageActionHandlers;
  focused: UnifiedMessage | null;
  selected: readonly UnifiedMessage[];
  /** False, after telling the user why, when the account may not do this. */
  allowed(action: GuardedAction): boolean;
  /** Called after an action ran, with its id. */
  onRan?(id: MessageActionId): void;
  /** Whether the shortcuts listen (they do not while the list is still loading, for one). */
  enabled?: boolean;
  /**
   * An overlay (the palette, the shortcuts' help) is open: only the palette's chord listens. Keys typed while it
   * draws and takes focus are meant for it, never for the card behind it.
   */
  overlayOpen?: boolean;
}

/**
 * Runs message actions by id, from the shortcuts (bound here) or from the palette: on the selection or the
 * focused card as the action's target says, after the account's restriction allows it. An action whose target is
 * not there does nothing.
 */
export function useMessageActions({
  handlers,
  focused,
  selected,
  allowed,
  onRan,
  enabled = true,
  overlayOpen = false,
}: MessageActionsOptions): (id: MessageActionId) => void {
  const run = useCallback(
    (id: MessageActionId) => {
      const declaration = declarationOf(id);
      if (declaration.target === 'focused' && !focused) return;
      if (declaration.target === 'selection' && !focused && selected.length === 0) return;
      if (declaration.guard && !allowed(declaration.guard)) return;
      runHandler(handlers, id, focused, selected);
      onRan?.(id);
    },
    [allowed, focused, handlers, onRan, selected],
  );
  useShortcuts(overlayOpen ? paletteOnly : bindings, run, enabled);
  return run;
}

function runHandler(
  handlers: MessageActionHandlers,
  id: MessageActionId,
  focused: UnifiedMessage | null,
  selected: readonly UnifiedMessage[],
): void {
  const target = messageActions[id].target;
  if (target === 'list') (handlers[id] as () => void)();
  else if (target === 'focused') (handlers[id] as (message: UnifiedMessage) => void)(focused!);
  else {
    const fromSelection = selected.length > 0;
    (handlers[id] as (messages: readonly UnifiedMessage[], fromSelection: boolean) => void)(
      fromSelection ? selected : [focused!],
      fromSelection,
    );
  }
}
