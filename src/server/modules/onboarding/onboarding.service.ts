import {
  ONBOARDING_STEPS,
  type OnboardingStatus,
  type OnboardingUpdate,
} from '../../../contract/onboarding.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { OnboardingRepo, OnboardingRow } from './onboarding.repo.ts';

/**
 * SPEC §4's onboarding on the server: each step reached is stored; finishing or skipping marks it completed at
 * the last step and ends the first login; a reset starts it over as a first login (docs/decisions/121).
 */
export function createOnboardingService(repo: OnboardingRepo) {
  function statusOf(row: OnboardingRow): OnboardingStatus {
    return {
      onboardingCompleted: row.onboardingCompleted,
      onboardingStep: row.onboardingStep,
      // Demo accounts are shared and already full of sample data: the guide opens for them only on request (?t=1).
      isFirstLogin: row.isFirstLogin && !row.isDemo && !row.onboardingCompleted,
    };
  }

  function found(row: OnboardingRow | undefined): OnboardingStatus {
    if (!row) throw new HttpError(401, 'Authentication required', 'UNAUTHENTICATED');
    return statusOf(row);
  }

  return {
    async status(userId: string): Promise<OnboardingStatus> {
      return found(await repo.find(userId));
    },

    async update(userId: string, update: OnboardingUpdate): Promise<OnboardingStatus> {
      if (update.onboardingCompleted === true) {
        return found(
          await repo.update(userId, {
            onboardingCompleted: true,
            onboardingStep: ONBOARDING_STEPS,
            isFirstLogin: false,
          }),
        );
      }
      return found(
        await repo.update(userId, {
          ...(update.onboardingCompleted === false ? { onboardingCompleted: false } : {}),
          ...(update.onboardingStep !== undefined ? { onboardingStep: update.onboardingStep } : {}),
        }),
      );
    },

    async reset(userId: string): Promise<OnboardingStatus> {
      return found(
        await repo.update(userId, { onboardingCompleted: false, onboardingStep: 0, isFirstLogin: true }),
      );
    },
  };
}

export type OnboardingService = ReturnType<typeof createOnboardingService>;
