import { startSandboxEmulators } from '../emulators/sandbox-seed/start-sandbox-emulators.ts';

/** `npm run emulators`: the Slack and ChatWork emulators with the sandbox seed, on fixed ports, until Ctrl+C. */
const emulators = await startSandboxEmulators({
  slackPort: Number(process.env.SLACK_EMULATOR_PORT ?? 4101),
  chatworkPort: Number(process.env.CHATWORK_EMULATOR_PORT ?? 4102),
});

process.stdout.write(
  [
    `Slack emulator:    ${emulators.slack.url}  (control API: ${emulators.slack.url}/_control/requests)`,
    `ChatWork emulator: ${emulators.chatwork.url}  (control API: ${emulators.chatwork.url}/_control/requests)`,
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
