import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createElement } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatworkWebhookState } from '../../../../contract/live.ts';
import type { PlatformConnection } from '../../../../contract/messages.ts';
import { changeLanguage } from '../../../lib/i18n.ts';
import { accessTokenStore } from '../../../lib/token-storage.ts';
import { apiError, fakeAccessToken, json, stubApi } from '../../../test/fake-api.ts';
import { renderRouter } from '../../../test/render-router.ts';
import { ConnectionsPanel } from './ConnectionsPanel.tsx';

const chatworkAccount: PlatformConnection = {
  id: 'cw-1',
  platform: 'chatwork',
  platform_user_id: '1001',
  platform_user_name: 'Aiko',
  platform_workspace_id: null,
  platform_workspace_name: 'Northwind',
  platform_user_email: null,
  platform_avatar_url: null,
  created_at: '2026-11-01T00:00:00.000Z',
  last_success_at: null,
  status: 'active',
  is_sample: false,
};
const webhookPath = '/api/chatwork/connections/cw-1/webhook';
const TOKEN = 'c2VjcmV0LWtleS1vZi1hLXdlYmhvb2s=';

function webhookState(configured: boolean): ChatworkWebhookState {
  return {
    webhook_url: 'https://matome.example/api/chatwork/webhook/cw-1',
    settings_url: 'https://www.chatwork.com/service/packages/chatwork/subpackages/webhook/list.php',
    configured,
    configured_at: configured ? '2026-11-20T09:30:00.000Z' : null,
  };
}

const overview = () =>
  json(200, {
    plan: 'free',
    limit: 2,
    used: 1,
    sample: 0,
    providers: { slack: { configured: true }, chatwork: { configured: true } },
  });

async function openLiveUpdates(connections: PlatformConnection[] = [chatworkAccount]) {
  renderRouter(
    [
      {
        path: '/dashboard',
        element: createElement(ConnectionsPanel, {
          connections,
          restricted: false,
          allowed: () => true,
          refreshAccount: () => Promise.reject(new Error('not used here')),
          collapsible: false,
        }),
      },
    ],
    '/dashboard',
  );
}

beforeEach(() => {
  accessTokenStore.set(fakeAccessToken(3600));
});

