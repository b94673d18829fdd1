import { startChatworkEmulator } from '../chatwork/chatwork-emulator.ts';
import type { RunningEmulator } from '../core/emulator-server.ts';
import { startSlackEmulator } from '../slack/slack-emulator.ts';
import { sandboxChatworkSeed } from './sandbox-chatwork-seed.ts';
import { sandboxSlackSeed } from './sandbox-slack-seed.ts';

export interface SandboxEmulators {
  slack: RunningEmulator;
  chatwork: RunningEmulator;
  /** The settings that point the app at these emulators with the sandbox OAuth apps. */
  appEnv: Record<string, string>;
  close(): Promise<void>;
}

export interface SandboxEmulatorOptions {
  /** 0 (the default) picks free ports. */
  slackPort?: number;
  chatworkPort?: number;
  host?: string;
  /** The time the seed's messages are relative to (epoch ms). */
  now?: number;
}

/** The app's settings that point it at emulators at these URLs, signed in as the sandbox OAuth apps. */
export function sandboxAppEnv(urls: { slack: string; chatwork: string }): Record<string, string> {
  return {
    SLACK_CLIENT_ID: 'sandbox-slack-client',
    SLACK_CLIENT_SECRET: 'sandbox-slack-secret',
    SLACK_API_URL: `${urls.slack}/api`,
    SLACK_AUTHORIZE_URL: `${urls.slack}/oauth/v2/authorize`,
    CHATWORK_CLIENT_ID: 'sandbox-chatwork-client',
    CHATWORK_CLIENT_SECRET: 'sandbox-chatwork-secret',
    CHATWORK_API_URL: `${urls.chatwork}/v2`,
    CHATWORK_AUTHORIZE_URL: `${urls.chatwork}/packages/oauth2/login.php`,
    CHATWORK_TOKEN_URL: `${urls.chatwork}/token`,
  };
}

/** Starts both emulators with the sandbox seed: used by `npm run sandbox`, `npm run emulators`, e2e and the bench. */
export async function startSandboxEmulators(options: SandboxEmulatorOptions = {}): Promise<SandboxEmulators> {
  const now = options.now ?? Date.now();
  const slack = await startSlackEmulator({
    port: options.slackPort,
    host: options.host,
    seed: sandboxSlackSeed(now),
  });
  const chatwork = await startChatworkEmulator({
    port: options.chatworkPort,
    host: options.host,
    seed: sandboxChatworkSeed(now),
  }).catch(async (error: unknown) => {
    await slack.close();
    throw error;
  });
  return {
    slack,
    chatwork,
    appEnv: sandboxAppEnv({ slack: slack.url, chatwork: chatwork.url }),
    close: async () => {
      await Promise.all([slack.close(), chatwork.close()]);
    },
  };
}
