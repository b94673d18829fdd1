import { spawn } from 'node:child_process';
import { mkdtemp, readFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const serverEntry = fileURLToPath(new URL('./server.ts', import.meta.url));

function freePort(): Promise<number> {
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

function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, [serverEntry], {
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
async function waitForHealth(url: string): Promise<unknown> {
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

describe('server process', () => {
  it('starts on the embedded database, generates its secrets once, and shuts down cleanly on SIGTERM', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'matome-server-'));
    const port = await freePort();
    const server = startServer({ DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1' });
    const health = await waitForHealth(`http://127.0.0.1:${port}/api/health`);
    expect(health).toMatchObject({ status: 'ok', db: 'pglite' });
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain(`Matome is ready: open http://localhost:${port} in your browser`);
    // Not a terminal, so the logs are JSON lines; generating the secrets is information, not a warning.
    const notice = server
      .output()
      .split('\n')
      .find((line) => line.includes('Generated JWT_SECRET and TOKEN_ENCRYPTION_KEY'));
    expect(JSON.parse(notice ?? '{}')).toMatchObject({ level: 30 });
    expect(server.output()).toContain('SIGTERM received, shutting down');
    const secrets = JSON.parse(await readFile(path.join(dataDir, 'secrets.json'), 'utf8'));
    expect(server.output()).not.toContain(secrets.JWT_SECRET);

    const again = startServer({ DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1' });
    await waitForHealth(`http://127.0.0.1:${port}/api/health`);
    again.child.kill('SIGTERM');
    expect(await again.exited).toBe(0);
    expect(again.output()).not.toContain('Generated');
  }, 90_000);

  it('refuses to start with a clear message when configuration is invalid', async () => {
    const server = startServer({ PORT: 'eighty' });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('Invalid configuration');
    expect(server.output()).toContain('PORT');
    expect(server.output()).not.toMatch(/\bat .+\.ts:\d+/);
  });

  it('refuses to start in production on PostgreSQL without its secrets', async () => {
    const server = startServer({ NODE_ENV: 'production', DATABASE_URL: 'postgres://127.0.0.1:1/none' });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('JWT_SECRET and TOKEN_ENCRYPTION_KEY must be set');
  });
});
