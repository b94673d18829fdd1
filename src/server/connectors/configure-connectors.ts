import type { Settings } from '../config.ts';
import { createChatworkClient } from './chatwork/chatwork-client.ts';
import { createChatworkOAuth } from './chatwork/chatwork-oauth.ts';
import type { ProviderOAuth } from './oauth-types.ts';
import { createSlackClient } from './slack/slack-client.ts';
import { createSlackOAuth } from './slack/slack-oauth.ts';

/**
 * The Slack and ChatWork clients from the settings. A provider without client credentials gets no OAuth, which
 * the connections module reports as "not configured".
 */
export function configureConnectors(settings: Settings) {
  const timeoutMs = settings.PROVIDER_TIMEOUT_MS;
  const slack = createSlackClient({ apiUrl: settings.SLACK_API_URL, timeoutMs });
  const chatwork = createChatworkClient({ apiUrl: settings.CHATWORK_API_URL.replace(/\/+$/, ''), timeoutMs });
  const oauth: { slack?: ProviderOAuth; chatwork?: ProviderOAuth } = {};
  if (settings.SLACK_CLIENT_ID && settings.SLACK_CLIENT_SECRET) {
    oauth.slack = createSlackOAuth({
      clientId: settings.SLACK_CLIENT_ID,
      clientSecret: settings.SLACK_CLIENT_SECRET,
      authorizeUrl: settings.SLACK_AUTHORIZE_URL,
      client: slack,
    });
  }
  if (settings.CHATWORK_CLIENT_ID && settings.CHATWORK_CLIENT_SECRET) {
    oauth.chatwork = createChatworkOAuth({
      clientId: settings.CHATWORK_CLIENT_ID,
      clientSecret: settings.CHATWORK_CLIENT_SECRET,
      authorizeUrl: settings.CHATWORK_AUTHORIZE_URL,
      tokenUrl: settings.CHATWORK_TOKEN_URL,
      timeoutMs,
      api: chatwork,
    });
  }
  return { slack, chatwork, oauth };
}
