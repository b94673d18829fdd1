import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { coldGather } from './cold-gather-bench.ts';
import { inboxRender } from './inbox-render-bench.ts';
import { serverBench } from './server-bench.ts';

/**
 * `npm run bench`: the figures of issue 12, each beside its comparison measured in the same run: first the warm
 * API, CPU, memory and start-up against a bare Fastify server (`server-bench.ts`), then the cold gather of the
 * connectors against the emulators (`cold-gather-bench.ts`), then the inbox's page and filter changes in Chromium at
 * 4× CPU slow-down (`inbox-render-bench.ts`). A measurement, not a test: it fails only if it cannot run, and CI
 * does not run it. BENCH_SKIP=server, BENCH_SKIP=gather or BENCH_SKIP=inbox leaves one part out.
 */

function print(line = ''): void {
  process.stdout.write(`${line}\n`);
}

const skip = process.env.BENCH_SKIP ?? '';
const dataDir = mkdtempSync(path.join(tmpdir(), 'matome-bench-'));
try {
  if (skip !== 'server') await serverBench(dataDir, print);
  if (skip !== 'gather') {
    print('\nmeasuring the cold gather against the emulators…');
    for (const line of await coldGather()) print(line);
  }
  if (skip !== 'inbox') {
    print('\nmeasuring the inbox in Chromium (page and filter changes)…');
    for (const line of await inboxRender()) print(line);
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
