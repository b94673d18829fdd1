import { AuthorizationCodes } from '../core/authorization-codes.ts';
import { randomToken } from '../core/random-token.ts';
import type { GithubSeed, GithubSeedUser } from './github-seed.ts';

/** GitHub's codes expire after ten minutes. */
const authorizationCodeLifetimeMs = 10 * 60 * 1000;

export interface GithubGrant {
  userId: number;
  clientId: string;
  scopes: string[];
  codeChallenge?: string;
}

/** The emulated GitHub: accounts and the OAuth app tokens issued for them (which never expire). */
export class GithubStore {
  readonly codes = new AuthorizationCodes<GithubGrant>(authorizationCodeLifetimeMs);
  readonly seed: GithubSeed;
  private readonly tokens = new Map<string, GithubGrant>();

  constructor(seed: GithubSeed) {
    this.seed = seed;
  }

  app(clientId: string) {
    return this.seed.apps.find((app) => app.client_id === clientId);
  }

  user(id: number): GithubSeedUser | undefined {
    return this.seed.users.find((user) => user.id === id);
  }

  issueToken(grant: GithubGrant) {
    const token = `gho_${randomToken(27)}`;
    this.tokens.set(token, grant);
    return { access_token: token, token_type: 'bearer', scope: grant.scopes.join(',') };
  }

  grantOf(token: string): GithubGrant | undefined {
    return this.tokens.get(token);
  }
}
