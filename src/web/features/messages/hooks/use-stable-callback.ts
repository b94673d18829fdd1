import { useCallback, useLayoutEffect, useRef } from 'react';

/**
 * One function for the component's whole life that calls the latest `callback`: for handlers handed to memoised
 * parts of the list, so a page change does not draw them again only because a closure was made anew.
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
