import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  HIDDEN_MESSAGES_PER_USER_MAX,
  hiddenErrorCodes,
  type HiddenIds,
} from '../../../../contract/hidden-messages.ts';
import type { UnifiedMessage } from '../../../../contract/messages.ts';
import { useToast } from '../../../components/ui/use-toast.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { HIDDEN_MESSAGES_QUERY_KEY, hiddenIdsQueryOptions } from '../api/get-hidden-ids.ts';
import { hideMessage } from '../api/hide-message.ts';
import { hideMessages } from '../api/hide-messages.ts';
import { unhideMessage } from '../api/unhide-message.ts';

/** SPEC §4 and §9: a hidden card fades out over 300 ms before it leaves the list. */
export const HIDE_ANIMATION_MS = 300;

const refOf = (message: UnifiedMessage) => ({
  platform: message.platform,
  platform_message_id: message.platform_message_id,
});

function withAll(set: ReadonlySet<string>, ids: readonly string[]): Set<string> {
  const next = new Set(set);
  for (const id of ids) next.add(id);
  return next;
}

function withoutAll(set: ReadonlySet<string>, ids: readonly string[]): Set<string> {
  const next = new Set(set);
  for (const id of ids) next.delete(id);
  return next;
}

/** Hidden ids as the list identifies messages: `{platform}-{platform_message_id}`. */
function messageIdsOf(hidden: HiddenIds | undefined): Set<string> {
  const ids = new Set<string>();
  for (const id of hidden?.chatwork ?? []) ids.add(`chatwork-${id}`);
  for (const id of hidden?.slack ?? []) ids.add(`slack-${id}`);
  return ids;
}

export interface Hiding {
  isHidden(id: string): boolean;
  isFading(id: string): boolean;
  /** Resolves true once the server hid it; false (having said why) when it refused. */
  hide(message: UnifiedMessage): Promise<boolean>;
  /** Hides several messages in one request; the caller asks for confirmation first. */
  hideMany(messages: readonly UnifiedMessage[]): Promise<boolean>;
  unhide(message: UnifiedMessage): void;
  /**
   * Shows hidden messages again, as the undo of a hide: all of them, or, when any cannot be shown, none (those
   * already shown are hidden again) and it rejects.
   */
  unhideAll(messages: readonly UnifiedMessage[]): Promise<void>;
}

/**
 * Check and hide. The server's list of hidden ids is the source of truth; a hide or unhide shows at once through a
 * local layer that gives way as soon as the server's list agrees, and is undone if the server refuses.
 */
