import { startSandboxEmulators } from '../emulators/sandbox-seed/start-sandbox-emulators.ts';

/** `npm run emulators`: the Slack, ChatWork, Stripe, Google, GitHub and push emulators with the sandbox seed, on fixed ports, until Ctrl+C. */
const emulators = await startSandboxEmulators({
  slackPort: Number(process.env.SLACK_EMULATOR_PORT ?? 4101),
  chatworkPort: Number(process.env.CHATWORK_EMULATOR_PORT ?? 4102),
  stripePort: Number(process.env.STRIPE_EMULATOR_PORT ?? 4104),
  googlePort: Number(process.env.GOOGLE_EMULATOR_PORT ?? 4108),
  githubPort: Number(process.env.GITHUB_EMULATOR_PORT ?? 4109),
  pushPort: Number(process.env.PUSH_EMULATOR_PORT ?? 4110),
  appUrl: process.env.APP_URL ?? 'http://127.0.0.1:3000',
});

process.stdout.write(
  [
    `Slack emulator:    ${emulators.slack.url}  (control API: ${emulators.slack.url}/_control/requests)`,
    `ChatWork emulator: ${emulators.chatwork.url}  (control API: ${emulators.chatwork.url}/_control/requests)`,
    `Stripe emulator:   ${emulators.stripe.url}  (webhooks to ${process.env.APP_URL ?? 'http://127.0.0.1:3000'}/api/stripe/webhook)`,
    `Google emulator:   ${emulators.google.url}  (control API: ${emulators.google.url}/_control/requests)`,
    `GitHub emulator:   ${emulators.github.url}  (control API: ${emulators.github.url}/_control/requests)`,
    `Push emulator:     ${emulators.push.url}  (control API: ${emulators.push.url}/_control/received)`,
    'Settings for the app:',
    ...Object.entries(emulators.appEnv).map(([name, value]) => `  ${name}=${value}`),
    'Press Ctrl+C to stop.',
    '',
  ].join('\n'),
);

async function stop(): Promise<void> {
  await emulators.close();
  process.exit(0);
}
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
