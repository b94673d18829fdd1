import { accountErrorCodes, type AccountInfo } from '../../../contract/account.ts';
import type { User } from '../../../contract/auth.ts';
import type { PlatformConnection } from '../../../contract/messages.ts';
import type { GoogleCalendarStatus } from '../../../contract/google.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { AccountRepo } from './account.repo.ts';

export type AccountServiceDeps = {
  repo: AccountRepo;
  getUser: (userId: string) => Promise<User>;
  /** The connections the dashboard lists, sample ones included for demo and test mode. */
  listConnections: (
    userId: string,
  ) => Promise<{ slack: PlatformConnection[]; chatwork: PlatformConnection[] }>;
  /** How many connections count against the plan's limit, the limit, and how many shown are samples that do not. */
  connectionUsage: (
    userId: string,
    shown: number,
  ) => Promise<{ used: number; limit: number; sample: number }>;
  googleCalendarStatus: (userId: string) => Promise<GoogleCalendarStatus>;
  hasPassword: (userId: string) => Promise<boolean>;
  confirmPassword: (userId: string, password: string | undefined) => Promise<void>;
  /** 403 unless `code` is from a Google or GitHub sign-in as this user, just made in this browser. */
  confirmFreshSignIn: (
    userId: string,
    code: string | undefined,
    browserBinding: string | undefined,
  ) => Promise<void>;
  isDemo: (userId: string) => Promise<boolean>;
  hasLiveSubscription: (userId: string) => Promise<boolean>;
  /** Best effort: provider tokens revoked, the Stripe customer removed. */
  beforeDelete: (userId: string) => Promise<void>;
  /** Caches of the user's messages, and word to every instance that the user's sign-ins ended with the account. */
  afterDelete: (userId: string) => Promise<void>;
};

export function createAccountService(deps: AccountServiceDeps) {
  return {
    async info(userId: string): Promise<AccountInfo> {
      const [user, connections, googleCalendar] = await Promise.all([
        deps.getUser(userId),
        deps.listConnections(userId),
        deps.googleCalendarStatus(userId),
      ]);
      const shown = connections.slack.length + connections.chatwork.length;
      const usage = await deps.connectionUsage(userId, shown);
      return {
        user,
        connectionCount: usage.used,
        connectionLimit: usage.limit,
        sampleConnectionCount: usage.sample,
        connections: { ...connections, googleCalendar },
      };
    },

    async rename(userId: string, name: string): Promise<User> {
      if (await deps.isDemo(userId)) {
        throw new HttpError(403, 'Demo accounts cannot be changed.', 'DEMO_RESTRICTED');
      }
      if (!(await deps.repo.rename(userId, name))) throw new HttpError(404, 'Account not found', 'NOT_FOUND');
      return deps.getUser(userId);
    },

    /**
     * Deletes the account once its owner proved it is them: the password, or for an account without one a fresh
     * sign-in with its provider in the same browser (decision 140), so an access token alone never suffices.
     */
    async deleteAccount(
      userId: string,
      proof: { password?: string | undefined; reauthenticationCode?: string | undefined },
      browserBinding: string | undefined,
    ): Promise<void> {
      if (await deps.isDemo(userId)) {
        throw new HttpError(403, 'Demo accounts cannot be deleted.', 'DEMO_RESTRICTED');
      }
      // SPEC §8: a subscription that may still bill must be cancelled first. Refused before the password is
      // looked at, so the refusal never tells a guesser that the password was right.
      if (await deps.hasLiveSubscription(userId)) {
        throw new HttpError(
          409,
          'Please cancel your subscription before deleting your account.',
          accountErrorCodes.activeSubscription,
        );
      }
      if (await deps.hasPassword(userId)) await deps.confirmPassword(userId, proof.password);
      else await deps.confirmFreshSignIn(userId, proof.reauthenticationCode, browserBinding);
      await deps.beforeDelete(userId);
      if (!(await deps.repo.deleteUser(userId))) throw new HttpError(404, 'Account not found', 'NOT_FOUND');
      await deps.afterDelete(userId);
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
