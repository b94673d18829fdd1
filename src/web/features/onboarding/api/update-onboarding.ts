import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  onboardingStatusSchema,
  type OnboardingStatus,
  type OnboardingUpdate,
} from '../../../../contract/onboarding.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { onboardingStatusQueryOptions } from './get-onboarding-status.ts';

export function updateOnboarding(body: OnboardingUpdate): Promise<OnboardingStatus> {
  return apiRequest('/auth/onboarding', { method: 'PUT', body, schema: onboardingStatusSchema });
}

/** Each step reached is kept on the server, so a guide left for a provider's consent page resumes where it was. */
export function useUpdateOnboarding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['onboarding', 'update'],
    mutationFn: updateOnboarding,
    onSuccess: (status) => queryClient.setQueryData(onboardingStatusQueryOptions().queryKey, status),
  });
}
