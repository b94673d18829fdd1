import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { nextSnoozeWake, type DoneMark, type Snooze } from '../../../../contract/triage.ts';
import { DONE_MARKS_QUERY_KEY, useDoneMarks } from '../api/get-done-marks.ts';
import { SNOOZES_QUERY_KEY, TRIAGE_QUERY_KEY, useSnoozes } from '../api/get-snoozes.ts';
import type { TriageLists } from '../lib/triage-lists.ts';
import { awaitingFirstAnswer } from './first-answer.ts';

/** The longest a browser timer can wait; a snooze further ahead is checked again then. */
const MAX_TIMER_MS = 2 ** 31 - 1;

const noSnoozes: readonly Snooze[] = [];
const noDoneMarks: readonly DoneMark[] = [];

export interface TriageMarks extends TriageLists {
  /** The time the states are worked out at: it moves when a snooze wakes and when the tab is seen again. */
  now: number;
  /**
   * The first answers are on their way: an inbox drawn before them would show snoozed and done messages and then take
   * them out, moving every card below (decision 174).
   */
  loading: boolean;
  /** Changes both lists in the cache at once; returns what they were, for `restore`. */
  change(update: (lists: TriageLists) => TriageLists): Promise<TriageLists>;
  restore(lists: TriageLists): void;
  /** Asks the server for both lists again. */
  reload(): Promise<void>;
}

/**
 * The person's snoozes and done marks (the server's lists, with any optimistic change laid over them), and a clock
 * that ticks when the next snooze wakes, so it comes back at its time; a tab that slept checks again when it is seen.
 * Live changes from other devices reach the lists through `useLiveMessages`, which invalidates them.
 */
export function useTriageMarks(): TriageMarks {
  const queryClient = useQueryClient();
  const snoozesQuery = useSnoozes();
  const doneQuery = useDoneMarks();
  const snoozes = snoozesQuery.data ?? noSnoozes;
  const done = doneQuery.data ?? noDoneMarks;
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    const current = Date.now();
    // A snooze that came (or came back from an undo) with a time between the clock's last tick and now has woken.
    const missed = snoozes.some(({ until }) => Date.parse(until) > now && Date.parse(until) <= current);
    const wake = missed ? current : nextSnoozeWake(snoozes, current);
    if (wake === null) return;
    const timer = window.setTimeout(() => setNow(Date.now()), Math.min(wake - current + 1, MAX_TIMER_MS));
    return () => window.clearTimeout(timer);
  }, [snoozes, now]);

  useEffect(() => {
    const check = () => {
      if (document.visibilityState === 'visible') setNow(Date.now());
    };
    document.addEventListener('visibilitychange', check);
    window.addEventListener('focus', check);
    return () => {
      document.removeEventListener('visibilitychange', check);
      window.removeEventListener('focus', check);
    };
  }, []);

  const change = useCallback(
    async (update: (lists: TriageLists) => TriageLists) => {
      // A fetch under way would lay the old lists over the optimistic ones.
      await queryClient.cancelQueries({ queryKey: TRIAGE_QUERY_KEY });
      const before: TriageLists = {
        snoozes: queryClient.getQueryData<Snooze[]>(SNOOZES_QUERY_KEY) ?? [],
        done: queryClient.getQueryData<DoneMark[]>(DONE_MARKS_QUERY_KEY) ?? [],
      };
      const after = update(before);
      queryClient.setQueryData(SNOOZES_QUERY_KEY, [...after.snoozes]);
      queryClient.setQueryData(DONE_MARKS_QUERY_KEY, [...after.done]);
      setNow(Date.now());
      return before;
    },
    [queryClient],
  );

  const restore = useCallback(
    (lists: TriageLists) => {
      queryClient.setQueryData(SNOOZES_QUERY_KEY, [...lists.snoozes]);
      queryClient.setQueryData(DONE_MARKS_QUERY_KEY, [...lists.done]);
    },
    [queryClient],
  );

  const reload = useCallback(
    () => queryClient.invalidateQueries({ queryKey: TRIAGE_QUERY_KEY }),
    [queryClient],
  );

  return {
    snoozes,
    done,
    now,
    loading: awaitingFirstAnswer(snoozesQuery) || awaitingFirstAnswer(doneQuery),
    change,
    restore,
    reload,
  };
}
