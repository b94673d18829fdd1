import { useEffect, useState } from 'react';

/** Scrolls shorter than this are jitter (a finger resting on the screen), not a direction. */
const MIN_MOVE_PX = 8;

/**
 * SPEC §2: on small screens the header hides while the user scrolls down and comes back when they scroll up. True
 * while it should be hidden: after a scroll down past `offsetPx`, until the next scroll up.
 */
export function useHideOnScroll(offsetPx: number): boolean {
  const [hidden, setHidden] = useState(false);
  useEffect(() => {
    // A screen starts at its top. Reading the scroll position here would make the browser lay out the screen just
    // drawn at once, inside the task that mounts it (decision 174).
    let last = 0;
    const onScroll = () => {
      const y = window.scrollY;
      if (Math.abs(y - last) < MIN_MOVE_PX) return;
      setHidden(y > last && y > offsetPx);
      last = y;
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [offsetPx]);
  return hidden;
}
