import { queryOptions } from '@tanstack/react-query';
import { onboardingStatusSchema, type OnboardingStatus } from '../../../../contract/onboarding.ts';
import { apiRequest } from '../../../lib/api-client.ts';

export function getOnboardingStatus(signal?: AbortSignal): Promise<OnboardingStatus> {
  return apiRequest('/auth/onboarding/status', { schema: onboardingStatusSchema, signal });
}

export const onboardingStatusQueryOptions = () =>
  queryOptions({
    queryKey: ['onboarding'],
    queryFn: ({ signal }) => getOnboardingStatus(signal),
    staleTime: Infinity,
  });
