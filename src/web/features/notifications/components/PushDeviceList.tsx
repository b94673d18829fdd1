import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button.tsx';
import { useToast } from '../../../components/ui/use-toast.ts';
import type { PushDevice } from '../../../../contract/push-notifications.ts';
import { useRemoveDevice } from '../api/remove-device.ts';
import { useTestDevice } from '../api/test-device.ts';
import { rememberThisDevice, thisDeviceId, unsubscribeThisBrowser } from '../lib/device-push.ts';
import { formatDateTime } from '../lib/format.ts';

/** The devices that receive the person's notifications, each with a test and a way to stop it. */
export function PushDeviceList({ devices }: { devices: PushDevice[] }) {
  const { t } = useTranslation('notifications');
  const { showToast } = useToast();
  const remove = useRemoveDevice();
  const test = useTestDevice();
  const ownId = thisDeviceId();

  if (devices.length === 0) return <p className="mt-4 text-sm text-slate-600">{t('devices.none')}</p>;

  function removeDevice(device: PushDevice) {
    remove.mutate(device.id, {
      onSuccess: async () => {
        if (device.id === ownId) {
          await unsubscribeThisBrowser();
          rememberThisDevice(null);
        }
        showToast(t('devices.removed'), 'success');
      },
      onError: () => showToast(t('devices.removeFailed'), 'error'),
    });
  }

  function sendTest(device: PushDevice) {
    test.mutate(device.id, {
      onSuccess: (delivered) =>
        showToast(
          delivered ? t('devices.testSent') : t('devices.testFailed'),
          delivered ? 'success' : 'error',
        ),
      onError: () => showToast(t('devices.testGone'), 'error'),
    });
  }

  return (
    <ul className="mt-4 divide-y divide-slate-100" aria-label={t('devices.title')}>
      {devices.map((device) => {
        const name = device.label || t('devices.unknown');
        return (
          <li key={device.id} className="flex flex-wrap items-center justify-between gap-3 py-3 text-sm">
            <div>
              <p className="font-medium text-slate-900">
                {name}
                {device.id === ownId && (
                  <span className="ml-2 rounded-full bg-indigo-100 px-2 py-0.5 text-xs text-indigo-800">
                    {t('devices.thisDevice')}
                  </span>
                )}
              </p>
              <p className="text-slate-600">
                {device.last_used_at
                  ? t('devices.details', {
                      added: formatDateTime(device.created_at),
                      lastUsed: formatDateTime(device.last_used_at),
                    })
                  : t('devices.added', { added: formatDateTime(device.created_at) })}
              </p>
            </div>
            <div className="flex gap-2">
              <Button
                variant="secondary"
                size="sm"
                disabled={test.isPending}
                aria-label={t('devices.testFor', { name })}
                onClick={() => sendTest(device)}
              >
                {t('devices.test')}
              </Button>
              <Button
                variant="ghost"
                size="sm"
                disabled={remove.isPending}
                aria-label={t('devices.removeFor', { name })}
                onClick={() => removeDevice(device)}
              >
                {t('devices.remove')}
              </Button>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
