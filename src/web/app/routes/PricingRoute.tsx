import { useQuery } from '@tanstack/react-query';
import { meQueryOptions } from '../../features/auth/api/get-me.ts';
import { useAuth } from '../../features/auth/hooks/use-auth.ts';
import { PricingPage } from '../../features/billing/components/PricingPage.tsx';

/** The pricing page with the signed-in user's plan, read fresh (a plan change moves it). */
export function PricingRoute() {
  const { status, user } = useAuth();
  const signedIn = status === 'authenticated';
  const me = useQuery({ ...meQueryOptions(), enabled: signedIn });
  return <PricingPage signedIn={signedIn} planType={me.data?.planType ?? user?.planType} />;
}
