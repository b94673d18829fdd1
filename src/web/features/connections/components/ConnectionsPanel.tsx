import { Cable, ChevronDown } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { platforms, type PlatformConnection } from '../../../../contract/messages.ts';
import { connectionColor } from '../../../lib/connection-color.ts';
import { toBcp47 } from '../../../lib/language.ts';
import { currentLanguage } from '../../../lib/i18n.ts';

/** The user's Slack workspaces and ChatWork accounts; starts collapsed (SPEC §2). */
export function ConnectionsPanel({ connections }: { connections: readonly PlatformConnection[] }) {
  const { t } = useTranslation('dashboard');
  const [open, setOpen] = useState(false);
  const bodyId = useId();
  const dateFormat = new Intl.DateTimeFormat(toBcp47(currentLanguage()), {
    dateStyle: 'medium',
    timeStyle: 'short',
  });

  return (
    <section
      aria-labelledby={`${bodyId}-heading`}
      className="rounded-xl border border-slate-200 bg-white shadow-sm"
    >
      <h2 id={`${bodyId}-heading`}>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={bodyId}
          onClick={() => setOpen((value) => !value)}
          className="flex w-full items-center gap-2 rounded-xl p-5 text-left text-base font-semibold text-slate-900 hover:bg-slate-50"
        >
          <Cable aria-hidden="true" className="size-5 text-indigo-600" />
          <span className="flex-1">{t('connections.heading')}</span>
          <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">
            {connections.length}
          </span>
          <ChevronDown
            aria-hidden="true"
            className={`size-4 text-slate-500 transition-transform ${open ? 'rotate-180' : ''}`}
          />
        </button>
      </h2>
      <div id={bodyId} hidden={!open} className="space-y-4 px-5 pb-5">
        {connections.length === 0 ? (
          <p className="text-sm text-slate-600">{t('connections.body')}</p>
        ) : (
          platforms.map((platform) => {
            const ofPlatform = connections.filter((connection) => connection.platform === platform);
            if (ofPlatform.length === 0) return null;
            return (
              <div key={platform}>
                <h3 className="text-sm font-semibold text-slate-800">
                  {t(`connections.platforms.${platform}`)}
                </h3>
                <ul className="mt-2 space-y-2">
                  {ofPlatform.map((connection) => (
                    <li key={connection.id} className="flex items-start gap-2 text-sm">
                      <span
                        aria-hidden="true"
                        className="mt-1.5 size-2.5 shrink-0 rounded-full"
                        style={{ backgroundColor: connectionColor(connection.id) }}
                      />
                      <div className="min-w-0">
                        <p className="truncate font-medium text-slate-900">
                          {connection.platform_workspace_name ?? t('connections.noWorkspace')}
                        </p>
                        <p className="truncate text-slate-600">
                          {connection.platform_user_name ?? t('connections.unknownAccount')}
                        </p>
                        <p className="text-xs text-slate-500">
                          {connection.last_fetched_at
                            ? t('connections.lastFetched', {
                                time: dateFormat.format(new Date(connection.last_fetched_at)),
                              })
                            : t('connections.neverFetched')}
                        </p>
                      </div>
                    </li>
                  ))}
                </ul>
              </div>
            );
          })
        )}
      </div>
    </section>
  );
}
