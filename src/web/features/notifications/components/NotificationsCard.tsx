import { useTranslation } from 'react-i18next';
import { useNotificationPreferences } from '../api/notification-preferences.ts';
import { usePushDevices } from '../api/push-devices.ts';
import { NotificationPreferencesForm, type ConnectionChoice } from './NotificationPreferencesForm.tsx';
import { PushDeviceList } from './PushDeviceList.tsx';
import { ThisDeviceToggle } from './ThisDeviceToggle.tsx';

/** The account page's push notifications (issue 25, decision 159): this device, every device, what notifies. */
export function NotificationsCard({ connections }: { connections: ConnectionChoice[] }) {
  const { t } = useTranslation('notifications');
  const devices = usePushDevices();
  const preferences = useNotificationPreferences();

  return (
    <section
      id="notifications"
      aria-labelledby="notifications-title"
      className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
    >
      <h2 id="notifications-title" className="text-lg font-semibold text-slate-900">
        {t('title')}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t('intro')}</p>
      <ThisDeviceToggle devices={devices.data?.devices} />
      <h3 className="mt-6 text-base font-semibold text-slate-900">{t('devices.title')}</h3>
      {devices.isError && <p className="mt-2 text-sm text-red-700">{t('devices.loadFailed')}</p>}
      {devices.data && <PushDeviceList devices={devices.data.devices} />}
      {preferences.isError && <p className="mt-2 text-sm text-red-700">{t('preferences.loadFailed')}</p>}
      {preferences.data && (
        <NotificationPreferencesForm preferences={preferences.data} connections={connections} />
      )}
    </section>
  );
}
