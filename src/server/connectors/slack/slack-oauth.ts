import { z } from 'zod';
import type { ProviderOAuth, ProviderTokens, TokenOwner } from '../oauth-types.ts';
import { pkceChallenge } from '../pkce.ts';
import type { SlackClient } from './slack-client.ts';

/**
 * User-token scopes: search my mentions and DMs, read names (and my e-mail address, which needs a scope of its
 * own), user groups and conversation details, and post replies as me. No bot scopes: Matome acts only as the user
 * who connected.
 */
export const SLACK_USER_SCOPES = [
  'search:read',
  'users:read',
  'users:read.email',
  'usergroups:read',
  'channels:read',
  'groups:read',
  'im:read',
  'mpim:read',
  // The Events API delivers message.channels, .groups, .im and .mpim on a user's behalf only with these.
  'channels:history',
  'groups:history',
  'im:history',
  'mpim:history',
  'chat:write',
];
/** Rotated user tokens live 12 hours; refresh when less than 2 hours remain, as Slack's own SDK does. */
const REFRESH_MARGIN_MS = 2 * 60 * 60_000;

/** Refreshes and revocations are budgeted per workspace, as Slack counts; code exchanges per Matome user. */
function workspaceKey(owner: TokenOwner): string {
  return owner.workspaceId ?? `slack-user:${owner.platformUserId}`;
}

const accessResponseSchema = z.looseObject({
  ok: z.literal(true),
  team: z.looseObject({ id: z.string(), name: z.string().nullish() }).nullish(),
  authed_user: z.looseObject({
    id: z.string(),
    scope: z.string().optional(),
    access_token: z.string().min(1),
    refresh_token: z.string().min(1).optional(),
    expires_in: z.number().optional(),
  }),
});

const refreshResponseSchema = z.looseObject({
  ok: z.literal(true),
  access_token: z.string().min(1),
  refresh_token: z.string().min(1).optional(),
  expires_in: z.number().optional(),
  scope: z.string().optional(),
});

/** The part of a Slack user Matome uses; the rest of Slack's large user object is dropped, not cached. */
export const slackUserInfoSchema = z.looseObject({
  ok: z.literal(true),
  user: z.object({
    id: z.string(),
    name: z.string().optional(),
    real_name: z.string().optional(),
    profile: z
      .object({
        display_name: z.string().optional(),
        real_name: z.string().optional(),
        email: z.string().optional(),
        image_72: z.string().optional(),
      })
      .optional(),
  }),
});
export type SlackUser = z.infer<typeof slackUserInfoSchema>['user'];

/** The name Slack shows for a user: display name, then real name, then handle. */
export function slackDisplayName(user: SlackUser): string {
  return user.profile?.display_name || user.profile?.real_name || user.real_name || user.name || user.id;
}

export type SlackOAuthOptions = {
  clientId: string;
  clientSecret: string;
  authorizeUrl: string;
  client: SlackClient;
};

function expiry(expiresIn: number | undefined): Date | null {
  return expiresIn && expiresIn > 0 ? new Date(Date.now() + expiresIn * 1000) : null;
}

export function createSlackOAuth(options: SlackOAuthOptions): ProviderOAuth {
  const credentials = { client_id: options.clientId, client_secret: options.clientSecret };

  return {
    // oauth.v2.access documents `code_verifier` ("used to generate the code_challenge originally"); a server that
    // ignored the challenge would ignore the verifier too, so sending both is right under either reading (decision 061).
    usesPkce: true,
    refreshMarginMs: REFRESH_MARGIN_MS,

    authorizeUrl({ state, redirectUri, codeVerifier }) {
      const url = new URL(options.authorizeUrl);
      url.search = new URLSearchParams({
        client_id: options.clientId,
        user_scope: SLACK_USER_SCOPES.join(','),
        redirect_uri: redirectUri,
        state,
        ...(codeVerifier
          ? { code_challenge: pkceChallenge(codeVerifier), code_challenge_method: 'S256' }
          : {}),
      }).toString();
      return url.toString();
    },

    async exchangeCode({ code, redirectUri, codeVerifier, userId }) {
      const access = await options.client.call(
        `matome-user:${userId}`,
        undefined,
        'oauth.v2.access',
        {
          ...credentials,
          code,
          redirect_uri: redirectUri,
          ...(codeVerifier ? { code_verifier: codeVerifier } : {}),
        },
        accessResponseSchema,
      );
      const user = access.authed_user;
      const teamId = access.team?.id ?? null;
      const tokens: ProviderTokens = {
        accessToken: user.access_token,
        refreshToken: user.refresh_token ?? null,
        expiresAt: expiry(user.expires_in),
        scopes: user.scope ?? '',
      };
      const info = await options.client.call(
        teamId ?? `matome-user:${userId}`,
        user.access_token,
        'users.info',
        { user: user.id },
        slackUserInfoSchema,
      );
      return {
        tokens,
        identity: {
          userId: user.id,
          userName: slackDisplayName(info.user),
          workspaceId: teamId,
          workspaceName: access.team?.name ?? null,
          email: info.user.profile?.email ?? null,
          avatarUrl: info.user.profile?.image_72 ?? null,
        },
      };
    },

    async refresh(refreshToken, owner) {
      const refreshed = await options.client.call(
        workspaceKey(owner),
        undefined,
        'oauth.v2.access',
        { ...credentials, grant_type: 'refresh_token', refresh_token: refreshToken },
        refreshResponseSchema,
      );
      return {
        accessToken: refreshed.access_token,
        refreshToken: refreshed.refresh_token ?? refreshToken,
        expiresAt: expiry(refreshed.expires_in),
        scopes: refreshed.scope ?? '',
      };
    },

    async revoke(accessToken, owner) {
      await options.client.call(
        workspaceKey(owner),
        accessToken,
        'auth.revoke',
        {},
        z.looseObject({ ok: z.literal(true) }),
      );
    },
  };
}
