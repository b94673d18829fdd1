/**
 * Work accepted now and done after the answer went out: a provider waits only for the acknowledgement. In this
 * process, one item at a time in arrival order; with REDIS_URL a BullMQ queue can take its place behind the same
 * interface.
 */
export interface WorkQueue<T> {
  add(item: T): Promise<void>;
  /** Accepts nothing more and waits until what was accepted is done. */
  close(): Promise<void>;
}

export function createInProcessQueue<T>(
  work: (item: T) => Promise<void>,
  onError: (error: unknown) => void,
): WorkQueue<T> {
  let tail: Promise<void> = Promise.resolve();
  let closed = false;
  return {
    async add(item) {
      if (closed) return;
      tail = tail.then(() => work(item)).catch(onError);
    },
    async close() {
      closed = true;
      await tail;
    },
  };
}
