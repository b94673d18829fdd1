import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { REFRESH_TOKEN_TTL_SECONDS, type Language, type Tokens, type User } from '../../../contract/auth.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { AccessTokens, AccessTokenSubject } from './access-tokens.ts';
import type { AuthRepo, UserRow } from './auth.repo.ts';
import { hashPassword, verifyPassword } from './passwords.ts';

export const INVALID_CREDENTIALS_MESSAGE = 'Invalid email or password';
const INVALID_REFRESH_MESSAGE = 'Refresh token is invalid or expired';

const demoNames: Record<Language, string> = { en: 'Demo User', jp: 'デモユーザー' };

export type DemoAccount = { email: string; language: Language };

export function toUserDto(row: UserRow): User {
  return {
    id: row.id,
    email: row.email,
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

function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

export function createAuthService(repo: AuthRepo, accessTokens: AccessTokens) {
  /** Verified against when an email is unknown, so a miss costs as long as a wrong password. */
  const timingDecoyHash = hashPassword(randomBytes(16).toString('hex'));

  async function issueTokens(userId: string, familyId: string = randomUUID()): Promise<Tokens> {
    const refreshToken = randomBytes(32).toString('base64url');
    await repo.insertSession({
      userId,
      familyId,
      tokenHash: hashRefreshToken(refreshToken),
      expiresAt: new Date(Date.now() + REFRESH_TOKEN_TTL_SECONDS * 1000),
    });
    return { accessToken: await accessTokens.sign({ userId, sessionFamilyId: familyId }), refreshToken };
  }

  return {
    async register(input: { email: string; password: string; name: string }) {
      const passwordHash = await hashPassword(input.password);
      const row = await repo.insertUser({ email: input.email, name: input.name, passwordHash });
      if (!row) throw new HttpError(409, 'Email already registered', 'EMAIL_TAKEN');
      return { user: toUserDto(row), tokens: await issueTokens(row.id) };
    },

    async login(input: { email: string; password: string }) {
      const row = await repo.findUserByEmail(input.email);
      const valid = row?.passwordHash
        ? await verifyPassword(row.passwordHash, input.password)
        : await verifyPassword(await timingDecoyHash, input.password).then(() => false);
      if (!row || !valid) throw new HttpError(401, INVALID_CREDENTIALS_MESSAGE, 'INVALID_CREDENTIALS');
      return { user: toUserDto(row), tokens: await issueTokens(row.id) };
    },

    async refresh(refreshToken: string): Promise<Tokens> {
      const nextToken = randomBytes(32).toString('base64url');
      const result = await repo.rotateSession(hashRefreshToken(refreshToken), {
        tokenHash: hashRefreshToken(nextToken),
        expiresAt: new Date(Date.now() + REFRESH_TOKEN_TTL_SECONDS * 1000),
      });
      if (result.kind === 'reused') {
        throw new HttpError(
          401,
          'Refresh token was already used; please sign in again',
          'REFRESH_TOKEN_REUSED',
        );
      }
      if (result.kind !== 'rotated')
        throw new HttpError(401, INVALID_REFRESH_MESSAGE, 'INVALID_REFRESH_TOKEN');
      const accessToken = await accessTokens.sign({
        userId: result.userId,
        sessionFamilyId: result.familyId,
      });
      return { accessToken, refreshToken: nextToken };
    },

    /** Ends the session the caller signed in with, and the one the given refresh token belongs to. */
    async logout(subject: AccessTokenSubject, refreshToken: string | undefined): Promise<void> {
      await repo.revokeFamily(subject.userId, subject.sessionFamilyId);
      if (refreshToken) {
        const familyId = await repo.findFamilyOfToken(subject.userId, hashRefreshToken(refreshToken));
        if (familyId && familyId !== subject.sessionFamilyId)
          await repo.revokeFamily(subject.userId, familyId);
      }
    },

    /** The signed-in subject of a bearer token whose session is still live, or null. */
    async authenticate(accessToken: string): Promise<AccessTokenSubject | null> {
      const subject = await accessTokens.verify(accessToken);
      if (!subject) return null;
      return (await repo.isFamilyActive(subject.userId, subject.sessionFamilyId)) ? subject : null;
    },

    /** Whether a sign-in (a session family) can still be used; other modules clean up after ended ones. */
    async isSignInLive(userId: string, sessionFamilyId: string): Promise<boolean> {
      return repo.isFamilyActive(userId, sessionFamilyId);
    },

    async getUser(userId: string): Promise<User> {
      const row = await repo.findUserById(userId);
      if (!row) throw new HttpError(401, 'Authentication required', 'UNAUTHENTICATED');
      return toUserDto(row);
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
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
