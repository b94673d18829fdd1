import { useLayoutEffect, useState, type RefObject } from 'react';

/**
 * Whether the element's text is really cut off by its line clamp: measured while `clamped`, and again whenever
 * the element changes size (a narrower window wraps more lines). While not clamped the last answer stands, so an
 * expanded text keeps its "Show less".
 *
 * The measuring happens in the ResizeObserver callback, which the browser runs after it has laid the page out:
 * reading sizes there costs nothing, where reading them while React commits forced a layout for every card of a
 * new page. Cards off screen (content-visibility: auto) are measured when they come near the viewport.
 */
export function useClamped(ref: RefObject<HTMLElement | null>, clamped: boolean): boolean {
  const [cut, setCut] = useState(false);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element || !clamped) return;
    const observer = new ResizeObserver(() => setCut(element.scrollHeight > element.clientHeight + 1));
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, clamped]);
  return cut;
}
