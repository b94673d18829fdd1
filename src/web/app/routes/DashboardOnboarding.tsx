import { useQuery } from '@tanstack/react-query';
import { lazy, useEffect, useReducer } from 'react';
import type { PlatformConnection } from '../../../contract/messages.ts';
import { useConnectPlatform } from '../../features/connections/api/connect-platform.ts';
import { useTimeline } from '../../features/messages/hooks/use-timeline.ts';
import { onboardingStatusQueryOptions } from '../../features/onboarding/api/get-onboarding-status.ts';
import { useUpdateOnboarding } from '../../features/onboarding/api/update-onboarding.ts';
import {
  initialOnboardingState,
  onboardingReducer,
  shouldOpen,
} from '../../features/onboarding/lib/onboarding-state.ts';
import { OnceOpened } from '../OnceOpened.tsx';

// Most visits never open the guide, so its steps load only when it opens (docs/decisions/166).
const OnboardingDialog = lazy(() =>
  import('../../features/onboarding/components/OnboardingDialog.tsx').then((m) => ({
    default: m.OnboardingDialog,
  })),
);

/**
 * The onboarding guide over the dashboard: opens by itself on a first login that has not finished it, or when the
 * visit asked for it (`?t=1`); its connect step and its count of mentions use the dashboard's own connections.
 */
export function DashboardOnboarding({
  forced,
  connections,
}: {
  forced: boolean;
  connections: readonly PlatformConnection[];
}) {
  const status = useQuery(onboardingStatusQueryOptions());
  const update = useUpdateOnboarding();
  const connect = useConnectPlatform();
  const timeline = useTimeline(connections);
  const [state, dispatch] = useReducer(onboardingReducer, initialOnboardingState);
  const [decided, markDecided] = useReducer(() => true, false);

  useEffect(() => {
    if (decided || !status.data) return;
    markDecided();
    if (!shouldOpen(status.data, forced)) return;
    dispatch({
      type: 'start',
      isFirstLogin: status.data.isFirstLogin,
      isForced: forced,
      step: status.data.onboardingStep,
    });
  }, [decided, status.data, forced]);

  const goTo = (step: number) => {
    dispatch({ type: 'updateStep', step });
    update.mutate({ onboardingStep: step });
  };
  const finish = (type: 'complete' | 'skip') => {
    dispatch({ type });
    update.mutate({ onboardingCompleted: true });
  };

  return (
    <OnceOpened open={state.isActive}>
      <OnboardingDialog
        open={state.isActive}
        step={state.currentStep}
        onStep={goTo}
        onComplete={() => finish('complete')}
        onSkip={() => finish('skip')}
        connections={connections.length}
        onConnect={(platform) => {
          // The provider's consent page leaves the app; the guide comes back at this step.
          update.mutate({ onboardingStep: state.currentStep }, { onSettled: () => connect.mutate(platform) });
        }}
        connecting={connect.isPending}
        mentionsFound={connections.length > 0 && timeline.isLoading ? null : timeline.messages.length}
      />
    </OnceOpened>
  );
}
