import { useCallback, useMemo } from 'react';
import type { SourceMessage, UnifiedMessage } from '../../../../contract/messages.ts';
import {
  triagedTimeline,
  triageStates,
  type MessageTriage,
  type Snooze,
} from '../../../../contract/triage.ts';
import type { TriageMarks } from './use-triage-marks.ts';

export interface TriagedTimeline {
  /** Woken snoozes first, then newest first; snoozed and done messages left out. */
  messages: UnifiedMessage[];
  triageOf(id: string): MessageTriage | undefined;
  /** The snoozes still waiting, soonest first. */
  waiting: Snooze[];
}

/**
 * The timeline as triage leaves it. Messages that arrived live and wait behind the new-messages pill count too: a
 * reply among them brings its done thread back at once.
 */
export function useTriagedTimeline(
  messages: readonly UnifiedMessage[],
  pending: readonly SourceMessage[],
  marks: Pick<TriageMarks, 'snoozes' | 'done' | 'now'>,
): TriagedTimeline {
  const { snoozes, done, now } = marks;
  const states = useMemo(
    () =>
      triageStates(
        [...messages.map((message) => message.original_message), ...pending],
        { snoozes, done },
        now,
      ),
    [messages, pending, snoozes, done, now],
  );
  const triaged = useMemo(() => triagedTimeline(messages, states), [messages, states]);
  const waiting = useMemo(
    () =>
      snoozes
        .filter((snooze) => Date.parse(snooze.until) > now)
        .sort((a, b) => Date.parse(a.until) - Date.parse(b.until)),
    [snoozes, now],
  );
  const triageOf = useCallback((id: string) => states.get(id), [states]);
  return { messages: triaged, triageOf, waiting };
}
