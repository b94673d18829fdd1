import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Cable, ChevronDown, CircleHelp, LoaderCircle, Settings } from 'lucide-react';
import { lazy, Suspense, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  platforms,
  type MessageResultByPlatform,
  type Platform,
  type PlatformConnection,
  type SlackUnavailable,
} from '../../../../contract/messages.ts';
import { Banner, type BannerTone } from '../../../components/ui/Banner.tsx';
import { Button } from '../../../components/ui/Button.tsx';
import { useToast } from '../../../components/ui/use-toast.ts';
import { colorOf, connectionColors } from '../../../lib/connection-color.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { toBcp47 } from '../../../lib/language.ts';
import { reusedGathering } from '../../../lib/reused-gathering.ts';
import { useConnectPlatform } from '../api/connect-platform.ts';
import { connectionsOverviewQueryOptions } from '../api/get-connections-overview.ts';
import { useDisconnectConnection } from '../api/disconnect-connection.ts';
import { ConnectionItem } from './ConnectionItem.tsx';
import { DisconnectDialog } from './DisconnectDialog.tsx';
import { PlanUsage } from './PlanUsage.tsx';
import { SetupGuideDialog } from './SetupGuideDialog.tsx';

/** Loaded when first opened: most visits never set up a webhook. */
const ChatworkLiveUpdatesDialog = lazy(async () => ({
  default: (await import('./ChatworkLiveUpdatesDialog.tsx')).ChatworkLiveUpdatesDialog,
}));

export type ConnectionAction = 'connect' | 'disconnect' | 'refresh';

/** A connection as the panel shows it: with what its latest gathering could not search for (Slack). */
export type ShownConnection = PlatformConnection & { unavailable?: readonly SlackUnavailable[] };

interface ConnectionsPanelProps {
  connections: readonly ShownConnection[];
  /**
   * A demo account or test mode: the lists hold sample connections, and `allowed` rather than the plan limit says
   * why connecting is off, so the buttons stay pressable to tell the user.
   */
  restricted: boolean;
  /** False, after telling the user why, when the account may not do this (demo accounts, test mode). */
  allowed(action: ConnectionAction): boolean;
  /** Gathers one account's messages afresh into the timeline and returns what the server answered. */
  refreshAccount(connection: PlatformConnection): Promise<MessageResultByPlatform[Platform]>;
  /** False: always open with a plain heading, where the panel is the point (an empty dashboard, a phone's sheet). */
  collapsible?: boolean;
}

/**
 * The user's Slack workspaces and ChatWork accounts (SPEC §2): plan and usage, connect buttons, each connection with
 * refresh, disconnect and reconnect, and the setup guide. Starts collapsed unless it is not collapsible.
 */
