import { eq, sql } from 'drizzle-orm';
import type { Language } from '../../../contract/auth.ts';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema/users.ts';

export type TestModeUserRow = {
  email: string;
  emailVerifiedAt: Date | null;
  isDemo: boolean;
  testModeEnabled: boolean;
  testModeLanguage: Language;
};

export function createTestModeRepo(db: Database) {
  const columns = {
    email: users.email,
    emailVerifiedAt: users.emailVerifiedAt,
    isDemo: users.isDemo,
    testModeEnabled: users.testModeEnabled,
    testModeLanguage: users.testModeLanguage,
  };
  return {
    async findUser(userId: string): Promise<TestModeUserRow | undefined> {
      const [row] = await db.select(columns).from(users).where(eq(users.id, userId)).limit(1);
      return row;
    },

    async updateTestMode(
      userId: string,
      values: { enabled: boolean; language: Language },
    ): Promise<TestModeUserRow | undefined> {
      const [row] = await db
        .update(users)
        .set({ testModeEnabled: values.enabled, testModeLanguage: values.language, updatedAt: sql`now()` })
        .where(eq(users.id, userId))
        .returning(columns);
      return row;
    },
  };
}

export type TestModeRepo = ReturnType<typeof createTestModeRepo>;
