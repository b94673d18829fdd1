import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button.tsx';
import { useToast } from '../../../components/ui/use-toast.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { toBcp47 } from '../../../lib/language.ts';
import { useLogout, useLogoutEverywhere } from '../api/logout.ts';
import { sessionsQueryOptions, useEndSession } from '../api/sessions.ts';

function formatDateTime(iso: string): string {
  return new Intl.DateTimeFormat(toBcp47(currentLanguage()), {
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(new Date(iso));
}

/**
 * Where the user is signed in, with a way to end each other session or all of them (decision 067). On a shared demo
 * account the server lists only the visitor's own sign-in, and the card says so and offers to end just that one
 * (decision 142).
 */
export function SessionsCard({ shared = false }: { shared?: boolean }) {
  const { t } = useTranslation('auth');
  const { showToast } = useToast();
  const sessions = useQuery(sessionsQueryOptions());
  const end = useEndSession();
  const everywhere = useLogoutEverywhere();
  const signOut = useLogout();
  // A demo visitor's own sign-in is all they may end; everyone else ends all of theirs.
  const endMine = shared ? signOut : everywhere;

  return (
    <section
      aria-labelledby="sessions-title"
      className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
    >
      <h2 id="sessions-title" className="text-lg font-semibold text-slate-900">
        {t('sessions.title')}
      </h2>
      {shared && <p className="mt-2 text-sm text-slate-600">{t('sessions.demoNote')}</p>}
      {sessions.isError && <p className="mt-2 text-sm text-red-700">{t('sessions.loadFailed')}</p>}
      <ul className="mt-4 divide-y divide-slate-100">
        {sessions.data?.map((session) => (
          <li key={session.id} className="flex flex-wrap items-center justify-between gap-3 py-3 text-sm">
            <div>
              <p className="font-medium text-slate-900">
                {session.device ?? t('sessions.unknownDevice')}
                {session.current && (
                  <span className="ml-2 rounded-full bg-indigo-100 px-2 py-0.5 text-xs text-indigo-800">
                    {t('sessions.current')}
                  </span>
                )}
              </p>
              <p className="text-slate-600">
                {t('sessions.details', {
                  address: session.ipAddress ?? t('sessions.unknownAddress'),
                  lastUsed: formatDateTime(session.lastUsedAt),
                })}
              </p>
            </div>
            {!session.current && (
              <Button
                variant="secondary"
                size="sm"
                disabled={end.isPending}
                aria-label={t('sessions.endLabel', { device: session.device ?? t('sessions.unknownDevice') })}
                onClick={() =>
                  end.mutate(session.id, {
                    onSuccess: () => showToast(t('sessions.ended'), 'success'),
                    onError: () => showToast(t('sessions.endFailed'), 'error'),
                  })
                }
              >
                {t('sessions.end')}
              </Button>
            )}
          </li>
        ))}
      </ul>
      <Button
        variant="secondary"
        className="mt-4"
        disabled={endMine.isPending}
        onClick={() => endMine.mutate()}
      >
        {t(shared ? 'sessions.demoSignOut' : 'sessions.everywhere')}
      </Button>
    </section>
  );
}
