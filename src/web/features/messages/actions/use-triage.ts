import { useCallback, useLayoutEffect, useMemo, useState } from 'react';
import type { UnifiedMessage } from '../../../../contract/messages.ts';
import { readRecentCommands, rememberRecentCommand } from '../../../lib/recent-commands.ts';
import type { GuardedAction } from '../lib/action-restrictions.ts';
import type { MessageActionHandlers, MessageActionId } from './message-actions.ts';
import { useMessageActions } from './use-message-actions.ts';

export type TriageOverlay = 'palette' | 'help' | null;

/** The handlers the list gives; the palette's and the help's are the triage layer's own. */
export type ListActionHandlers = Omit<MessageActionHandlers, 'palette' | 'help'>;

export interface Triage {
  /** Runs an action as its shortcut would: the bulk bar and the palette go through here. */
  run(id: MessageActionId): void;
  overlay: TriageOverlay;
  setOverlay(overlay: TriageOverlay): void;
  /** The ids of the actions run lately, newest first. */
  recent: readonly string[];
}

interface TriageOptions {
  handlers: ListActionHandlers;
  focused: UnifiedMessage | null;
  selected: readonly UnifiedMessage[];
  allowed(action: GuardedAction): boolean;
  /** Whose recent actions the palette lists first. */
  userId: string | undefined;
  enabled: boolean;
}

/** Moving about and opening the overlays leave no trace among the recent actions; what changes something does. */
const notRemembered = new Set<MessageActionId>(['next', 'previous', 'palette', 'help']);

/** The list's keyboard layer: its shortcuts bound, the palette and help overlay's state, the recent actions. */
export function useTriage({ handlers, focused, selected, allowed, userId, enabled }: TriageOptions): Triage {
  const storageKey = `matome.recentActions.${userId ?? 'signed-out'}`;
  const [recent, setRecent] = useState(() => readRecentCommands(storageKey));
  const [overlay, setOverlay] = useState<TriageOverlay>(null);
  const all = useMemo<MessageActionHandlers>(
    () => ({
      ...handlers,
      palette: () => setOverlay((open) => (open === 'palette' ? null : 'palette')),
      help: () => setOverlay('help'),
    }),
    [handlers],
  );
  const onRan = useCallback(
    (id: MessageActionId) => {
      if (!notRemembered.has(id)) setRecent(rememberRecentCommand(storageKey, id));
    },
    [storageKey],
  );
  const run = useMessageActions({
    handlers: all,
    focused,
    selected,
    allowed,
    onRan,
    enabled,
    overlayOpen: overlay !== null,
  });
  // Escape closes an overlay whose code is still on its way (the palette's comes when first opened): pressed before
  // it had drawn, it opened a moment later over a card the person had gone back to. Once drawn, its own dialog
  // closes it on the same key.
  useLayoutEffect(() => {
    if (overlay === null) return;
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOverlay(null);
    };
    window.addEventListener('keydown', closeOnEscape);
    return () => window.removeEventListener('keydown', closeOnEscape);
  }, [overlay]);
  return { run, overlay, setOverlay, recent };
}
