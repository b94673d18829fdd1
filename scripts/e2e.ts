import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureServerBuild } from './server-build.ts';
import { ensureWebBuild } from './web-build.ts';
import { freePort } from './built-app.ts';

/**
 * Runs the Playwright specs against the built app on a free port with a throwaway data dir, so a run never
 * touches ./data or collides with a server already running.
 */
const root = fileURLToPath(new URL('..', import.meta.url));

ensureWebBuild();
await ensureServerBuild('server');
const dataDir = mkdtempSync(path.join(tmpdir(), 'matome-e2e-'));
const port = await freePort();
const largePort = await freePort();
const [sandboxPort, slackPort, chatworkPort, mailPort, smtpPort, stripePort] = [
  await freePort(),
  await freePort(),
  await freePort(),
  await freePort(),
  await freePort(),
  await freePort(),
];
const result = spawnSync(
  process.execPath,
  [path.join(root, 'node_modules/@playwright/test/cli.js'), 'test', ...process.argv.slice(2)],
  {
    cwd: root,
    stdio: 'inherit',
    env: {
      ...process.env,
      E2E_PORT: String(port),
      E2E_LARGE_PORT: String(largePort),
      E2E_SANDBOX_PORT: String(sandboxPort),
      E2E_SLACK_PORT: String(slackPort),
      E2E_CHATWORK_PORT: String(chatworkPort),
      E2E_MAIL_PORT: String(mailPort),
      E2E_SMTP_PORT: String(smtpPort),
      E2E_STRIPE_PORT: String(stripePort),
      E2E_GOOGLE_PORT: String(await freePort()),
      E2E_GITHUB_PORT: String(await freePort()),
      E2E_PUSH_PORT: String(await freePort()),
      E2E_DATA_DIR: dataDir,
    },
  },
);
rmSync(dataDir, { recursive: true, force: true });
process.exit(result.status ?? 1);
