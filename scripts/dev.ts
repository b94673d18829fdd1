import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The API restarts on change (node --watch) behind Vite's dev server, which proxies /api to it. */
const root = fileURLToPath(new URL('..', import.meta.url));
const apiPort = process.env.API_PORT ?? '3001';

const children = [
  spawn(process.execPath, ['--watch', path.join(root, 'src/server/server.ts')], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, PORT: apiPort, NODE_ENV: 'development' },
  }),
  spawn(
    process.execPath,
    [path.join(root, 'node_modules/vite/bin/vite.js'), '--port', process.env.PORT ?? '3000'],
    {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, API_PORT: apiPort },
    },
  ),
];

function stopAll(): void {
  for (const child of children) child.kill('SIGTERM');
}
process.on('SIGINT', stopAll);
process.on('SIGTERM', stopAll);
for (const child of children) {
  child.on('exit', (code) => {
    stopAll();
    process.exitCode = code ?? 0;
  });
}
