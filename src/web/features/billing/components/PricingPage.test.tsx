import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Subscription } from '../../../../contract/billing.ts';
import { changeLanguage } from '../../../lib/i18n.ts';
import { json, stubApi } from '../../../test/fake-api.ts';
import { renderRouter } from '../../../test/render-router.ts';
import { PricingPage } from './PricingPage.tsx';

function pricingRoutes(signedIn: boolean) {
  return [
    {
      path: '/pricing',
      element: <PricingPage signedIn={signedIn} planType={signedIn ? 'pro' : undefined} />,
    },
    { path: '/subscription-success', element: <p>Success page</p> },
  ];
}

const plans = {
  plans: [
    {
      name: 'pro',
      displayName: 'Pro',
      price: 4,
      features: {
        connections: 5,
        unlimited_messages: true,
        tag_management: true,
        reply_feature: true,
        google_integration: true,
        priority_support: false,
        api_access: false,
      },
    },
    {
      name: 'proplus',
      displayName: 'Pro Plus',
      price: 9.99,
      features: {
        connections: 10,
        unlimited_messages: true,
        tag_management: true,
        reply_feature: true,
        google_integration: true,
        priority_support: true,
        api_access: false,
      },
    },
  ],
};
const config = { publishableKey: 'pk_test_x', enabled: true };
const pro: Subscription = {
  status: 'active',
  cancel_at_period_end: false,
  current_period_start: '2026-11-01T00:00:00.000Z',
  current_period_end: '2026-12-01T00:00:00.000Z',
  subscription_plans: { name: 'pro', display_name: 'Pro' },
};

function card(name: string) {
  return screen.getByRole('region', { name });
}

describe('pricing page', () => {
  it('shows prices in USD, the Popular badge, and asks a signed-out visitor to log in', async () => {
    await changeLanguage('en');
    stubApi({
      'GET /api/stripe/plans': () => json(200, plans),
      'GET /api/stripe/config': () => json(200, config),
    });
    renderRouter(pricingRoutes(false), '/pricing');
    expect(await screen.findByText('$9.99')).toBeVisible();
    expect(within(card('Pro')).getByText('Popular')).toBeVisible();
    await userEvent.click(within(card('Pro')).getByRole('button', { name: 'Login Required' }));
    expect(await screen.findByText('Please login to subscribe')).toBeVisible();
  });

  it('gives a Pro subscriber the banner and SPEC §4 buttons, and changes the plan to Pro Plus', async () => {
    await changeLanguage('en');
    const changed: unknown[] = [];
    stubApi({
      'GET /api/stripe/plans': () => json(200, plans),
      'GET /api/stripe/config': () => json(200, config),
      'GET /api/stripe/subscription': () => json(200, { subscription: pro }),
      'POST /api/stripe/change-subscription-plan': (init) => {
        changed.push(JSON.parse(String(init?.body)));
        return json(200, {
          success: true,
          message: 'Plan changed',
          subscription: { ...pro, subscription_plans: { name: 'proplus', display_name: 'Pro Plus' } },
        });
      },
    });
    const router = renderRouter(pricingRoutes(true), '/pricing');
    expect(await screen.findByText('Your plan: Pro')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Manage plan' })).toBeEnabled();
    await waitFor(() =>
      expect(within(card('Pro')).getByRole('button', { name: 'Current Plan' })).toBeDisabled(),
    );
    expect(within(card('Free')).getByRole('button', { name: 'Switch to Free' })).toBeEnabled();
    await userEvent.click(within(card('Pro Plus')).getByRole('button', { name: 'Upgrade' }));
    expect(await screen.findByText('Your plan has been changed to Pro Plus')).toBeVisible();
    expect(changed).toEqual([{ planName: 'proplus' }]);
    await waitFor(() => expect(router.location.pathname).toBe('/subscription-success'));
  });

  it.each([
    [
      'en',
      'Pro',
      'Matome is in beta: signing up and the Free plan cost nothing. Pro and Pro Plus are optional paid plans for more connections.',
      'Paid plans are not offered on this server: every account here uses the Free plan, which keeps working as it is.',
      'Upgrade',
    ],
    [
      'jp',
      'プロ',
      'まとめは現在ベータ版です。登録とフリープランは無料です。プロとプロプラスは、接続数を増やしたい方向けの任意の有料プランです。',
      'このサーバーでは有料プランを提供していません。ここでのアカウントはすべてフリープランで、そのままご利用いただけます。',
      'アップグレード',
    ],
  ] as const)(
    'tells the beta story beside the prices, and on a server without Stripe disables the paid plans with the reason (%s)',
    async (language, pro, story, note, upgrade) => {
      await changeLanguage(language);
      stubApi({
        'GET /api/stripe/plans': () => json(200, plans),
        'GET /api/stripe/config': () => json(200, { publishableKey: null, enabled: false }),
        'GET /api/stripe/subscription': () => json(200, { subscription: null }),
      });
      renderRouter([{ path: '/pricing', element: <PricingPage signedIn planType="free" /> }], '/pricing');
      expect(screen.getByText(story)).toBeVisible();
      expect(await screen.findByRole('note')).toHaveTextContent(note);
      const button = within(card(pro)).getByRole('button', { name: upgrade });
      expect(button).toBeDisabled();
      expect(button).toHaveAccessibleDescription(note);
      await changeLanguage('en');
    },
  );

  it.each([
    [
      'en',
      'Pro Plus',
      'Upgrade',
      'A demo account cannot change plans. Sign up for your own account to upgrade.',
    ],
    [
      'jp',
      'プロプラス',
      'アップグレード',
      'デモアカウントではプランを変更できません。アップグレードするには、ご自身のアカウントを登録してください。',
    ],
  ] as const)('tells a demo account to sign up to upgrade (%s)', async (language, plan, upgrade, toast) => {
    await changeLanguage(language);
    stubApi({
      'GET /api/stripe/plans': () => json(200, plans),
      'GET /api/stripe/config': () => json(200, config),
      'GET /api/stripe/subscription': () => json(200, { subscription: null }),
      'POST /api/stripe/create-checkout-session': () =>
        json(403, {
          statusCode: 403,
          error: 'Forbidden',
          message: 'Demo accounts cannot subscribe to a plan.',
          code: 'DEMO_RESTRICTED',
        }),
    });
    renderRouter([{ path: '/pricing', element: <PricingPage signedIn planType="free" /> }], '/pricing');
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
    await userEvent.click(within(card(plan)).getByRole('button', { name: upgrade }));
    expect(await screen.findByText(toast)).toBeVisible();
    await changeLanguage('en');
  });

  it('says the pricing could not load (jp)', async () => {
    await changeLanguage('jp');
    stubApi({
      'GET /api/stripe/plans': () => json(500, { statusCode: 500, error: 'x', message: 'x' }),
      'GET /api/stripe/config': () => json(200, config),
    });
    renderRouter(pricingRoutes(false), '/pricing');
    expect((await screen.findAllByText('料金情報の読み込みに失敗しました')).length).toBeGreaterThan(0);
    await changeLanguage('en');
  });
});
