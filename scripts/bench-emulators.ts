import { startChatworkEmulator } from '../emulators/chatwork/chatwork-emulator.ts';
import { benchChatworkSeed, benchSlackSeed } from '../emulators/sandbox-seed/bench-seeds.ts';
import { startSlackEmulator } from '../emulators/slack/slack-emulator.ts';

/**
 * The emulators of the cold-gather bench, in a process of their own so that their work (they stand in for
 * Slack's and ChatWork's servers) is not counted against the app's. Prints their URLs as one JSON line; stops on
 * SIGTERM. Arguments: the seeds' time (epoch ms), ChatWork accounts, rooms per account, Slack workspaces, and the
 * senders per workspace of the second Slack emulator (the first has the bench seed's five).
 */
const [now = Date.now(), accounts = 3, rooms = 20, workspaces = 3, senders = 40] = process.argv
  .slice(2)
  .map(Number);
const chatwork = await startChatworkEmulator({ seed: benchChatworkSeed(now, accounts, rooms) });
const slack = await startSlackEmulator({ seed: benchSlackSeed(now, workspaces) });
const slackSenders = await startSlackEmulator({ seed: benchSlackSeed(now, workspaces, senders) });
process.stdout.write(
  `${JSON.stringify({ chatwork: chatwork.url, slack: slack.url, slackSenders: slackSenders.url })}\n`,
);
process.once('SIGTERM', () => {
  void Promise.all([chatwork.close(), slack.close(), slackSenders.close()]).then(() => process.exit(0));
});
