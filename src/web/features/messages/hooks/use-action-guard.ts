import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/ui/use-toast.ts';
import { isBlocked, type GuardedAction, type Restriction } from '../lib/action-restrictions.ts';

/**
 * Returns `allowed(action)`: false, after telling the user why with an info toast, when the account may not do
 * `action`.
 */
export function useActionGuard(restriction: Restriction | null) {
  const { t } = useTranslation('messages');
  const { showToast } = useToast();
  return useCallback(
    (action: GuardedAction): boolean => {
      if (!isBlocked(restriction, action)) return true;
      showToast(t(restriction === 'demo' ? 'restricted.demo' : 'restricted.testMode'), 'info');
      return false;
    },
    [restriction, showToast, t],
  );
}
