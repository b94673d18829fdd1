import { startChatworkEmulator } from '../emulators/chatwork/chatwork-emulator.ts';
import { startSlackEmulator } from '../emulators/slack/slack-emulator.ts';
import { loadChatworkSeed, loadSlackSeed } from './load-seed.ts';

/**
 * The Slack and ChatWork emulators of the load scenario, in a process of their own (they stand in for the
 * providers' servers), seeded for `users` people at time `now` (epoch ms). Prints their URLs as one JSON line;
 * stops on SIGTERM.
 */
const [now = Date.now(), users = 1000] = process.argv.slice(2).map(Number);
const slack = await startSlackEmulator({ seed: loadSlackSeed(now, users) });
const chatwork = await startChatworkEmulator({ seed: loadChatworkSeed(now, users) });
process.stdout.write(`${JSON.stringify({ slack: slack.url, chatwork: chatwork.url })}\n`);
process.once('SIGTERM', () => {
  void Promise.all([slack.close(), chatwork.close()]).then(() => process.exit(0));
});
