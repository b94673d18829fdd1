import { and, eq, gt, lt } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { oauthIdentities } from '../../db/schema/oauth-identities.ts';
import { signInHandoffs } from '../../db/schema/social-sign-in.ts';
import { users } from '../../db/schema/users.ts';

export type SocialProvider = 'google' | 'github';
type UserRow = typeof users.$inferSelect;

export function createSocialSignInRepo(db: Database) {
  return {
    /** The user an identity is linked to, and whether that user's address is confirmed. */
    async userOfIdentity(
      provider: SocialProvider,
      providerUserId: string,
    ): Promise<{ userId: string; addressConfirmed: boolean } | undefined> {
      const [row] = await db
        .select({ userId: oauthIdentities.userId, verifiedAt: users.emailVerifiedAt })
        .from(oauthIdentities)
        .innerJoin(users, eq(users.id, oauthIdentities.userId))
        .where(
          and(eq(oauthIdentities.provider, provider), eq(oauthIdentities.providerUserId, providerUserId)),
        );
      return row && { userId: row.userId, addressConfirmed: row.verifiedAt !== null };
    },

    async userByEmail(email: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
      return row;
    },

    /** Links an identity to a user; false when it was linked meanwhile (to anyone). */
    async link(values: {
      userId: string;
      provider: SocialProvider;
      providerUserId: string;
      email: string | null;
    }) {
      const inserted = await db.insert(oauthIdentities).values(values).onConflictDoNothing().returning();
      return inserted.length > 0;
    },

    /**
     * A new user of a provider-verified address who signs in only with the provider, with the identity; undefined
     * when the address was taken.
     */
    async createWithIdentity(values: {
      email: string;
      name: string;
      emailVerifiedAt: Date;
      provider: SocialProvider;
      providerUserId: string;
    }): Promise<string | undefined> {
      try {
        return await db.transaction(async (tx) => {
          const [user] = await tx
            .insert(users)
            .values({
              email: values.email,
              name: values.name,
              emailVerifiedAt: values.emailVerifiedAt,
              oauthProvider: values.provider,
              isFirstLogin: true,
              onboardingCompleted: false,
            })
            .returning({ id: users.id });
          await tx.insert(oauthIdentities).values({
            userId: user!.id,
            provider: values.provider,
            providerUserId: values.providerUserId,
            email: values.email,
          });
          return user!.id;
        });
      } catch (error) {
        if (isUniqueViolation(error)) return undefined;
        throw error;
      }
    },

    async insertHandoff(values: typeof signInHandoffs.$inferInsert, now: Date): Promise<void> {
      await db.delete(signInHandoffs).where(lt(signInHandoffs.expiresAt, now));
      await db.insert(signInHandoffs).values(values);
    },

    /** Deletes and returns a handoff if still valid: it works once. */
    async takeHandoff(codeHash: string, now: Date) {
      const [row] = await db
        .delete(signInHandoffs)
        .where(and(eq(signInHandoffs.codeHash, codeHash), gt(signInHandoffs.expiresAt, now)))
        .returning();
      return row;
    },
  };
}

export type SocialSignInRepo = ReturnType<typeof createSocialSignInRepo>;
