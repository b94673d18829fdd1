import { useQuery } from '@tanstack/react-query';
import { useAuth } from '../../features/auth/hooks/use-auth.ts';
import { testModeQueryOptions } from '../../features/test-mode/api/get-test-mode.ts';

/** Why some actions are off for the signed-in user: a shared demo account, or test mode showing sample data. */
export function useRestriction(): 'demo' | 'test-mode' | null {
  const { user } = useAuth();
  const testMode = useQuery(testModeQueryOptions());
  return user?.isDemo ? 'demo' : testMode.data?.enabled ? 'test-mode' : null;
}
