import { ONBOARDING_STEPS } from '../../../../contract/onboarding.ts';

/** SPEC §3's client onboarding state. */
export interface OnboardingState {
  isActive: boolean;
  currentStep: number;
  isFirstLogin: boolean;
  isForced: boolean;
}

export type OnboardingAction =
  | { type: 'start'; isFirstLogin: boolean; isForced: boolean; step: number }
  | { type: 'updateStep'; step: number }
  | { type: 'complete' }
  | { type: 'skip' }
  | { type: 'reset' };

export const initialOnboardingState: OnboardingState = {
  isActive: false,
  currentStep: 0,
  isFirstLogin: false,
  isForced: false,
};

const clampStep = (step: number) => Math.min(Math.max(Math.trunc(step), 1), ONBOARDING_STEPS);

/** SPEC §4: start opens at a step (a forced start from the beginning), complete and skip both end at the last step. */
export function onboardingReducer(state: OnboardingState, action: OnboardingAction): OnboardingState {
  switch (action.type) {
    case 'start':
      return {
        isActive: true,
        currentStep: action.isForced ? 1 : clampStep(action.step),
        isFirstLogin: action.isFirstLogin,
        isForced: action.isForced,
      };
    case 'updateStep':
      return state.isActive ? { ...state, currentStep: clampStep(action.step) } : state;
    case 'complete':
    case 'skip':
      return { ...state, isActive: false, currentStep: ONBOARDING_STEPS };
    case 'reset':
      return { ...initialOnboardingState };
  }
}

/** Opens by itself on a first login that has not finished the guide; `?t=1` opens it whatever the state. */
export function shouldOpen(status: { onboardingCompleted: boolean; isFirstLogin: boolean }, forced: boolean) {
  return forced || (status.isFirstLogin && !status.onboardingCompleted);
}

export const TUTORIAL_ACTIONS = ['tag', 'hide', 'task', 'filter'] as const;
export type TutorialAction = (typeof TUTORIAL_ACTIONS)[number];

/** Step 2 goes on only once every one of the four actions was tried. */
export function tutorialComplete(done: ReadonlySet<TutorialAction>): boolean {
  return TUTORIAL_ACTIONS.every((action) => done.has(action));
}

/** Step 3 goes on only once a chat account is connected. */
export function canLeaveStep(
  step: number,
  progress: { tutorial: ReadonlySet<TutorialAction>; connections: number },
) {
  if (step === 2) return tutorialComplete(progress.tutorial);
  if (step === 3) return progress.connections > 0;
  return true;
}
