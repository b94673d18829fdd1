import type { FastifyInstance } from 'fastify';
import { slackSignature } from '../connectors/slack/slack-signature.ts';

/** Settings of an app wired to a Slack emulator, its Events API requests signed with `signingSecret`. */
export function slackEmulatorSettings(emulatorUrl: string, signingSecret: string) {
  return {
    SLACK_CLIENT_ID: 'slack-client',
    SLACK_CLIENT_SECRET: 'slack-secret',
    SLACK_API_URL: `${emulatorUrl}/api`,
    SLACK_AUTHORIZE_URL: `${emulatorUrl}/oauth/v2/authorize`,
    SLACK_SIGNING_SECRET: signingSecret,
    PUBLIC_URL: 'https://matome.test',
  };
}

/** Delivers an Events API request as Slack signs it. */
export function postSlackEvent(app: FastifyInstance, signingSecret: string, body: unknown) {
  const raw = JSON.stringify(body);
  const timestamp = String(Math.floor(Date.now() / 1000));
  return app.inject({
    method: 'POST',
    url: '/api/slack/events',
    headers: {
      'content-type': 'application/json',
      'x-slack-request-timestamp': timestamp,
      'x-slack-signature': slackSignature(signingSecret, timestamp, raw),
    },
    payload: raw,
  });
}
