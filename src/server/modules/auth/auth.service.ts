import { randomBytes } from 'node:crypto';
import type { Language, User } from '../../../contract/auth.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { ClientInfo } from '../../lib/client-info.ts';
import type { SessionsService } from '../sessions/sessions.service.ts';
import type { AccessTokens, AccessTokenSubject } from './access-tokens.ts';
import type { AddressConfirmation, AuthRepo, SignInProvider, UserRow } from './auth.repo.ts';
import type { LoginThrottle } from './login-throttle.ts';
import { assertAcceptablePassword } from './password-policy.ts';
import { hashPassword, verifyPassword } from './passwords.ts';

export const INVALID_CREDENTIALS_MESSAGE = 'Invalid email or password';

const demoNames: Record<Language, string> = { en: 'Demo User', jp: 'デモユーザー' };

export type DemoAccount = { email: string; language: Language };

/** What signing in hands out: the access token for the page, the refresh token for the HttpOnly cookie. */
export type SignedIn = { accessToken: string; refreshToken: string; expiresAt: Date };

export function toUserDto(row: UserRow): User {
  return {
    id: row.id,
    email: row.email,
    emailVerified: row.emailVerifiedAt !== null,
    name: row.name,
    planType: row.planType,
    onboardingCompleted: row.onboardingCompleted,
    onboardingStep: row.onboardingStep,
    isFirstLogin: row.isFirstLogin,
    ...(row.oauthProvider ? { oauthProvider: row.oauthProvider } : {}),
    isDemo: row.isDemo,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * The sign-in's per-account budget (decision 063), shared by every route that checks a password: guesses through
 * deletion, password change or address change slow the same account as guesses on the login page.
 */
export const accountThrottleKey = (email: string) => `email:${email}`;

const wrongPassword = (message = 'The password is not correct') =>
  new HttpError(403, message, 'WRONG_PASSWORD');

const unauthenticated = () => new HttpError(401, 'Authentication required', 'UNAUTHENTICATED');

export function createAuthService(deps: {
  repo: AuthRepo;
  accessTokens: AccessTokens;
  sessions: SessionsService;
  throttle: LoginThrottle;
  clock: () => number;
}) {
  const { repo, accessTokens, sessions, throttle } = deps;
  /** Verified against when an email is unknown, so a miss costs as long as a wrong password. */
  const timingDecoyHash = hashPassword(randomBytes(16).toString('hex'));

  /** Hashes a password a person is choosing, after refusing common and guessable ones. */
  async function hashNewPassword(password: string, context: { email: string; field: string }) {
    await assertAcceptablePassword(password, context);
    return hashPassword(password);
  }

  async function requireUser(userId: string): Promise<UserRow> {
    const row = await repo.findUserById(userId);
    if (!row) throw unauthenticated();
    return row;
  }

  /**
   * Whether `password` is the signed-in user's, counted against the account's sign-in budget before it is checked
   * (429 with Retry-After while the account must wait); a right one clears the count, as a sign-in does.
   */
  async function isOwnPassword(row: UserRow, password: string): Promise<boolean> {
    const key = accountThrottleKey(row.email);
    await throttle.begin(key);
    if (!row.passwordHash || !(await verifyPassword(row.passwordHash, password))) return false;
    await throttle.forget(key);
    return true;
  }

  return {
    /** The user whose password this is, or 401; an unknown email costs as long as a wrong password. */
    async checkCredentials(input: { email: string; password: string }): Promise<UserRow> {
      const row = await repo.findUserByEmail(input.email);
      const valid = row?.passwordHash
        ? await verifyPassword(row.passwordHash, input.password)
        : await verifyPassword(await timingDecoyHash, input.password).then(() => false);
      if (!row || !valid) throw new HttpError(401, INVALID_CREDENTIALS_MESSAGE, 'INVALID_CREDENTIALS');
      return row;
    },

    async signIn(userId: string, client: ClientInfo): Promise<SignedIn> {
      const session = await sessions.start(userId, client);
      return {
        accessToken: await accessTokens.sign({ userId, sessionFamilyId: session.sessionId }),
        refreshToken: session.refreshToken,
        expiresAt: session.expiresAt,
      };
    },

    /** The session's next tokens, and whose session it is. */
    async refresh(refreshToken: string): Promise<SignedIn & { userId: string }> {
      const session = await sessions.rotate(refreshToken);
      return {
        userId: session.userId,
        accessToken: await accessTokens.sign({
          userId: session.userId,
          sessionFamilyId: session.sessionId,
        }),
        refreshToken: session.refreshToken,
        expiresAt: session.expiresAt,
      };
    },

    /** Ends the session a refresh token belongs to; its access tokens stop working at once. */
    signOut(refreshToken: string): Promise<void> {
      return sessions.endByRefreshToken(refreshToken);
    },

    /**
     * What `authenticate` answers, at once, when this process remembers the token verified and its session live:
     * the subject; null for a remembered token that expired; undefined when only `authenticate` can tell.
     */
    recall(accessToken: string): AccessTokenSubject | null | undefined {
      const subject = accessTokens.recall(accessToken);
      if (!subject) return subject;
      return sessions.isKnownLive(subject.userId, subject.sessionFamilyId) ? subject : undefined;
    },

    /** The signed-in subject of a bearer token whose session is still live, or null. */
    async authenticate(accessToken: string): Promise<AccessTokenSubject | null> {
      const subject = await accessTokens.verify(accessToken);
      if (!subject) return null;
      return (await sessions.isLive(subject.userId, subject.sessionFamilyId)) ? subject : null;
    },

    /** Whether a sign-in (a session family) can still be used; other modules clean up after ended ones. */
    async isSignInLive(userId: string, sessionFamilyId: string): Promise<boolean> {
      return sessions.isLiveInDatabase(userId, sessionFamilyId);
    },

    async getUser(userId: string): Promise<User> {
      return toUserDto(await requireUser(userId));
    },

    /** Whether the user can sign in with a password (else only through Google or GitHub). */
    async hasPassword(userId: string): Promise<boolean> {
      return (await requireUser(userId)).passwordHash !== null;
    },

    /**
     * Asks a user to prove their password again before something irreversible or an address change: 400 without
     * one, 403 unless it is theirs (a user without a password never passes); throttled like sign-in.
     */
    async confirmPassword(userId: string, password: string | undefined): Promise<void> {
      const row = await requireUser(userId);
      if (!password) throw new HttpError(400, 'Please enter your password', 'PASSWORD_REQUIRED');
      if (!(await isOwnPassword(row, password))) throw wrongPassword();
    },

    findUserByEmail(email: string): Promise<UserRow | undefined> {
      return repo.findUserByEmail(email);
    },

    hashNewPassword,

    /** Creates an account whose address was just confirmed; undefined when the address is taken meanwhile. */
    async createConfirmedUser(values: {
      email: string;
      name: string;
      passwordHash: string;
    }): Promise<User | undefined> {
      const row = await repo.insertUser({ ...values, emailVerifiedAt: new Date(deps.clock()) });
      return row ? toUserDto(row) : undefined;
    },

    /** Changes the password of a signed-in user who proves the current one; their other sessions end. */
    async changePassword(
      subject: AccessTokenSubject,
      input: { currentPassword: string; newPassword: string },
    ): Promise<void> {
      const row = await requireUser(subject.userId);
      if (!(await isOwnPassword(row, input.currentPassword))) {
        throw wrongPassword('The current password is not correct');
      }
      const passwordHash = await hashNewPassword(input.newPassword, {
        email: row.email,
        field: 'body.newPassword',
      });
      await repo.setPassword(row.id, passwordHash);
      await sessions.endAll(row.id, subject.sessionFamilyId);
    },

    /**
     * Sets a new password after a reset link proved the mailbox: the address counts as confirmed, every session
     * ends and the account's failed sign-ins are forgotten.
     */
    async resetPassword(userId: string, email: string, passwordHash: string): Promise<SignInProvider[]> {
      await repo.setPassword(userId, passwordHash);
      const { unlinked } = await repo.confirmEmail(userId, email, new Date(deps.clock()));
      await sessions.endAll(userId);
      await throttle.forget(accountThrottleKey(email));
      return unlinked;
    },

    /**
     * Makes `email` the user's confirmed address (not confirmed when another account took it meanwhile); an
     * address confirmed for the first time removes the sign-ins its owner did not link.
     */
    confirmEmail(userId: string, email: string): Promise<AddressConfirmation> {
      return repo.confirmEmail(userId, email, new Date(deps.clock()));
    },

    /** Creates the demo users, or resets their password to the configured one. */
    async ensureDemoAccounts(accounts: readonly DemoAccount[], password: string): Promise<void> {
      for (const account of accounts) {
        const existing = await repo.findUserByEmail(account.email);
        if (!existing) {
          await repo.insertUser({
            email: account.email,
            name: demoNames[account.language],
            passwordHash: await hashPassword(password),
            emailVerifiedAt: new Date(deps.clock()),
            isDemo: true,
          });
        } else if (
          !existing.isDemo ||
          !existing.passwordHash ||
          !(await verifyPassword(existing.passwordHash, password))
        ) {
          await repo.updateDemoUser(existing.id, { passwordHash: await hashPassword(password) });
        }
      }
      // The operator chose these addresses; they are as confirmed as they will ever be.
      await repo.markDemoVerified(new Date(deps.clock()));
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
