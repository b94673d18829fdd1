import type { Language } from '../../../contract/auth.ts';
import type { TestModeState, TestModeUpdate } from '../../../contract/messages.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { TestModeRepo, TestModeUserRow } from './test-mode.repo.ts';

/** Where a user's messages come from: sample data in a language, or their real connections. */
export type DataMode = { kind: 'sample'; language: Language } | { kind: 'live' };

export type TestModeSettings = {
  /** Trimmed and lower-cased, as config.ts reads TEST_MODE_EMAILS. */
  testModeEmails: readonly string[];
  demoAccounts: readonly { email: string; language: Language }[];
};

export function createTestModeService(repo: TestModeRepo, settings: TestModeSettings) {
  const listed = new Set(settings.testModeEmails);
  const demoLanguages = new Map(settings.demoAccounts.map((account) => [account.email, account.language]));

  /**
   * Demo accounts always see sample data, so test mode is not offered to them. Anyone can type a listed address
   * at sign-up, so it counts only once its owner confirmed it (decision 066).
   */
  function isAvailable(user: TestModeUserRow): boolean {
    return !user.isDemo && user.emailVerifiedAt !== null && listed.has(user.email);
  }

  function stateOf(user: TestModeUserRow): TestModeState {
    const available = isAvailable(user);
    return { available, enabled: available && user.testModeEnabled, language: user.testModeLanguage };
  }

  async function requireUser(userId: string): Promise<TestModeUserRow> {
    const user = await repo.findUser(userId);
    if (!user) throw new HttpError(401, 'Authentication required', 'UNAUTHENTICATED');
    return user;
  }

  return {
    async getState(userId: string): Promise<TestModeState> {
      return stateOf(await requireUser(userId));
    },

    async update(userId: string, input: TestModeUpdate): Promise<TestModeState> {
      const user = await requireUser(userId);
      if (!isAvailable(user)) {
        throw new HttpError(403, 'Test mode is not available for this account', 'TEST_MODE_UNAVAILABLE');
      }
      const updated = await repo.updateTestMode(userId, input);
      if (!updated) throw new HttpError(401, 'Authentication required', 'UNAUTHENTICATED');
      return stateOf(updated);
    },

    /** Demo accounts are shared by many people at once: they can read, and hide for their own session only. */
    async isDemo(userId: string): Promise<boolean> {
      return (await requireUser(userId)).isDemo;
    },

    /**
     * Demo accounts get sample data in their account's language (English when the account is no longer listed in
     * DEMO_ACCOUNTS); test-mode users while the flag is on, in the language they chose; everyone else live data.
     */
    async dataModeFor(userId: string): Promise<DataMode> {
      const user = await requireUser(userId);
      if (user.isDemo) return { kind: 'sample', language: demoLanguages.get(user.email) ?? 'en' };
      const state = stateOf(user);
      if (state.enabled) return { kind: 'sample', language: state.language };
      return { kind: 'live' };
    },
  };
}

export type TestModeService = ReturnType<typeof createTestModeService>;
