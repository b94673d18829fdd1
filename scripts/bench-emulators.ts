import { startChatworkEmulator } from '../emulators/chatwork/chatwork-emulator.ts';
import { benchChatworkSeed, benchSlackSeed } from '../emulators/sandbox-seed/bench-seeds.ts';
import { startSlackEmulator } from '../emulators/slack/slack-emulator.ts';

/**
 * The emulators of the cold-gather bench, in a process of their own so that their work (they stand in for
 * Slack's and ChatWork's servers) is not counted against the app's. Prints their URLs as one JSON line; stops on
 * SIGTERM. Arguments: ChatWork accounts, rooms per account, Slack workspaces.
 */
const [accounts = 3, rooms = 20, workspaces = 3] = process.argv.slice(2).map(Number);
const now = Date.now();
const chatwork = await startChatworkEmulator({ seed: benchChatworkSeed(now, accounts, rooms) });
const slack = await startSlackEmulator({ seed: benchSlackSeed(now, workspaces) });
process.stdout.write(`${JSON.stringify({ chatwork: chatwork.url, slack: slack.url })}\n`);
process.once('SIGTERM', () => {
  void Promise.all([chatwork.close(), slack.close()]).then(() => process.exit(0));
});
