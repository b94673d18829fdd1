import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { platforms } from '../../../../contract/messages.ts';
import { useToast } from '../../../components/ui/use-toast.ts';

/** SPEC §9: the result of a connection flow stays on screen for 5 seconds. */
const RESULT_TOAST_MS = 5000;
/** Parameters the platform OAuth callbacks add. */
const RESULT_PARAMS = ['chatwork', 'slack', 'workspace', 'message', 'error'] as const;

/**
 * After a platform's OAuth flow the server sends the user to `/dashboard?slack=connected&workspace=…` (or
 * `=error&message=…`, or `error=…`). Shows the outcome as a toast and removes those parameters from the address.
 */
export function useConnectionReturnToast(): void {
  const { t } = useTranslation('dashboard');
  const { showToast } = useToast();
  const [searchParams, setSearchParams] = useSearchParams();

  useEffect(() => {
    if (!RESULT_PARAMS.some((name) => searchParams.has(name))) return;
    const workspace = searchParams.get('workspace');
    const message = searchParams.get('message') ?? searchParams.get('error');
    for (const platform of platforms) {
      const outcome = searchParams.get(platform);
      const name = t(`connections.platforms.${platform}`);
      if (outcome === 'connected') {
        showToast(
          workspace
            ? t('connectionResult.connectedTo', { platform: name, workspace })
            : t('connectionResult.connected', { platform: name }),
          'success',
          RESULT_TOAST_MS,
        );
      } else if (outcome === 'error') {
        showToast(
          t('connectionResult.failed', { platform: name, message: message ?? t('connectionResult.unknown') }),
          'error',
          RESULT_TOAST_MS,
        );
      }
    }
    if (!platforms.some((platform) => searchParams.has(platform)) && searchParams.has('error')) {
      showToast(
        t('connectionResult.error', { message: searchParams.get('error') }),
        'error',
        RESULT_TOAST_MS,
      );
    }
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const name of RESULT_PARAMS) next.delete(name);
        return next;
      },
      { replace: true },
    );
  }, [searchParams, setSearchParams, showToast, t]);
}
