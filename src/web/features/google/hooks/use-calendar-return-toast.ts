import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useToast } from '../../../components/ui/use-toast.ts';

/** SPEC §9: the result of a connection flow stays on screen for 5 seconds. */
const RESULT_TOAST_MS = 5000;

/**
 * After Google's consent page the server sends the user to `/dashboard?googleCalendar=connected` (or
 * `=error&message=…`): shows the outcome as a toast and removes those parameters from the address.
 */
export function useCalendarReturnToast(): void {
  const { t } = useTranslation('google');
  const { showToast } = useToast();
  const [searchParams, setSearchParams] = useSearchParams();

  useEffect(() => {
    const outcome = searchParams.get('googleCalendar');
    if (!outcome) return;
    if (outcome === 'connected') showToast(t('connected'), 'success', RESULT_TOAST_MS);
    else
      showToast(t('connectError', { message: searchParams.get('message') ?? '' }), 'error', RESULT_TOAST_MS);
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('googleCalendar');
        next.delete('message');
        return next;
      },
      { replace: true },
    );
  }, [searchParams, setSearchParams, showToast, t]);
}