describe('ChatWork live updates', () => {
  it('guides through creating the webhook, copies its URL, and saves then removes the token', async () => {
    let configured = false;
    const sent: unknown[] = [];
    stubApi({
      'GET /api/connections/overview': overview,
      [`GET ${webhookPath}`]: () => json(200, webhookState(configured)),
      [`PUT ${webhookPath}`]: (init) => {
        sent.push(JSON.parse(String(init?.body)));
        configured = true;
        return new Response(null, { status: 204 });
      },
      [`DELETE ${webhookPath}`]: () => {
        configured = false;
        return new Response(null, { status: 204 });
      },
    });
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    await openLiveUpdates();

    const action = screen.getByRole('button', {
      name: 'Set up live updates for Aiko @ Northwind (ChatWork)',
    });
    await user.click(action);
    const dialog = await screen.findByRole('dialog', { name: 'Live updates for Aiko @ Northwind' });
    expect(await within(dialog).findByText(/Live updates are off/)).toBeVisible();
    const steps = within(dialog).getAllByRole('listitem');
    expect(steps).toHaveLength(5);
    expect(steps[3]).toHaveTextContent('“Account event”');
    expect(steps[3]).toHaveTextContent('“Mention to me” (mention_to_me)');
    expect(within(dialog).getByRole('link', { name: /Open ChatWork’s webhook settings/ })).toHaveAttribute(
      'href',
      'https://www.chatwork.com/service/packages/chatwork/subpackages/webhook/list.php',
    );
    expect(within(dialog).getByLabelText('Webhook URL for this account')).toHaveValue(
      'https://matome.example/api/chatwork/webhook/cw-1',
    );

    await user.click(within(dialog).getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith('https://matome.example/api/chatwork/webhook/cw-1');
    expect(within(dialog).getByText('Copied to the clipboard.')).toBeVisible();

    await user.type(within(dialog).getByLabelText('Webhook token'), ` ${TOKEN} `);
    await user.click(within(dialog).getByRole('button', { name: 'Save token' }));
    expect(await within(dialog).findByText(/Token saved/)).toBeVisible();
    expect(sent).toEqual([{ token: TOKEN }]);
    expect(await within(dialog).findByText(/Live updates are on/)).toBeVisible();
    expect(within(dialog).getByLabelText('New webhook token (replaces the saved one)')).toHaveValue('');

    await user.click(within(dialog).getByRole('button', { name: 'Remove token' }));
    expect(await within(dialog).findByText(/Token removed/)).toBeVisible();
    expect(await within(dialog).findByText(/Live updates are off/)).toBeVisible();
    expect(within(dialog).queryByRole('button', { name: 'Remove token' })).not.toBeInTheDocument();

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(action).toHaveFocus();
  });

  it('says what is wrong with a refused token, in Japanese, and keeps what was typed', async () => {
    await changeLanguage('jp');
    stubApi({
      'GET /api/connections/overview': overview,
      [`GET ${webhookPath}`]: () => json(200, webhookState(false)),
      [`PUT ${webhookPath}`]: () => apiError(400, 'Bad Request', 'body/token must be the webhook token'),
    });
    const user = userEvent.setup();
    await openLiveUpdates();

    await user.click(
      screen.getByRole('button', { name: 'Aiko @ Northwind（ChatWork）のリアルタイム更新を設定' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Aiko @ Northwind のリアルタイム更新' });
    expect(await within(dialog).findByText(/リアルタイム更新は無効です/)).toBeVisible();
    expect(within(dialog).getAllByRole('listitem')[3]).toHaveTextContent('「自分へのメンション」');
    const field = within(dialog).getByLabelText('Webhook トークン');
    await user.type(field, 'not a token');
    await user.click(within(dialog).getByRole('button', { name: 'トークンを保存' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'ChatWork の Webhook トークンではないようです。',
    );
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveValue('not a token');
  });

  it('offers live updates only for real ChatWork accounts, and a retry when the settings cannot load', async () => {
    let fail = true;
    stubApi({
      'GET /api/connections/overview': overview,
      [`GET ${webhookPath}`]: () =>
        fail ? apiError(500, 'Internal Server Error', 'boom') : json(200, webhookState(true)),
    });
    const user = userEvent.setup();
    await openLiveUpdates([
      chatworkAccount,
      { ...chatworkAccount, id: 'cw-sample', platform_user_name: 'Sample', is_sample: true },
      { ...chatworkAccount, id: 'sl-1', platform: 'slack', platform_user_name: 'Kenji' },
    ]);
    expect(screen.getAllByRole('button', { name: /live updates/ })).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: /live updates for Aiko/ }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Could not load this account’s webhook settings.',
    );
    fail = false;
    await user.click(within(dialog).getByRole('button', { name: 'Try again' }));
    expect(
      await within(dialog).findByText(/Live updates are on: a webhook token was saved on/),
    ).toBeVisible();
  });

  it('selects the URL for copying by hand where the clipboard is refused', async () => {
    stubApi({
      'GET /api/connections/overview': overview,
      [`GET ${webhookPath}`]: () => json(200, webhookState(false)),
    });
    const user = userEvent.setup();
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(
      new DOMException('denied', 'NotAllowedError'),
    );
    await openLiveUpdates();

    await user.click(screen.getByRole('button', { name: /live updates for Aiko/ }));
    const dialog = await screen.findByRole('dialog');
    const field = await within(dialog).findByLabelText<HTMLInputElement>('Webhook URL for this account');
    await user.click(within(dialog).getByRole('button', { name: 'Copy' }));

    expect(within(dialog).getByText(/Copying is not allowed here; the address is selected/)).toBeVisible();
    expect(field.selectionStart).toBe(0);
    expect(field.selectionEnd).toBe(field.value.length);
  });
});
