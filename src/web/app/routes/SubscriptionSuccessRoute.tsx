import { useAuth } from '../../features/auth/hooks/use-auth.ts';
import { SubscriptionSuccessPage } from '../../features/billing/components/SubscriptionSuccessPage.tsx';

export function SubscriptionSuccessRoute() {
  const { status } = useAuth();
  return <SubscriptionSuccessPage signedIn={status === 'authenticated'} />;
}
