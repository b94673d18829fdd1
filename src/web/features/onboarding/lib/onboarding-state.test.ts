import { describe, expect, it } from 'vitest';
import {
  canLeaveStep,
  initialOnboardingState,
  onboardingReducer,
  shouldOpen,
  type TutorialAction,
} from './onboarding-state.ts';

describe('onboardingReducer', () => {
  it('starts at the stored step, or at the first for a forced start', () => {
    expect(
      onboardingReducer(initialOnboardingState, {
        type: 'start',
        isFirstLogin: true,
        isForced: false,
        step: 3,
      }),
    ).toEqual({
      isActive: true,
      currentStep: 3,
      isFirstLogin: true,
      isForced: false,
    });
    expect(
      onboardingReducer(initialOnboardingState, {
        type: 'start',
        isFirstLogin: false,
        isForced: true,
        step: 4,
      }).currentStep,
    ).toBe(1);
    expect(
      onboardingReducer(initialOnboardingState, {
        type: 'start',
        isFirstLogin: true,
        isForced: false,
        step: 0,
      }).currentStep,
    ).toBe(1);
  });

  it('moves between steps only while active, within 1 to 4', () => {
    const active = onboardingReducer(initialOnboardingState, {
      type: 'start',
      isFirstLogin: true,
      isForced: false,
      step: 1,
    });
    expect(onboardingReducer(active, { type: 'updateStep', step: 2 }).currentStep).toBe(2);
    expect(onboardingReducer(active, { type: 'updateStep', step: 9 }).currentStep).toBe(4);
    expect(onboardingReducer(initialOnboardingState, { type: 'updateStep', step: 2 })).toBe(
      initialOnboardingState,
    );
  });

  it('completes and skips to an inactive guide at the last step; reset clears it', () => {
    const active = onboardingReducer(initialOnboardingState, {
      type: 'start',
      isFirstLogin: true,
      isForced: false,
      step: 2,
    });
    for (const type of ['complete', 'skip'] as const) {
      expect(onboardingReducer(active, { type })).toMatchObject({ isActive: false, currentStep: 4 });
    }
    expect(onboardingReducer(active, { type: 'reset' })).toEqual(initialOnboardingState);
  });
});

describe('shouldOpen', () => {
  it.each([
    [{ onboardingCompleted: false, isFirstLogin: true }, false, true],
    [{ onboardingCompleted: true, isFirstLogin: false }, false, false],
    [{ onboardingCompleted: false, isFirstLogin: false }, false, false],
    [{ onboardingCompleted: true, isFirstLogin: false }, true, true],
  ])('%o forced=%s opens: %s', (status, forced, expected) => {
    expect(shouldOpen(status, forced)).toBe(expected);
  });
});

describe('canLeaveStep', () => {
  const some = new Set<TutorialAction>(['tag', 'hide', 'task']);
  const all = new Set<TutorialAction>(['tag', 'hide', 'task', 'filter']);
  it('needs all four tutorial actions on step 2 and a connection on step 3', () => {
    expect(canLeaveStep(1, { tutorial: new Set(), connections: 0 })).toBe(true);
    expect(canLeaveStep(2, { tutorial: some, connections: 1 })).toBe(false);
    expect(canLeaveStep(2, { tutorial: all, connections: 0 })).toBe(true);
    expect(canLeaveStep(3, { tutorial: all, connections: 0 })).toBe(false);
    expect(canLeaveStep(3, { tutorial: all, connections: 1 })).toBe(true);
  });
});
