import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterEach } from 'vitest';

const serverEntry = fileURLToPath(new URL('../server.ts', import.meta.url));
const workerEntry = fileURLToPath(new URL('../worker.ts', import.meta.url));

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Servers still running when a test ends (because an assertion failed) are stopped, never left behind. */
const running = new Set<ReturnType<typeof spawn>>();
afterEach(() => {
  for (const child of running) child.kill('SIGKILL');
  running.clear();
});

/** `src/server/server.ts` in a process of its own, as `npm start` runs it; its output is collected. */
export function startServer(env: Record<string, string>, nodeOptions: string[] = []) {
  return startProcess(serverEntry, env, nodeOptions);
}

/** `src/server/worker.ts` in a process of its own, as `npm run worker` runs it. */
export function startWorker(env: Record<string, string>, nodeOptions: string[] = []) {
  return startProcess(workerEntry, env, nodeOptions);
}

function startProcess(entry: string, env: Record<string, string>, nodeOptions: string[]) {
  const child = spawn(process.execPath, [...nodeOptions, entry], {
    env: { PATH: process.env.PATH, LOG_LEVEL: 'info', WEB_DIST_DIR: '/nonexistent', ...env },
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += String(chunk)));
  child.stderr.on('data', (chunk) => (output += String(chunk)));
  running.add(child);
  const exited = new Promise<number | null>((resolve) =>
    child.on('exit', (code) => {
      running.delete(child);
      resolve(code);
    }),
  );
  return { child, exited, output: () => output };
}

/** Start-up migrates a fresh database; on a loaded two-core CI machine that can take several seconds. */
export async function waitForHealth(url: string): Promise<unknown> {
  for (let attempt = 0; attempt < 250; attempt += 1) {
    try {
      const response = await fetch(url);
      if (response.ok) return response.json();
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} never answered`);
}
