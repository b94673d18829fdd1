/**
 * Background jobs that run on a fixed interval. The in-process scheduler below is the single-node default
 * (DESIGN.md §2); with REDIS_URL a BullMQ scheduler takes its place behind the same interface, so every instance
 * can register the same jobs and each run happens once.
 */
export interface Scheduler {
  /** Runs `job` every `intervalMs`; a run still going when the next is due makes that one skip. */
  every(name: string, intervalMs: number, job: () => Promise<void>): void;
  /** Schedules nothing more and waits for runs in progress, so they finish before the database closes. */
  close(): Promise<void>;
}

export function createInProcessScheduler(options: {
  onError: (job: string, error: unknown) => void;
}): Scheduler {
  const timers = new Set<NodeJS.Timeout>();
  const running = new Map<string, Promise<void>>();
  let closed = false;

  return {
    every(name, intervalMs, job) {
      if (closed) return;
      const timer = setInterval(() => {
        if (closed || running.has(name)) return;
        const run = job()
          .catch((error: unknown) => options.onError(name, error))
          .finally(() => running.delete(name));
        running.set(name, run);
      }, intervalMs);
      // A pending job never keeps the process alive.
      timer.unref();
      timers.add(timer);
    },

    async close() {
      closed = true;
      for (const timer of timers) clearInterval(timer);
      timers.clear();
      await Promise.all(running.values());
    },
  };
}
