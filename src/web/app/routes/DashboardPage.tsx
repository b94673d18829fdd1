import { Cable, Inbox } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

export function DashboardPage() {
  const { t } = useTranslation('dashboard');
  useDocumentTitle(t('title'));
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6">
      <h1 className="sr-only">{t('heading')}</h1>
      <div className="grid gap-6 lg:grid-cols-3">
        <section aria-labelledby="messages-heading" className="lg:col-span-2">
          <h2 id="messages-heading" className="text-xl font-semibold text-slate-900">
            {t('messages.heading')}
          </h2>
          <div className="mt-4 rounded-xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
            <Inbox aria-hidden="true" className="mx-auto size-10 text-indigo-600" />
            <p className="mt-4 font-semibold text-slate-900">{t('messages.emptyTitle')}</p>
            <p className="mx-auto mt-2 max-w-md text-sm text-slate-600">{t('messages.emptyBody')}</p>
          </div>
        </section>
        <aside aria-labelledby="connections-heading">
          <div className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
            <h2
              id="connections-heading"
              className="flex items-center gap-2 text-base font-semibold text-slate-900"
            >
              <Cable aria-hidden="true" className="size-5 text-indigo-600" />
              {t('connections.heading')}
            </h2>
            <p className="mt-2 text-sm text-slate-600">{t('connections.body')}</p>
          </div>
        </aside>
      </div>
    </div>
  );
}
