import { HttpError } from './http-error.ts';

export type SampleDataAccess = {
  dataModeFor: (userId: string) => Promise<{ kind: 'sample' | 'live' }>;
  isDemo: (userId: string) => Promise<boolean>;
};

/**
 * Refuses a write to what a user sees in place of their own data: a demo account is shared, and test mode shows
 * data that is not the user's (SPEC §5). `what` names the things in the message, e.g. "Tags".
 */
export async function requireOwnData(access: SampleDataAccess, userId: string, what: string): Promise<void> {
  if ((await access.dataModeFor(userId)).kind === 'live') return;
  if (await access.isDemo(userId)) {
    throw new HttpError(403, `${what} cannot be changed on a demo account`, 'DEMO_RESTRICTED');
  }
  throw new HttpError(403, `${what} cannot be changed while test mode is on`, 'TEST_MODE_RESTRICTED');
}
