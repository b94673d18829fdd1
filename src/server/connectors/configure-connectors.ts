import type { Redis } from 'ioredis';
import type { Settings } from '../config.ts';
import { memoryLimiters, type Limiters } from '../lib/limiters.ts';
import { createChatworkClient } from './chatwork/chatwork-client.ts';
import { createChatworkOAuth } from './chatwork/chatwork-oauth.ts';
import { createGithubSignIn } from './github/github-sign-in.ts';
import { createGoogleSignIn, type GoogleEndpoints } from './google/google-sign-in.ts';
import type { ProviderOAuth } from './oauth-types.ts';
import type { ProviderCallObserver } from './provider-calls-observed.ts';
import type { SignInProvider } from './sign-in-provider.ts';
import { observedOAuth, type TokenRequestObserver } from './token-requests-observed.ts';
import { createSlackClient } from './slack/slack-client.ts';
import { createSlackOAuth } from './slack/slack-oauth.ts';

/**
 * The Slack, ChatWork, Google and GitHub clients from the settings. A provider without client credentials gets no
 * OAuth, which the connections module reports as "not configured". Call budgets count in `limiters` (shared through
 * Redis when several instances run).
 */
export function configureConnectors(
  settings: Settings,
  shared: {
    limiters: Limiters;
    redis?: { client: Redis; prefix: string };
    /** Told of every Slack and ChatWork API call (the metrics). */
    observe?: ProviderCallObserver;
    /** Told of every request to a token endpoint: code exchanges and refreshes (the metrics). */
    observeTokens?: TokenRequestObserver;
  } = { limiters: memoryLimiters },
) {
  const { limiters } = shared;
  const observe = shared.observe ? { observe: shared.observe } : {};
  const timeoutMs = settings.PROVIDER_TIMEOUT_MS;
  const slack = createSlackClient({
    apiUrl: settings.SLACK_API_URL,
    timeoutMs,
    ...(shared.redis ? { redis: shared.redis } : {}),
    ...observe,
  });
  const chatwork = createChatworkClient({
    apiUrl: settings.CHATWORK_API_URL.replace(/\/+$/, ''),
    timeoutMs,
    limiters,
    ...observe,
  });
  const oauth: { slack?: ProviderOAuth; chatwork?: ProviderOAuth } = {};
  if (settings.SLACK_CLIENT_ID && settings.SLACK_CLIENT_SECRET) {
    oauth.slack = observedOAuth(
      'slack',
      createSlackOAuth({
        clientId: settings.SLACK_CLIENT_ID,
        clientSecret: settings.SLACK_CLIENT_SECRET,
        authorizeUrl: settings.SLACK_AUTHORIZE_URL,
        client: slack,
      }),
      shared.observeTokens,
    );
  }
  if (settings.CHATWORK_CLIENT_ID && settings.CHATWORK_CLIENT_SECRET) {
    oauth.chatwork = observedOAuth(
      'chatwork',
      createChatworkOAuth({
        clientId: settings.CHATWORK_CLIENT_ID,
        clientSecret: settings.CHATWORK_CLIENT_SECRET,
        authorizeUrl: settings.CHATWORK_AUTHORIZE_URL,
        tokenUrl: settings.CHATWORK_TOKEN_URL,
        timeoutMs,
        api: chatwork,
        limiters,
      }),
      shared.observeTokens,
    );
  }
  const google: GoogleEndpoints | undefined =
    settings.GOOGLE_CLIENT_ID && settings.GOOGLE_CLIENT_SECRET
      ? {
          clientId: settings.GOOGLE_CLIENT_ID,
          clientSecret: settings.GOOGLE_CLIENT_SECRET,
          accountsBase: settings.GOOGLE_ACCOUNTS_BASE,
          oauth2Base: settings.GOOGLE_OAUTH2_BASE,
          oidcBase: settings.GOOGLE_OIDC_BASE,
          timeoutMs,
          ...(shared.observeTokens ? { observeTokens: shared.observeTokens } : {}),
        }
      : undefined;
  const signIn: { google?: SignInProvider; github?: SignInProvider } = {};
  if (google) signIn.google = createGoogleSignIn(google);
  if (settings.GITHUB_CLIENT_ID && settings.GITHUB_CLIENT_SECRET) {
    signIn.github = createGithubSignIn({
      clientId: settings.GITHUB_CLIENT_ID,
      clientSecret: settings.GITHUB_CLIENT_SECRET,
      oauthBase: settings.GITHUB_OAUTH_BASE,
      apiBase: settings.GITHUB_API_BASE,
      timeoutMs,
      ...(shared.observeTokens ? { observeTokens: shared.observeTokens } : {}),
    });
  }
  return { slack, chatwork, oauth, signIn, google };
}
