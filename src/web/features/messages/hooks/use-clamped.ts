import { useLayoutEffect, useState, type RefObject } from 'react';

/**
 * Whether the element's text is really cut off by its line clamp: measured while `clamped`, and again whenever
 * the element changes size (a narrower window wraps more lines). While not clamped the last answer stands, so an
 * expanded text keeps its "Show less".
 */
export function useClamped(ref: RefObject<HTMLElement | null>, clamped: boolean): boolean {
  const [cut, setCut] = useState(false);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element || !clamped) return;
    const measure = () => setCut(element.scrollHeight > element.clientHeight + 1);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, clamped]);
  return cut;
}
