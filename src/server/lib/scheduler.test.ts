import { afterEach, describe, expect, it, vi } from 'vitest';
import { createInProcessScheduler } from './scheduler.ts';

afterEach(() => {
  vi.useRealTimers();
});

function deferred() {
  let resolve: () => void = () => {};
  const promise = new Promise<void>((settle) => (resolve = settle));
  return { promise, resolve };
}

describe('in-process scheduler', () => {
  it('runs a job on its interval, never two runs of it at once', async () => {
    vi.useFakeTimers();
    const scheduler = createInProcessScheduler({ onError: () => {} });
    const gates: ReturnType<typeof deferred>[] = [];
    scheduler.every('sweep', 1000, () => {
      const gate = deferred();
      gates.push(gate);
      return gate.promise;
    });
    await vi.advanceTimersByTimeAsync(999);
    expect(gates).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(gates).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(3000);
    expect(gates).toHaveLength(1);
    gates[0]!.resolve();
    await vi.advanceTimersByTimeAsync(1000);
    expect(gates).toHaveLength(2);
    gates[1]!.resolve();
    await scheduler.close();
  });

  it('reports a failing run and keeps the job scheduled', async () => {
    vi.useFakeTimers();
    const failures: [string, unknown][] = [];
    const scheduler = createInProcessScheduler({ onError: (job, error) => failures.push([job, error]) });
    let runs = 0;
    scheduler.every('sweep', 1000, async () => {
      runs += 1;
      throw new Error(`run ${runs} failed`);
    });
    await vi.advanceTimersByTimeAsync(2000);
    expect(runs).toBe(2);
    expect(failures.map(([job, error]) => [job, (error as Error).message])).toEqual([
      ['sweep', 'run 1 failed'],
      ['sweep', 'run 2 failed'],
    ]);
    await scheduler.close();
  });

  it('on close waits for the run in progress and starts no more', async () => {
    vi.useFakeTimers();
    const scheduler = createInProcessScheduler({ onError: () => {} });
    const gate = deferred();
    let runs = 0;
    scheduler.every('sweep', 1000, () => {
      runs += 1;
      return gate.promise;
    });
    await vi.advanceTimersByTimeAsync(1000);
    let closed = false;
    const closing = scheduler.close().then(() => (closed = true));
    await vi.advanceTimersByTimeAsync(5000);
    expect(closed).toBe(false);
    gate.resolve();
    await closing;
    expect(closed).toBe(true);
    await vi.advanceTimersByTimeAsync(5000);
    expect(runs).toBe(1);
  });
});
