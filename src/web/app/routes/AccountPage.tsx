import { useQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { accountInfoQueryOptions, accountStatsQueryOptions } from '../../features/account/api/account.ts';
import { ConnectedAccountsCard } from '../../features/account/components/ConnectedAccountsCard.tsx';
import { DeleteAccountSection } from '../../features/account/components/DeleteAccountSection.tsx';
import { platformNames } from '../../../contract/messages.ts';
import { reauthenticationCodeOf } from '../../lib/reauthentication.ts';
import { ProfileCard } from '../../features/account/components/ProfileCard.tsx';
import { UsageStatsCard } from '../../features/account/components/UsageStatsCard.tsx';
import { ChangePasswordCard } from '../../features/auth/components/ChangePasswordCard.tsx';
import { SessionsCard } from '../../features/auth/components/SessionsCard.tsx';
import { useAuth } from '../../features/auth/hooks/use-auth.ts';
import { DigestSettingsCard } from '../../features/digest/components/DigestSettingsCard.tsx';
import { SubscriptionCard } from '../../features/billing/components/SubscriptionCard.tsx';
import { ReplySettingsCard } from '../../features/messages/components/ReplySettingsCard.tsx';
import { NotificationsCard } from '../../features/notifications/components/NotificationsCard.tsx';
import { KeepInboxCard } from '../../features/offline/components/KeepInboxCard.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

/** The account page (SPEC §2): profile, security, connections, subscription, figures and the danger zone. */
export function AccountPage() {
  const { t } = useTranslation('account');
  useDocumentTitle(t('title'));
  const { user, endSession } = useAuth();
  const info = useQuery(accountInfoQueryOptions());
  const stats = useQuery(accountStatsQueryOptions());
  const current = info.data?.user ?? user;
  const subscriptionCard = useRef<HTMLElement>(null);
  const location = useLocation();
  const navigate = useNavigate();
  const reauthenticationCode = reauthenticationCodeOf(location.state);

  // SPEC §8: the refused deletion brings the subscription card into view (the dialog gives it the focus).
  const showSubscription = () =>
    subscriptionCard.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });

  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{t('title')}</h1>
      {info.isError && (
        <div role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
          <p>{t('loadFailed')}</p>
          <Link to="/" className="mt-2 inline-block font-medium underline">
            {t('backHome')}
          </Link>
        </div>
      )}
      {info.data && <ProfileCard user={info.data.user} />}
      {current && !current.oauthProvider && !current.isDemo && <ChangePasswordCard />}
      <SessionsCard shared={current?.isDemo ?? false} />
      {info.data && <ConnectedAccountsCard info={info.data} />}
      {current && !current.isDemo && <ReplySettingsCard />}
      {current && !current.isDemo && <DigestSettingsCard />}
      {info.data && !info.data.user.isDemo && (
        <NotificationsCard
          connections={[...info.data.connections.slack, ...info.data.connections.chatwork].map(
            (connection) => ({
              id: connection.id,
              name: [
                platformNames[connection.platform],
                connection.platform_workspace_name,
                connection.platform_user_name ?? connection.platform_user_id,
              ]
                .filter(Boolean)
                .join(' · '),
            }),
          )}
        />
      )}
      <KeepInboxCard />
      <SubscriptionCard ref={subscriptionCard} planType={current?.planType} />
      {stats.data && <UsageStatsCard stats={stats.data} />}
      {stats.isError && <p className="text-sm text-red-700">{t('stats.loadFailed')}</p>}
      <DeleteAccountSection
        oauthProvider={current?.oauthProvider}
        reauthenticationCode={reauthenticationCode}
        onReauthenticationUsed={() => void navigate(location.pathname, { replace: true, state: null })}
        onActiveSubscription={showSubscription}
        subscriptionRef={subscriptionCard}
        // The login page, a screen of the app, keeps the confirmation on screen; the landing page is a new document.
        onDeleted={() => endSession({ leaveTo: '/login' })}
      />
    </div>
  );
}
