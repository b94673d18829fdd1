import { and, eq, isNotNull } from 'drizzle-orm';
import type { Language } from '../../../contract/auth.ts';
import type { Database } from '../../db/client.ts';
import { digestSends, digestSettings } from '../../db/schema/digest.ts';
import { users } from '../../db/schema/users.ts';

export type DigestSettingsRow = typeof digestSettings.$inferSelect;

/** A person who asked for the digest, with where it goes. */
export type DigestRecipient = DigestSettingsRow & { email: string; name: string };

export function createDigestRepo(db: Database) {
  return {
    async settings(userId: string): Promise<DigestSettingsRow | undefined> {
      const [row] = await db.select().from(digestSettings).where(eq(digestSettings.userId, userId));
      return row;
    },

    async saveSettings(
      userId: string,
      values: { enabled: boolean; sendAt: string; timeZone: string; language: Language },
      at: Date,
    ): Promise<DigestSettingsRow> {
      const [row] = await db
        .insert(digestSettings)
        .values({ userId, ...values, updatedAt: at })
        .onConflictDoUpdate({ target: digestSettings.userId, set: { ...values, updatedAt: at } })
        .returning();
      return row!;
    },

    /** Turns the digest off; false when the person has none on. */
    async turnOff(userId: string, at: Date): Promise<boolean> {
      const rows = await db
        .update(digestSettings)
        .set({ enabled: false, updatedAt: at })
        .where(and(eq(digestSettings.userId, userId), eq(digestSettings.enabled, true)))
        .returning({ userId: digestSettings.userId });
      return rows.length > 0;
    },

    /** Everyone with the digest on and a confirmed address; demo accounts are shared and never mailed. */
    async recipients(): Promise<DigestRecipient[]> {
      const rows = await db
        .select({ settings: digestSettings, email: users.email, name: users.name })
        .from(digestSettings)
        .innerJoin(users, eq(users.id, digestSettings.userId))
        .where(
          and(eq(digestSettings.enabled, true), eq(users.isDemo, false), isNotNull(users.emailVerifiedAt)),
        );
      return rows.map((row) => ({ ...row.settings, email: row.email, name: row.name }));
    },

    /** Claims the person's digest of a local day; false when it was claimed already (another run or instance). */
    async claim(userId: string, localDate: string, at: Date): Promise<boolean> {
      const rows = await db
        .insert(digestSends)
        .values({ userId, localDate, claimedAt: at })
        .onConflictDoNothing()
        .returning({ userId: digestSends.userId });
      return rows.length > 0;
    },

    /** Gives a claim back (the mail could not be sent), so a later run that day tries again. */
    async release(userId: string, localDate: string): Promise<void> {
      await db
        .delete(digestSends)
        .where(and(eq(digestSends.userId, userId), eq(digestSends.localDate, localDate)));
    },

    async claimed(userId: string, localDate: string): Promise<boolean> {
      const rows = await db
        .select({ userId: digestSends.userId })
        .from(digestSends)
        .where(and(eq(digestSends.userId, userId), eq(digestSends.localDate, localDate)));
      return rows.length > 0;
    },
  };
}

export type DigestRepo = ReturnType<typeof createDigestRepo>;
