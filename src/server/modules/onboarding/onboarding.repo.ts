import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema/users.ts';

export type OnboardingRow = {
  onboardingCompleted: boolean;
  onboardingStep: number;
  isFirstLogin: boolean;
  isDemo: boolean;
};

export function createOnboardingRepo(db: Database) {
  const columns = {
    onboardingCompleted: users.onboardingCompleted,
    onboardingStep: users.onboardingStep,
    isFirstLogin: users.isFirstLogin,
    isDemo: users.isDemo,
  };
  return {
    async find(userId: string): Promise<OnboardingRow | undefined> {
      const [row] = await db.select(columns).from(users).where(eq(users.id, userId)).limit(1);
      return row;
    },

    async update(
      userId: string,
      values: Partial<Pick<OnboardingRow, 'onboardingCompleted' | 'onboardingStep' | 'isFirstLogin'>>,
    ): Promise<OnboardingRow | undefined> {
      const [row] = await db
        .update(users)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(users.id, userId))
        .returning(columns);
      return row;
    },
  };
}

export type OnboardingRepo = ReturnType<typeof createOnboardingRepo>;
