import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/Button.tsx';
import { useToast } from '../../../components/ui/use-toast.ts';
import {
  notificationKinds,
  type NotificationKind,
  type NotificationPreferences,
} from '../../../../contract/push-notifications.ts';
import { useSaveNotificationPreferences } from '../api/notification-preferences.ts';

export type ConnectionChoice = { id: string; name: string };

/**
 * What notifies: kinds of message, which accounts, and whether the first line is shown. The rules decide first
 * (mutes, notify and never-notify, quiet hours), and the form says so with a link to them.
 */
export function NotificationPreferencesForm({
  preferences,
  connections,
}: {
  preferences: NotificationPreferences;
  connections: ConnectionChoice[];
}) {
  const { t } = useTranslation('notifications');
  const { showToast } = useToast();
  const save = useSaveNotificationPreferences();
  const [kinds, setKinds] = useState<NotificationKind[]>(preferences.kinds);
  const [onlySome, setOnlySome] = useState(preferences.connection_ids !== null);
  const [chosen, setChosen] = useState<string[]>(preferences.connection_ids ?? []);
  const [firstLine, setFirstLine] = useState(preferences.include_first_line);
  const kindsId = useId();
  const accountsId = useId();
  const firstLineHint = useId();
  const firstLineId = useId();

  const toggleIn = <T,>(list: T[], item: T, on: boolean) =>
    on ? [...list.filter((known) => known !== item), item] : list.filter((known) => known !== item);

  function submit(event: FormEvent) {
    event.preventDefault();
    const known = new Set(connections.map((connection) => connection.id));
    save.mutate(
      {
        kinds: notificationKinds.filter((kind) => kinds.includes(kind)),
        connection_ids: onlySome ? chosen.filter((id) => known.has(id)) : null,
        include_first_line: firstLine,
      },
      {
        onSuccess: () => showToast(t('preferences.saved'), 'success'),
        onError: () => showToast(t('preferences.saveFailed'), 'error'),
      },
    );
  }

  return (
    <form onSubmit={submit} className="mt-6 space-y-5 border-t border-slate-100 pt-5">
      <h3 className="text-base font-semibold text-slate-900">{t('preferences.title')}</h3>
      <fieldset aria-describedby={kindsId}>
        <legend className="text-sm font-medium text-slate-900">{t('preferences.kinds')}</legend>
        <p id={kindsId} className="text-sm text-slate-600">
          {t('preferences.kindsHint')}
        </p>
        <div className="mt-2 flex flex-wrap gap-x-5 gap-y-2">
          {notificationKinds.map((kind) => (
            <label key={kind} className="flex items-center gap-2 text-sm text-slate-800">
              <input
                type="checkbox"
                className="size-4 rounded border-slate-400 accent-indigo-600"
                checked={kinds.includes(kind)}
                onChange={(event) => setKinds(toggleIn(kinds, kind, event.target.checked))}
              />
              {t(`preferences.kind.${kind}`)}
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset aria-describedby={accountsId}>
        <legend className="text-sm font-medium text-slate-900">{t('preferences.accounts')}</legend>
        <p id={accountsId} className="sr-only">
          {t('preferences.accountsHint')}
        </p>
        <div className="mt-2 space-y-2 text-sm text-slate-800">
          <label className="flex items-center gap-2">
            <input
              type="radio"
              name="notification-accounts"
              className="size-4 accent-indigo-600"
              checked={!onlySome}
              onChange={() => setOnlySome(false)}
            />
            {t('preferences.allAccounts')}
          </label>
          <label className="flex items-center gap-2">
            <input
              type="radio"
              name="notification-accounts"
              className="size-4 accent-indigo-600"
              checked={onlySome}
              disabled={connections.length === 0}
              onChange={() => setOnlySome(true)}
            />
            {t('preferences.someAccounts')}
          </label>
          {onlySome && (
            <div className="ml-6 space-y-1">
              {connections.map((connection) => (
                <label key={connection.id} className="flex items-center gap-2">
                  <input
                    type="checkbox"
                    className="size-4 rounded border-slate-400 accent-indigo-600"
                    checked={chosen.includes(connection.id)}
                    onChange={(event) => setChosen(toggleIn(chosen, connection.id, event.target.checked))}
                  />
                  {connection.name}
                </label>
              ))}
            </div>
          )}
        </div>
      </fieldset>
      <div className="flex items-start gap-3">
        <input
          id={firstLineId}
          type="checkbox"
          className="mt-1 size-4 shrink-0 rounded border-slate-400 accent-indigo-600"
          checked={firstLine}
          aria-describedby={firstLineHint}
          onChange={(event) => setFirstLine(event.target.checked)}
        />
        <div>
          <label htmlFor={firstLineId} className="text-sm font-medium text-slate-900">
            {t('preferences.firstLine')}
          </label>
          <p id={firstLineHint} className="mt-1 text-sm text-slate-600">
            {t('preferences.firstLineHint')}
          </p>
        </div>
      </div>
      <p className="text-sm text-slate-600">
        {t('preferences.rulesNote')}{' '}
        <Link to="/rules" className="font-medium text-indigo-700 underline">
          {t('preferences.rulesLink')}
        </Link>
      </p>
      <Button type="submit" disabled={save.isPending}>
        {t('preferences.save')}
      </Button>
    </form>
  );
}
