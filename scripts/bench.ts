import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { coldGather } from './cold-gather-bench.ts';
import { inboxRender } from './inbox-render-bench.ts';
import { liveMemory } from './live-memory-bench.ts';
import { loadBench } from './load-bench.ts';
import { searchBench } from './search-bench.ts';
import { serverBench } from './server-bench.ts';

/**
 * `npm run bench`: the figures of issue 12, each beside its comparison measured in the same run: first the warm
 * API, CPU, memory and start-up against a bare Fastify server (`server-bench.ts`), then the cold gather of the
 * connectors against the emulators (`cold-gather-bench.ts`), then the inbox's page and filter changes in Chromium at
 * 4× CPU slow-down (`inbox-render-bench.ts`), then issue 16's load scenario with two instances, two workers,
 * Redis and PostgreSQL (`load-bench.ts`, 5 minutes unless LOAD_MINUTES says otherwise), then issue 24's search over
 * 2,000 and 20,000 gathered messages beside a plain scan (`search-bench.ts`), then issue 26's inbox memory in the
 * browser after BENCH_LIVE_MINUTES (30) of live updates beside its reading at the start, taken after a few minutes
 * of live updates (`live-memory-bench.ts`).
 * A measurement, not a test: it fails only if it cannot run, and CI does not run it. BENCH_SKIP names parts to
 * leave out, comma-separated: server, gather, inbox, load, search, live.
 */

function print(line = ''): void {
  process.stdout.write(`${line}\n`);
}

const skip = (process.env.BENCH_SKIP ?? '').split(',');
const dataDir = mkdtempSync(path.join(tmpdir(), 'matome-bench-'));
try {
  if (!skip.includes('server')) await serverBench(dataDir, print);
  if (!skip.includes('gather')) {
    print('\nmeasuring the cold gather against the emulators…');
    for (const line of await coldGather()) print(line);
  }
  if (!skip.includes('inbox')) {
    print('\nmeasuring the inbox in Chromium (page and filter changes)…');
    for (const line of await inboxRender()) print(line);
  }
  if (!skip.includes('load')) {
    print('\nrunning the load scenario (two instances, two workers, Redis, PostgreSQL)…');
    await loadBench(print);
  }
  if (!skip.includes('search')) {
    print('\nmeasuring search over gathered messages (indexed beside the cache, and a plain scan)…');
    await searchBench(print);
  }
  if (!skip.includes('live')) {
    print("\nmeasuring the inbox's memory in Chromium while messages arrive live…");
    for (const line of await liveMemory()) print(line);
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
