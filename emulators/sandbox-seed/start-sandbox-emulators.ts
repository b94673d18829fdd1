import { startChatworkEmulator } from '../chatwork/chatwork-emulator.ts';
import type { RunningEmulator } from '../core/emulator-server.ts';
import { startGithubEmulator } from '../github/github-emulator.ts';
import { startGoogleEmulator } from '../google/google-emulator.ts';
import { startPushEmulator } from '../push/push-emulator.ts';
import { startSlackEmulator } from '../slack/slack-emulator.ts';
import { startStripeEmulator } from '../stripe/stripe-emulator.ts';
import { sandboxStripeSeed, stripeAppEnv } from './sandbox-stripe-seed.ts';
import { sandboxChatworkSeed } from './sandbox-chatwork-seed.ts';
import { sandboxGithubSeed } from './sandbox-github-seed.ts';
import { sandboxGoogleSeed } from './sandbox-google-seed.ts';
import { SANDBOX_SLACK_APP_TOKEN, sandboxSlackSeed } from './sandbox-slack-seed.ts';

export interface SandboxEmulators {
  slack: RunningEmulator;
  chatwork: RunningEmulator;
  stripe: RunningEmulator;
  google: RunningEmulator;
  github: RunningEmulator;
  /** A push service (RFC 8030): subscriptions made on it receive the app's push notifications, decrypted. */
  push: RunningEmulator;
  /** The settings that point the app at these emulators with the sandbox OAuth apps. */
  appEnv: Record<string, string>;
  close(): Promise<void>;
}

export interface SandboxEmulatorOptions {
  /** 0 (the default) picks free ports. */
  slackPort?: number;
  chatworkPort?: number;
  stripePort?: number;
  /** Where the app listens: the Stripe emulator delivers its webhooks to `{appUrl}/api/stripe/webhook`. */
  appUrl?: string;
  googlePort?: number;
  githubPort?: number;
  pushPort?: number;
  host?: string;
  /** The time the seed's messages are relative to (epoch ms). */
  now?: number;
}

/** The sandbox Slack app's signing secret: the emulator signs its events with it, the app checks them. */
export const SANDBOX_SLACK_SIGNING_SECRET = 'sandbox-slack-signing-secret';

/** Points the Slack emulator's event deliveries at the app (its Events API request URL). */
export async function deliverSlackEventsTo(slackEmulatorUrl: string, appUrl: string): Promise<void> {
  const response = await fetch(`${slackEmulatorUrl}/_control/events/config`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      requestUrl: `${appUrl}/api/slack/events`,
      signingSecret: SANDBOX_SLACK_SIGNING_SECRET,
    }),
  });
  if (!response.ok) throw new Error(`configuring Slack events failed: ${response.status}`);
}

/** The app's settings that point it at emulators at these URLs, signed in as the sandbox OAuth apps. */
export function sandboxAppEnv(urls: {
  slack: string;
  chatwork: string;
  google?: string;
  github?: string;
}): Record<string, string> {
  return {
    SLACK_CLIENT_ID: 'sandbox-slack-client',
    SLACK_CLIENT_SECRET: 'sandbox-slack-secret',
    SLACK_API_URL: `${urls.slack}/api`,
    SLACK_AUTHORIZE_URL: `${urls.slack}/oauth/v2/authorize`,
    SLACK_SIGNING_SECRET: SANDBOX_SLACK_SIGNING_SECRET,
    SLACK_APP_TOKEN: SANDBOX_SLACK_APP_TOKEN,
    CHATWORK_CLIENT_ID: 'sandbox-chatwork-client',
    CHATWORK_CLIENT_SECRET: 'sandbox-chatwork-secret',
    CHATWORK_API_URL: `${urls.chatwork}/v2`,
    CHATWORK_AUTHORIZE_URL: `${urls.chatwork}/packages/oauth2/login.php`,
    CHATWORK_TOKEN_URL: `${urls.chatwork}/token`,
    ...(urls.google ? googleAppEnv(urls.google) : {}),
    ...(urls.github ? githubAppEnv(urls.github) : {}),
  };
}

/** The Google settings for an emulator at `url`, which serves every Google host's paths at its root. */
export function googleAppEnv(url: string): Record<string, string> {
  return {
    GOOGLE_CLIENT_ID: 'sandbox-google-client',
    GOOGLE_CLIENT_SECRET: 'sandbox-google-secret',
    GOOGLE_ACCOUNTS_BASE: url,
    GOOGLE_OAUTH2_BASE: url,
    GOOGLE_OIDC_BASE: url,
    GOOGLE_API_BASE: url,
    GOOGLE_TASKS_BASE: url,
  };
}

export function githubAppEnv(url: string): Record<string, string> {
  return {
    GITHUB_CLIENT_ID: 'sandbox-github-client',
    GITHUB_CLIENT_SECRET: 'sandbox-github-secret',
    GITHUB_OAUTH_BASE: url,
    GITHUB_API_BASE: url,
  };
}

/** The push services of real browsers (the app's default PUSH_SERVICE_ORIGINS), which the sandbox keeps. */
const BROWSER_PUSH_SERVICES = [
  'https://fcm.googleapis.com',
  'https://*.push.services.mozilla.com',
  'https://*.push.apple.com',
  'https://*.notify.windows.com',
];

/**
 * The push emulator beside the real browsers' push services: a browser's own subscription still goes to its
 * vendor's service when the machine is online; tests and the sandbox's scripted devices use the emulator.
 */
export function pushAppEnv(url: string): Record<string, string> {
  return { PUSH_SERVICE_ORIGINS: [...BROWSER_PUSH_SERVICES, url].join(',') };
}

/** Starts the provider emulators with the sandbox seeds: used by `npm run sandbox`, `npm run emulators`, e2e and the bench. */
export async function startSandboxEmulators(options: SandboxEmulatorOptions = {}): Promise<SandboxEmulators> {
  const now = options.now ?? Date.now();
  const started: RunningEmulator[] = [];
  const start = async (emulator: Promise<RunningEmulator>) => {
    try {
      const running = await emulator;
      started.push(running);
      return running;
    } catch (error) {
      await Promise.all(started.map((running) => running.close()));
      throw error;
    }
  };
  const { host } = options;
  const slack = await start(
    startSlackEmulator({ port: options.slackPort, host, seed: sandboxSlackSeed(now) }),
  );
  const chatwork = await start(
    startChatworkEmulator({ port: options.chatworkPort, host, seed: sandboxChatworkSeed(now) }),
  );
  const google = await start(
    startGoogleEmulator({ port: options.googlePort, host, seed: sandboxGoogleSeed(now) }),
  );
  const github = await start(
    startGithubEmulator({ port: options.githubPort, host, seed: sandboxGithubSeed() }),
  );
  const stripe = await start(
    startStripeEmulator({ port: options.stripePort, host, seed: sandboxStripeSeed(options.appUrl) }),
  );
  const push = await start(startPushEmulator({ port: options.pushPort, host }));
  return {
    slack,
    chatwork,
    google,
    github,
    stripe,
    push,
    appEnv: {
      ...sandboxAppEnv({
        slack: slack.url,
        chatwork: chatwork.url,
        google: google.url,
        github: github.url,
      }),
      ...stripeAppEnv(stripe.url),
      ...pushAppEnv(push.url),
    },
    close: async () => {
      await Promise.all(started.map((running) => running.close()));
    },
  };
}
