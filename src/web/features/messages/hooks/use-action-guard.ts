import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/ui/use-toast.ts';
import { useOnline } from '../../../lib/use-online.ts';
import { isBlocked, type GuardedAction, type Restriction } from '../lib/action-restrictions.ts';

/**
 * Returns `allowed(action)`: false, after telling the user why with an info toast, when the account may not do
 * `action`, or when the app cannot reach its server (every guarded action needs it; docs/decisions/158).
 */
export function useActionGuard(restriction: Restriction | null) {
  const { t } = useTranslation('messages');
  const { t: tUi } = useTranslation('ui');
  const { showToast } = useToast();
  const online = useOnline();
  return useCallback(
    (action: GuardedAction): boolean => {
      if (!online) {
        showToast(tUi('offline.needsNetwork'), 'info');
        return false;
      }
      if (!isBlocked(restriction, action)) return true;
      showToast(t(restriction === 'demo' ? 'restricted.demo' : 'restricted.testMode'), 'info');
      return false;
    },
    [online, restriction, showToast, t, tUi],
  );
}
