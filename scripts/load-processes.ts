import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

/** The processes of the load scenario (load-bench.ts): started, read from, measured and stopped. */

const root = fileURLToPath(new URL('..', import.meta.url));

/** A script in a process of its own; `stdout: 'pipe'` for one whose first line is read (the emulators). */
export function child(
  script: string,
  args: string[],
  env: Record<string, string>,
  stdout: 'pipe' | 'inherit' = 'inherit',
): ChildProcess {
  return spawn(process.execPath, [path.join(root, script), ...args], {
    cwd: root,
    stdio: ['ignore', stdout, 'inherit'],
    env: { ...process.env, ...env },
  });
}

export async function firstLine(running: ChildProcess): Promise<string> {
  const lines = createInterface({ input: running.stdout! });
  const [line] = (await once(lines, 'line')) as [string];
  return line;
}

export async function stopChild(running: ChildProcess): Promise<void> {
  if (running.exitCode !== null || running.signalCode !== null) return;
  const exited = once(running, 'exit');
  running.kill('SIGTERM');
  await exited;
}

export function rssMiB(pid: number): number {
  try {
    const kib = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kib ? Number(kib) / 1024 : Number.NaN;
  } catch {
    return Number.NaN;
  }
}
