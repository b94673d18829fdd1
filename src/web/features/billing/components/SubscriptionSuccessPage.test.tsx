import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Subscription } from '../../../../contract/billing.ts';
import { changeLanguage } from '../../../lib/i18n.ts';
import { json, stubApi } from '../../../test/fake-api.ts';
import { renderRouter } from '../../../test/render-router.ts';
import { SubscriptionSuccessPage } from './SubscriptionSuccessPage.tsx';

const proPlus: Subscription = {
  status: 'active',
  cancel_at_period_end: false,
  current_period_start: '2026-11-01T00:00:00.000Z',
  current_period_end: '2026-12-01T00:00:00.000Z',
  subscription_plans: { name: 'proplus', display_name: 'Pro Plus' },
};

function renderAfterPlanChange(subscription: Subscription) {
  stubApi({ 'GET /api/stripe/subscription': () => json(200, { subscription }) });
  renderRouter(
    [{ path: '/subscription-success', element: <SubscriptionSuccessPage signedIn /> }],
    '/subscription-success?plan_change=true',
  );
}

afterEach(() => changeLanguage('en'));

describe('the page after a plan change', () => {
  it('after an upgrade, says the plan was updated and suggests connecting more', async () => {
    renderAfterPlanChange(proPlus);
    expect(await screen.findByText(/Connect more Slack workspaces/)).toBeVisible();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Your plan has been updated');
  });

  it('names no outcome before the subscription has loaded', async () => {
    let answer: (response: Response) => void = () => {};
    stubApi({ 'GET /api/stripe/subscription': () => new Promise<Response>((resolve) => (answer = resolve)) });
    renderRouter(
      [{ path: '/subscription-success', element: <SubscriptionSuccessPage signedIn /> }],
      '/subscription-success?plan_change=true',
    );
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(
      'Confirming your subscription…',
    );
    answer(json(200, { subscription: { ...proPlus, cancel_at_period_end: true } }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your plan will change to Free' }),
    ).toBeVisible();
  });

  it.each([
    [
      'en',
      'Your plan will change to Free',
      'You keep Pro Plus until December 1, 2026; then your account moves to the Free plan.',
      /Connect more Slack workspaces/,
    ],
    [
      'jp',
      'フリープランへの変更を受け付けました',
      '2026年12月1日まではプロプラスをご利用いただけます。その後、アカウントはフリープランに切り替わります。',
      /追加で接続できます/,
    ],
  ] as const)(
    'after Switch to Free, says when Free begins instead of suggesting more connections (%s)',
    async (language, heading, step, connectMore) => {
      await changeLanguage(language);
      renderAfterPlanChange({ ...proPlus, cancel_at_period_end: true });
      expect(await screen.findByText(new RegExp(step.replace(/[.()]/g, '\\$&')))).toBeVisible();
      expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(heading);
      expect(screen.queryByText(connectMore)).not.toBeInTheDocument();
    },
  );
});