export function ConnectionsPanel({
  connections,
  restricted,
  allowed,
  refreshAccount,
  collapsible = true,
}: ConnectionsPanelProps) {
  const { t } = useTranslation(['connections', 'dashboard']);
  const { showToast } = useToast();
  const queryClient = useQueryClient();
  const overview = useQuery(connectionsOverviewQueryOptions());
  const connect = useConnectPlatform();
  const disconnect = useDisconnectConnection();
  const [expanded, setExpanded] = useState(false);
  const open = expanded || !collapsible;
  const [banner, setBanner] = useState<{ tone: BannerTone; text: ReactNode } | null>(null);
  const [refreshing, setRefreshing] = useState<ReadonlySet<string>>(() => new Set());
  const [toDisconnect, setToDisconnect] = useState<PlatformConnection | null>(null);
  const [guideOpen, setGuideOpen] = useState(false);
  const [liveUpdatesOf, setLiveUpdatesOf] = useState<PlatformConnection | null>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  /** Where focus goes when the disconnect dialog closes; null returns it to the button that opened the dialog. */
  const afterDisconnectFocusRef = useRef<HTMLElement | null>(null);
  const bodyId = useId();
  const dateFormat = new Intl.DateTimeFormat(toBcp47(currentLanguage()), {
    dateStyle: 'medium',
    timeStyle: 'short',
  });

  const colors = connectionColors(connections);
  /** A server with neither provider's credentials says so once, with the way to try connecting anyway. */
  const noneConfigured =
    overview.data !== undefined &&
    platforms.every((platform) => !overview.data.providers[platform].configured);
  const atLimit = !restricted && overview.data !== undefined && overview.data.used >= overview.data.limit;
  const redirecting = connect.isPending || connect.isSuccess;
  const nameOf = (connection: PlatformConnection) =>
    t('account.name', {
      account: connection.platform_user_name ?? t('dashboard:connections.unknownAccount'),
      workspace: connection.platform_workspace_name ?? t('dashboard:connections.noWorkspace'),
    });

  const startConnect = (platform: Platform) => {
    if (!allowed('connect')) return;
    connect.mutate(platform, {
      onError: (error) => showToast(t(`connect.failed.${platform}`, { reason: error.message }), 'error'),
    });
  };

  const refresh = async (connection: PlatformConnection) => {
    if (!allowed('refresh')) return;
    const name = nameOf(connection);
    const failed = (reason: string) =>
      setBanner({ tone: 'error', text: t(`refresh.failed.${connection.platform}`, { name, reason }) });
    setRefreshing((current) => new Set(current).add(connection.id));
    try {
      const result = await refreshAccount(connection);
      const account = result.accounts.find((stats) => stats.connection_id === connection.id);
      const reused = account && reusedGathering(result.fetched_at, account);
      if (account?.status === 'error')
        failed(account.error?.message || t('dashboard:connectionResult.unknown'));
      else if (reused)
        setBanner({
          tone: 'success',
          text: t('refresh.reused', { name, age: reused.ageSeconds, next: reused.nextInSeconds }),
        });
      else setBanner({ tone: 'success', text: t('refresh.done', { name, count: result.messages.length }) });
    } catch (error) {
      failed(error instanceof Error ? error.message : String(error));
    } finally {
      setRefreshing((current) => {
        const next = new Set(current);
        next.delete(connection.id);
        return next;
      });
      // The connection's last-fetch time and status have changed.
      void queryClient.invalidateQueries({ queryKey: ['connections'] });
    }
  };

  const askToDisconnect = (connection: PlatformConnection) => {
    if (!allowed('disconnect')) return;
    afterDisconnectFocusRef.current = null;
    setToDisconnect(connection);
  };

  const confirmDisconnect = () => {
    if (!toDisconnect) return;
    const connection = toDisconnect;
    const name = nameOf(connection);
    disconnect.mutate(connection, {
      onSuccess: () => {
        afterDisconnectFocusRef.current = toggleRef.current;
        setBanner({ tone: 'success', text: t(`disconnect.done.${connection.platform}`, { name }) });
      },
      onError: (error) =>
        setBanner({
          tone: 'error',
          text: t(`disconnect.failed.${connection.platform}`, { reason: error.message }),
        }),
      onSettled: () => setToDisconnect(null),
    });
  };

  return (
    <section
      aria-labelledby={`${bodyId}-heading`}
      className="rounded-xl border border-slate-200 bg-white shadow-sm"
    >
      {collapsible ? (
        <h2 id={`${bodyId}-heading`}>
          <button
            ref={toggleRef}
            type="button"
            aria-expanded={open}
            aria-controls={bodyId}
            onClick={() => setExpanded((value) => !value)}
            className="flex w-full items-center gap-2 rounded-xl p-5 text-left text-base font-semibold text-slate-900 hover:bg-slate-50"
          >
            <Cable aria-hidden="true" className="size-5 text-indigo-600" />
            <span className="flex-1">{t('dashboard:connections.heading')}</span>
            <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">
              {connections.length}
            </span>
            <ChevronDown
              aria-hidden="true"
              className={`size-4 text-slate-500 transition-transform ${open ? 'rotate-180' : ''}`}
            />
          </button>
        </h2>
      ) : (
        <h2
          id={`${bodyId}-heading`}
          className="flex items-center gap-2 p-5 text-base font-semibold text-slate-900"
        >
          <Cable aria-hidden="true" className="size-5 text-indigo-600" />
          {t('dashboard:connections.heading')}
        </h2>
      )}
      <div id={bodyId} hidden={!open} className="space-y-5 px-5 pb-5">
        {banner && (
          <Banner tone={banner.tone} onDismiss={() => setBanner(null)}>
            {banner.text}
          </Banner>
        )}

        {overview.data && <PlanUsage overview={overview.data} limitReached={atLimit} />}
        {overview.isError && <p className="text-sm text-slate-600">{t('plan.loadFailed')}</p>}

        <div className="space-y-3">
          {platforms.map((platform) => {
            const platformName = t(`dashboard:connections.platforms.${platform}`);
            const configured = overview.data?.providers[platform].configured ?? true;
            const busy = redirecting && connect.variables === platform;
            return (
              <div key={platform} className="space-y-1">
                <Button
                  variant="secondary"
                  className="w-full"
                  onClick={() => startConnect(platform)}
                  disabled={!configured || atLimit || redirecting}
                >
                  {busy && (
                    <LoaderCircle
                      aria-hidden="true"
                      className="size-4 animate-spin motion-reduce:animate-none"
                    />
                  )}
                  {busy
                    ? t('connect.redirecting', { platform: platformName })
                    : t(`connect.button.${platform}`)}
                </Button>
                {!configured && !noneConfigured && (
                  <div className="flex gap-2 rounded-md bg-slate-50 p-2 text-xs text-slate-700">
                    <Settings aria-hidden="true" className="mt-0.5 size-3.5 shrink-0" />
                    <p>
                      <span className="font-semibold">
                        {t('connect.notConfigured', { platform: platformName })}
                      </span>{' '}
                      {t('connect.notConfiguredHint', { platform: platformName })}
                    </p>
                  </div>
                )}
              </div>
            );
          })}
        </div>

        {noneConfigured && (
          <p role="note" className="rounded-lg bg-slate-100 p-3 text-sm text-slate-800">
            {t('connect.noneConfigured')}
          </p>
        )}

        {connections.length === 0 ? (
          <p className="text-sm text-slate-600">{t('dashboard:connections.body')}</p>
        ) : (
          platforms.map((platform) => {
            const ofPlatform = connections.filter((connection) => connection.platform === platform);
            if (ofPlatform.length === 0) return null;
            return (
              <div key={platform}>
                <h3 id={`${bodyId}-${platform}`} className="text-sm font-semibold text-slate-800">
                  {t(`dashboard:connections.platforms.${platform}`)}
                </h3>
                <ul aria-labelledby={`${bodyId}-${platform}`} className="mt-2 space-y-2">
                  {ofPlatform.map((connection) => (
                    <ConnectionItem
                      key={connection.id}
                      connection={connection}
                      color={colorOf(colors, connection.id)}
                      name={nameOf(connection)}
                      lastFetched={
                        connection.last_success_at
                          ? t('dashboard:connections.lastFetched', {
                              time: dateFormat.format(new Date(connection.last_success_at)),
                            })
                          : t('dashboard:connections.neverFetched')
                      }
                      refreshing={refreshing.has(connection.id)}
                      reconnectDisabled={redirecting}
                      onRefresh={() => void refresh(connection)}
                      onDisconnect={() => askToDisconnect(connection)}
                      onReconnect={() => startConnect(connection.platform)}
                      onLiveUpdates={
                        // Sample connections have no ChatWork account behind them to create a webhook in.
                        connection.platform === 'chatwork' && !connection.is_sample
                          ? () => setLiveUpdatesOf(connection)
                          : undefined
                      }
                    />
                  ))}
                </ul>
              </div>
            );
          })
        )}

        <Button variant="ghost" size="sm" onClick={() => setGuideOpen(true)}>
          <CircleHelp aria-hidden="true" className="size-4" />
          {t('guide.open')}
        </Button>
      </div>

      <DisconnectDialog
        connection={toDisconnect}
        name={toDisconnect ? nameOf(toDisconnect) : ''}
        pending={disconnect.isPending}
        onConfirm={confirmDisconnect}
        onClose={() => setToDisconnect(null)}
        returnFocusRef={afterDisconnectFocusRef}
      />
      {liveUpdatesOf && (
        <Suspense fallback={null}>
          <ChatworkLiveUpdatesDialog
            connection={liveUpdatesOf}
            name={nameOf(liveUpdatesOf)}
            onClose={() => setLiveUpdatesOf(null)}
          />
        </Suspense>
      )}
      <SetupGuideDialog open={guideOpen} onClose={() => setGuideOpen(false)} />
    </section>
  );
}
