import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/ui/use-toast.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import type { PushDevice } from '../../../../contract/push-notifications.ts';
import { getPushPublicKey } from '../api/push-public-key.ts';
import { useRemoveDevice } from '../api/remove-device.ts';
import { useSubscribeDevice } from '../api/subscribe-device.ts';
import {
  browserSupportsPush,
  currentPushSubscription,
  rememberThisDevice,
  serviceWorkerRegistration,
  subscribeThisBrowser,
  thisDeviceId,
  unsubscribeThisBrowser,
} from '../lib/device-push.ts';

type BrowserState = 'checking' | 'unsupported' | 'no-worker' | 'blocked' | 'ready';

async function browserState(): Promise<{ state: BrowserState; subscribed: boolean }> {
  if (!browserSupportsPush()) return { state: 'unsupported', subscribed: false };
  if (!(await serviceWorkerRegistration())) return { state: 'no-worker', subscribed: false };
  const subscribed = (await currentPushSubscription()) !== null;
  return { state: Notification.permission === 'denied' ? 'blocked' : 'ready', subscribed };
}

/** What this browser can do and whether it is subscribed; asked again after every change. */
const BROWSER_PUSH_QUERY_KEY = ['push', 'this-browser'] as const;

/**
 * "Notifications on this device": asks the browser's permission only when the person turns it on, subscribes
 * through the service worker with the server's VAPID key and registers the device; off removes it everywhere.
 */
export function ThisDeviceToggle({ devices }: { devices: PushDevice[] | undefined }) {
  const { t } = useTranslation('notifications');
  const { showToast } = useToast();
  const hintId = useId();
  const switchId = useId();
  const browser = useQuery({ queryKey: BROWSER_PUSH_QUERY_KEY, queryFn: browserState, staleTime: Infinity });
  const state: BrowserState = browser.data?.state ?? 'checking';
  const subscribed = browser.data?.subscribed ?? false;
  const [busy, setBusy] = useState(false);
  const subscribe = useSubscribeDevice();
  const remove = useRemoveDevice();

  const refresh = () => browser.refetch();

  const ownId = thisDeviceId();
  const on = subscribed && ownId !== null && (devices ?? []).some((device) => device.id === ownId);

  async function turnOn() {
    const publicKey = await getPushPublicKey();
    const outcome = await subscribeThisBrowser(publicKey);
    if (outcome.kind === 'denied') {
      showToast(t('device.denied'), 'error');
      return;
    }
    if (outcome.kind === 'unavailable') return;
    const { endpoint, expirationTime, keys } = outcome.subscription;
    const device = await subscribe.mutateAsync({
      endpoint: endpoint ?? '',
      expirationTime: expirationTime ?? null,
      keys: { p256dh: keys?.p256dh ?? '', auth: keys?.auth ?? '' },
      language: currentLanguage(),
    });
    rememberThisDevice(device.id);
    showToast(t('device.turnedOn'), 'success');
  }

  async function turnOff() {
    if (ownId) {
      await remove.mutateAsync(ownId).catch((error: unknown) => {
        // Already removed (from another device's list, or by the push service): nothing left to do here.
        if (!(error instanceof ApiError && error.statusCode === 404)) throw error;
      });
    }
    await unsubscribeThisBrowser();
    rememberThisDevice(null);
    showToast(t('device.turnedOff'), 'success');
  }

  async function toggle(next: boolean) {
    setBusy(true);
    try {
      await (next ? turnOn() : turnOff());
    } catch (error) {
      showToast(
        error instanceof ApiError && error.statusCode === 503 ? t('device.serverOff') : t('device.failed'),
        'error',
      );
    } finally {
      await refresh();
      setBusy(false);
    }
  }

  if (state === 'checking') return null;
  if (state !== 'ready') {
    return (
      <p role="status" className="mt-4 rounded-lg bg-slate-50 p-3 text-sm text-slate-700">
        {state === 'blocked' ? t('device.blocked') : t('device.notAvailable')}
      </p>
    );
  }
  return (
    <div className="mt-4 flex items-start gap-3">
      <input
        id={switchId}
        type="checkbox"
        role="switch"
        className="mt-1 size-4 shrink-0 rounded border-slate-400 accent-indigo-600"
        checked={on}
        disabled={busy || devices === undefined}
        aria-describedby={hintId}
        onChange={(event) => void toggle(event.target.checked)}
      />
      <div>
        <label htmlFor={switchId} className="font-medium text-slate-900">
          {t('device.toggle')}
        </label>
        <p id={hintId} className="mt-1 text-sm text-slate-600">
          {t('device.hint')}
        </p>
      </div>
    </div>
  );
}