export function useHiding(): Hiding {
  const { t } = useTranslation('hiding');
  const { showToast } = useToast();
  const queryClient = useQueryClient();
  const server = useQuery(hiddenIdsQueryOptions());
  const [fading, setFading] = useState<ReadonlySet<string>>(() => new Set());
  const [locallyHidden, setLocallyHidden] = useState<ReadonlySet<string>>(() => new Set());
  const [locallyShown, setLocallyShown] = useState<ReadonlySet<string>>(() => new Set());
  /** Each fading message's timer, which moves it to the hidden ones when the fade ends. */
  const fadeTimers = useRef(new Map<string, number>());

  const serverHidden = useMemo(() => messageIdsOf(server.data), [server.data]);

  useEffect(() => {
    const fades = fadeTimers.current;
    return () => {
      for (const timer of new Set(fades.values())) window.clearTimeout(timer);
    };
  }, []);

  /**
   * Takes messages out of their fades (only those `timer` owns, when given): their fades will not hide them. A timer
   * left without a message is cleared.
   */
  const callOffFades = useCallback((ids: readonly string[], timer?: number) => {
    const fades = fadeTimers.current;
    const calledOff = new Set<number>();
    for (const id of ids) {
      const owner = fades.get(id);
      if (owner === undefined || (timer !== undefined && owner !== timer)) continue;
      fades.delete(id);
      calledOff.add(owner);
    }
    const running = new Set(fades.values());
    for (const owner of calledOff) if (!running.has(owner)) window.clearTimeout(owner);
  }, []);

  /** Reloads the server's list; returns it as message ids, so the local layer can give way where it agrees. */
  const refetch = useCallback(async () => {
    await queryClient.invalidateQueries({ queryKey: HIDDEN_MESSAGES_QUERY_KEY });
    return messageIdsOf(queryClient.getQueryData(hiddenIdsQueryOptions().queryKey));
  }, [queryClient]);

  const restore = useCallback((ids: readonly string[]) => {
    setFading((current) => withoutAll(current, ids));
    setLocallyHidden((current) => withoutAll(current, ids));
  }, []);

  /**
   * Shows messages again at once and asks the server to; `allOrNothing` hides again those it showed when any
   * failed. Resolves to whether all were shown.
   */
  const show = useCallback(
    async (messages: readonly UnifiedMessage[], allOrNothing: boolean) => {
      const ids = messages.map((message) => message.id);
      // Shown again while it fades (an undo within the fade): its fade must not hide it once it ends.
      callOffFades(ids);
      setFading((current) => withoutAll(current, ids));
      setLocallyHidden((current) => withoutAll(current, ids));
      setLocallyShown((current) => withAll(current, ids));
      const results = await Promise.allSettled(messages.map((message) => unhideMessage(refOf(message))));
      const failed = messages.filter((_, index) => results[index]!.status === 'rejected');
      const shownAgain = messages.filter((_, index) => results[index]!.status === 'fulfilled');
      if (failed.length > 0) {
        const putBack = allOrNothing ? messages : failed;
        if (allOrNothing && shownAgain.length > 0) {
          await hideMessages(shownAgain.map(refOf)).catch(() => undefined);
        }
        setLocallyShown((current) =>
          withoutAll(
            current,
            putBack.map((message) => message.id),
          ),
        );
      }
      const listed = await refetch();
      setLocallyShown((current) =>
        withoutAll(
          current,
          ids.filter((id) => !listed.has(id)),
        ),
      );
      return failed.length === 0;
    },
    [callOffFades, refetch],
  );

  const startHiding = useCallback(
    async (
      messages: readonly UnifiedMessage[],
      request: () => Promise<unknown>,
      failure: 'failed' | 'failedMany',
    ) => {
      const ids = messages.map((message) => message.id);
      setLocallyShown((current) => withoutAll(current, ids));
      setFading((current) => withAll(current, ids));
      const timer = window.setTimeout(() => {
        const faded = ids.filter((id) => fadeTimers.current.get(id) === timer);
        for (const id of faded) fadeTimers.current.delete(id);
        setFading((current) => withoutAll(current, faded));
        setLocallyHidden((current) => withAll(current, faded));
      }, HIDE_ANIMATION_MS);
      for (const id of ids) fadeTimers.current.set(id, timer);
      try {
        await request();
      } catch (error) {
        callOffFades(ids, timer);
        restore(ids);
        const overLimit = error instanceof ApiError && error.code === hiddenErrorCodes.limit;
        showToast(overLimit ? t('limit', { max: HIDDEN_MESSAGES_PER_USER_MAX }) : t(failure), 'error');
        return false;
      }
      const listed = await refetch();
      setLocallyHidden((current) =>
        withoutAll(
          current,
          ids.filter((id) => listed.has(id)),
        ),
      );
      return true;
    },
    [callOffFades, refetch, restore, showToast, t],
  );

  const hide = useCallback(
    (message: UnifiedMessage) => startHiding([message], () => hideMessage(refOf(message)), 'failed'),
    [startHiding],
  );

  const hideMany = useCallback(
    (messages: readonly UnifiedMessage[]) =>
      startHiding(messages, () => hideMessages(messages.map(refOf)), 'failedMany'),
    [startHiding],
  );

  const unhide = useCallback(
    (message: UnifiedMessage) =>
      void show([message], false).then((ok) =>
        showToast(t(ok ? 'unhidden' : 'unhideFailed'), ok ? 'success' : 'error'),
      ),
    [show, showToast, t],
  );

  const unhideAll = useCallback(
    async (messages: readonly UnifiedMessage[]) => {
      if (!(await show(messages, true))) throw new Error('The messages could not be shown again.');
    },
    [show],
  );

  const isHidden = useCallback(
    (id: string) => (serverHidden.has(id) || locallyHidden.has(id)) && !locallyShown.has(id),
    [serverHidden, locallyHidden, locallyShown],
  );
  const isFading = useCallback((id: string) => fading.has(id), [fading]);

  return { isHidden, isFading, hide, hideMany, unhide, unhideAll };
}
