import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startMailCatcher } from '../emulators/mail/mail-catcher.ts';
import {
  deliverSlackEventsTo,
  startSandboxEmulators,
} from '../emulators/sandbox-seed/start-sandbox-emulators.ts';
import { ensureWebBuild } from './web-build.ts';

/**
 * `npm run sandbox`: the Slack, ChatWork, Stripe, Google, GitHub and push-service emulators with the sandbox seed, a mail catcher for the app's e-mail,
 * and the app (built if needed) wired to them with its own data folder, so the whole product runs on one machine
 * without the internet.
 */
const root = fileURLToPath(new URL('..', import.meta.url));
const port = process.env.PORT ?? '3000';
const publicUrl = process.env.PUBLIC_URL ?? `http://localhost:${port}`;

ensureWebBuild();
const emulators = await startSandboxEmulators({
  slackPort: Number(process.env.SLACK_EMULATOR_PORT ?? 4101),
  chatworkPort: Number(process.env.CHATWORK_EMULATOR_PORT ?? 4102),
  stripePort: Number(process.env.STRIPE_EMULATOR_PORT ?? 4104),
  appUrl: `http://127.0.0.1:${port}`,
  googlePort: Number(process.env.GOOGLE_EMULATOR_PORT ?? 4108),
  githubPort: Number(process.env.GITHUB_EMULATOR_PORT ?? 4109),
  pushPort: Number(process.env.PUSH_EMULATOR_PORT ?? 4110),
});
// The app is on this machine whatever PUBLIC_URL says; the emulator posts its events straight to it.
await deliverSlackEventsTo(emulators.slack.url, `http://127.0.0.1:${port}`);
const mail = await startMailCatcher({
  httpPort: Number(process.env.MAIL_CATCHER_PORT ?? 4103),
  smtpPort: Number(process.env.MAIL_CATCHER_SMTP_PORT ?? 4125),
});

const app = spawn(process.execPath, [path.join(root, 'src/server/server.ts')], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    NODE_ENV: process.env.NODE_ENV ?? 'production',
    PORT: port,
    PUBLIC_URL: publicUrl,
    DATA_DIR: process.env.DATA_DIR ?? './data/sandbox',
    SMTP_URL: mail.smtpUrl,
    // Trying the product means creating many accounts from one address.
    REGISTRATIONS_PER_HOUR: process.env.REGISTRATIONS_PER_HOUR ?? '1000',
    ...emulators.appEnv,
  },
});

process.stdout.write(
  [
    '',
    `Matome sandbox:    ${publicUrl}`,
    `Slack emulator:    ${emulators.slack.url}  (sign in on its consent page as any seeded user)`,
    `ChatWork emulator: ${emulators.chatwork.url}`,
    `Stripe emulator:   ${emulators.stripe.url}  (pay with any e-mail; /_control/advance {"days": 31} renews plans)`,
    `Google emulator:   ${emulators.google.url}  (sign in with Google, Calendar and Tasks)`,
    `GitHub emulator:   ${emulators.github.url}  (sign in with GitHub)`,
    `Push emulator:     ${emulators.push.url}  (a push service: POST /_control/subscriptions makes a device, GET /_control/received shows what it was sent, decrypted)`,
    `Mail catcher:      ${mail.url}  (every e-mail the app sends: confirmation and password-reset links)`,
    'Request logs: <emulator>/_control/requests. Post a Slack message as anyone (delivered as an event):',
    `  curl -X POST ${emulators.slack.url}/_control/events/post -H 'content-type: application/json' -d '{"channel":"C…","user":"U…","text":"<@U…> hi"}'`,
    `ChatWork webhooks: the app's "Live updates" dialog links to ${emulators.chatwork.url}/service/packages/chatwork/subpackages/webhook/list.php; post as anyone:`,
    `  curl -X POST ${emulators.chatwork.url}/_control/messages -H 'content-type: application/json' -d '{"room_id":5010,"account_id":4001,"body":"[To:3001] hi"}'`,
    'Press Ctrl+C to stop everything.',
    '',
  ].join('\n'),
);

let stopping = false;
async function stop(): Promise<void> {
  if (stopping) return;
  stopping = true;
  app.kill('SIGTERM');
  await Promise.all([emulators.close(), mail.close()]);
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
app.on('exit', async (code) => {
  await stop();
  process.exit(code ?? 0);
});
