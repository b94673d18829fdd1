import { useCallback, useLayoutEffect, useRef } from 'react';

/**
 * One function for the component's whole life that calls the latest `callback`: for handlers handed to memoised
 * parts of the list, so a page change does not draw them again only because a closure was made anew, and for
 * listeners that live longer than a render. Updated in a layout effect, so an event that follows a render at once
 * (a key pressed right after another) reaches the newest callback: Preact runs plain effects only after the next
 * frame (decision 180).
 */
export function useStableCallback<Args extends unknown[], Result>(
  callback: (...args: Args) => Result,
): (...args: Args) => Result {
  const latest = useRef(callback);
  useLayoutEffect(() => {
    latest.current = callback;
  });
  return useCallback((...args: Args) => latest.current(...args), []);
}
