import { useEffect, useState } from 'react';

/**
 * Runs `update` once the frame being prepared is painted: a task posted from the frame's own callbacks runs after it.
 * A click's frame shows what was asked for, and what can wait is drawn after it; a further click before then cancels
 * it (decisions 165 and 174). Returns the cancel.
 */
export function afterPaint(update: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(update);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}

/**
 * `value` as it was until a frame showing the rest of the change has been painted, then `value`: for the parts of a
 * screen a change does not need in its first frame.
 */
export function useValueAfterPaint<T>(value: T): T {
  const [shown, setShown] = useState(value);
  useEffect(() => {
    if (Object.is(shown, value)) return;
    return afterPaint(() => setShown(value));
  }, [shown, value]);
  return shown;
}
