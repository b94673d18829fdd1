import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://127.0.0.1:${port}`;
/** A second server whose demo accounts carry 1,000 sample messages per platform, for the list timing figure. */
const largePort = Number(process.env.E2E_LARGE_PORT ?? 3101);
const dataDir = process.env.E2E_DATA_DIR ?? './.e2e-data';
/** `npm run sandbox` (scripts/sandbox.ts): an app wired to the Slack and ChatWork emulators, for sandbox-*.spec.ts. */
const sandboxPort = Number(process.env.E2E_SANDBOX_PORT ?? 3102);
const sandboxURL = `http://127.0.0.1:${sandboxPort}`;

/**
 * The sandbox's mail catcher (scripts/sandbox.ts starts it); the plain servers send their mail there too, so a
 * journey that signs up on any server confirms the address on one page.
 */
const smtpPort = process.env.E2E_SMTP_PORT ?? '3106';

function server(serverPort: number, directory: string, env: Record<string, string> = {}) {
  return {
    // The server bundle `npm start` runs (scripts/server-build.ts; scripts/e2e.ts builds it when stale).
    command: 'node dist/server/server.js',
    url: `http://127.0.0.1:${serverPort}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      HOST: '127.0.0.1',
      PORT: String(serverPort),
      DATA_DIR: directory,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      PUBLIC_URL: `http://127.0.0.1:${serverPort}`,
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      ...env,
    },
  };
}

const launchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--disable-quic',
    '--no-first-run',
  ],
};

/** Debian's Chromium, never a downloaded browser; `npm run test:e2e` (scripts/e2e.ts) sets the port and data dir. */
export default defineConfig({
  testDir: './e2e',
  outputDir: './test-results',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  // Two browsers and three servers share CI's two cores: there a dashboard with 180 messages has taken 12 s to draw
  // its list (docs/decisions/175). The limits leave room for that; a passing journey takes no longer for them.
  timeout: 60_000,
  expect: { timeout: 20_000 },
  reporter: process.env.CI ? 'list' : [['list']],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      testIgnore: [/.*-performance\.spec\.ts/, /sandbox-.*\.spec\.ts/],
      // Every journey opens a fresh browser context, where the service worker would install and precache the whole
      // app (106 files) beside the journey; the specs about the service worker allow it (installable.spec.ts).
      use: { ...devices['Desktop Chrome'], launchOptions, serviceWorkers: 'block' },
    },
    {
      name: 'sandbox',
      testMatch: /sandbox-.*\.spec\.ts/,
      // One journey at a time: they share the emulators, and a reply posted by one lands in the other's rooms.
      workers: 1,
      use: { ...devices['Desktop Chrome'], launchOptions, baseURL: sandboxURL },
    },
    // Timing figures run last and alone, so the other journeys neither slow them down nor are slowed by them.
    {
      name: 'performance',
      dependencies: ['chromium'],
      testMatch: /.*-performance\.spec\.ts/,
      use: { ...devices['Desktop Chrome'], launchOptions },
    },
  ],
  webServer: [
    server(port, `${dataDir}/main`, { SUPPORT_EMAIL: 'support@matome.example' }),
    server(largePort, `${dataDir}/large`, { SAMPLE_MESSAGES_PER_PLATFORM: '1000' }),
    {
      command: 'node scripts/sandbox.ts',
      url: `${sandboxURL}/api/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        HOST: '127.0.0.1',
        PORT: String(sandboxPort),
        PUBLIC_URL: sandboxURL,
        DATA_DIR: `${dataDir}/sandbox`,
        SLACK_EMULATOR_PORT: process.env.E2E_SLACK_PORT ?? '3103',
        CHATWORK_EMULATOR_PORT: process.env.E2E_CHATWORK_PORT ?? '3104',
        GOOGLE_EMULATOR_PORT: process.env.E2E_GOOGLE_PORT ?? '3108',
        GITHUB_EMULATOR_PORT: process.env.E2E_GITHUB_PORT ?? '3109',
        MAIL_CATCHER_PORT: process.env.E2E_MAIL_PORT ?? '3105',
        MAIL_CATCHER_SMTP_PORT: smtpPort,
        STRIPE_EMULATOR_PORT: process.env.E2E_STRIPE_PORT ?? '3107',
        // The morning digest's job looks every few seconds, so a journey sees its digest without waiting a minute.
        DIGEST_CHECK_SECONDS: '2',
        PUSH_EMULATOR_PORT: process.env.E2E_PUSH_PORT ?? '3110',
        NODE_ENV: 'production',
        LOG_LEVEL: 'warn',
      },
    },
  ],
});
