/** Tokens as a provider issued them; `expiresAt` null means the access token does not expire. */
export type ProviderTokens = {
  accessToken: string;
  refreshToken: string | null;
  expiresAt: Date | null;
  scopes: string;
};

/** Who connected, as the provider describes them. */
export type ProviderIdentity = {
  userId: string;
  userName: string | null;
  workspaceId: string | null;
  workspaceName: string | null;
  email: string | null;
  avatarUrl: string | null;
};

export type AuthorizeRequest = { state: string; redirectUri: string; codeVerifier: string | null };
export type CodeExchange = {
  code: string;
  redirectUri: string;
  codeVerifier: string | null;
  /** The Matome user whose consent this is: code exchanges are budgeted per user, so no one spends another's. */
  userId: string;
};
/** The connected account a token belongs to, which keys the provider budget of its refreshes and revocation. */
export type TokenOwner = { platformUserId: string; workspaceId: string | null };

/** What the connections module needs from each provider's OAuth: the same steps, provider by provider. */
export type ProviderOAuth = {
  /** Whether the provider takes a PKCE verifier (the connect step then makes one). */
  usesPkce: boolean;
  /** How long before expiry the access token is refreshed. */
  refreshMarginMs: number;
  authorizeUrl(request: AuthorizeRequest): string;
  exchangeCode(exchange: CodeExchange): Promise<{ tokens: ProviderTokens; identity: ProviderIdentity }>;
  /** New tokens; throws `ProviderError('refresh_rejected')` when the refresh token is no longer accepted. */
  refresh(refreshToken: string, owner: TokenOwner): Promise<ProviderTokens>;
  /** Revokes the access token at the provider where it supports that; best effort. */
  revoke(accessToken: string, owner: TokenOwner): Promise<void>;
};
