import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SubscriptionChangeResponse } from '../../../../contract/billing.ts';

/**
 * A mutation that changes the subscription; afterwards the subscription, the user (its plan) and the connection
 * limit all load again.
 */
export function useBillingChange<Input>(call: (input: Input) => Promise<SubscriptionChangeResponse>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['billing', 'subscription'] }),
        queryClient.invalidateQueries({ queryKey: ['auth', 'me'] }),
        queryClient.invalidateQueries({ queryKey: ['connections'] }),
      ]);
    },
  });
}
