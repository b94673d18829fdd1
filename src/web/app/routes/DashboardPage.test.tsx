import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { PlatformConnection } from '../../../contract/messages.ts';
import { changeLanguage } from '../../lib/i18n.ts';
import {
  chatworkConnection,
  chatworkResult,
  connected,
  fullFreePlan,
  iso,
  now,
  signedIn,
  slackResult,
  tagLinkCreated,
} from '../../test/dashboard-fixtures.ts';
import { apiError, demoUser, json, stubApi } from '../../test/fake-api.ts';
import { renderRouter } from '../../test/render-router.ts';
import { routes } from '../router.tsx';

const messageList = () => screen.findByRole('list', { name: 'Message list' });

describe('dashboard', () => {
  it('asks a user without connections to connect a chat service', async () => {
    stubApi({
      ...signedIn,
      'GET /api/chatwork/status': () => json(200, { connections: [] }),
      'GET /api/slack/status': () => json(200, { connections: [] }),
      'GET /api/connections/overview': () =>
        json(200, {
          plan: 'free',
          limit: 2,
          used: 0,
          sample: 0,
          providers: { slack: { configured: false }, chatwork: { configured: false } },
        }),
    });
    renderRouter(routes, '/dashboard');

    expect(await screen.findByText('Connect a chat service to get started')).toBeVisible();
    expect(screen.queryByRole('list', { name: 'Message list' })).not.toBeInTheDocument();
    // The connect buttons are right there, not in a folded panel, and the server's missing setup is said plainly.
    expect(await screen.findByRole('button', { name: 'Connect Slack' })).toBeVisible();
    expect(await screen.findByRole('note')).toHaveTextContent(
      /no Slack or ChatWork credentials yet.*npm run sandbox/,
    );
  });

  it('keeps one account’s messages when another fails, with a hint by status and a retry', async () => {
    let slackAnswer = () => apiError(429, 'Too Many Requests', 'Slack is rate limiting');
    const fetchMock = stubApi({
      ...connected,
      'GET /api/chatwork/messages/cw-1': () =>
        json(200, chatworkResult(['[To:1001] Please check the launch plan'])),
      'GET /api/slack/messages/sl-1': () => slackAnswer(),
      'GET /api/slack/messages/sl-1?refresh=1': () => slackAnswer(),
    });
    renderRouter(routes, '/dashboard');

    const list = await messageList();
    expect(within(list).getAllByRole('article')).toHaveLength(1);
    const failure = await screen.findByRole('alert');
    expect(failure).toHaveTextContent('Failed to fetch messages from Kenji @ Northwind');
    expect(failure).toHaveTextContent('The platform is limiting requests right now.');

    slackAnswer = () => json(200, slackResult(['<@UKENJI> the deploy is green']));
    await userEvent.click(within(failure).getByRole('button', { name: 'Retry' }));

    await waitFor(() => expect(within(list).getAllByRole('article')).toHaveLength(2));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain('/api/slack/messages/sl-1?refresh=1');
  });

  it('says so when every account on both platforms fails', async () => {
    stubApi({
      ...connected,
      'GET /api/chatwork/messages/cw-1': () => apiError(401, 'Unauthorized', 'token expired'),
      'GET /api/slack/messages/sl-1': () => apiError(503, 'Service Unavailable', 'down'),
    });
    renderRouter(routes, '/dashboard');

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Could not load messages from Slack or ChatWork',
    );
    expect(screen.getByRole('button', { name: 'Retry' })).toBeVisible();
  });

  it('refreshes from the cache within three minutes and gathers afresh after that or when forced', async () => {
    const fetchMock = stubApi({
      ...connected,
      'GET /api/chatwork/messages/cw-1': () => json(200, chatworkResult(['[To:1001] One'])),
      'GET /api/chatwork/messages/cw-1?refresh=1': () => json(200, chatworkResult(['[To:1001] One'])),
      'GET /api/slack/messages/sl-1': () => json(200, slackResult(['<@UKENJI> Two'])),
      'GET /api/slack/messages/sl-1?refresh=1': () => json(200, slackResult(['<@UKENJI> Two'])),
    });
    renderRouter(routes, '/dashboard');
    await messageList();
    const refreshUrls = () =>
      fetchMock.mock.calls
        .map(([url]) => String(url))
        .filter((url) => /^\/api\/(chatwork|slack)\/messages\//.test(url));
    const refresh = screen.getByRole('button', { name: 'Refresh' });

    window.localStorage.setItem('matome.lastRefreshAt', String(Date.now() - 60_000));
    let before = refreshUrls().length;
    await userEvent.click(refresh);
    await screen.findByText('Messages updated: 2 messages.');
    expect(refreshUrls().slice(before).sort()).toEqual([
      '/api/chatwork/messages/cw-1',
      '/api/slack/messages/sl-1',
    ]);

    window.localStorage.setItem('matome.lastRefreshAt', String(Date.now() - 4 * 60_000));
    before = refreshUrls().length;
    await userEvent.click(refresh);
    await screen.findByText('Messages gathered afresh: 2 messages.');
    expect(refreshUrls().slice(before).sort()).toEqual([
      '/api/chatwork/messages/cw-1?refresh=1',
      '/api/slack/messages/sl-1?refresh=1',
    ]);

    before = refreshUrls().length;
    await userEvent.pointer({ keys: '[MouseRight]', target: refresh });
    await waitFor(() => expect(refreshUrls().length - before).toBe(2));
    expect(
      refreshUrls()
        .slice(before)
        .every((url) => url.endsWith('?refresh=1')),
    ).toBe(true);
  });

  it('tells a demo user that refreshing is not available and asks the server nothing', async () => {
    const fetchMock = stubApi({
      ...connected,
      'GET /api/auth/me': () => json(200, { user: demoUser }),
      'GET /api/chatwork/messages/cw-1': () => json(200, chatworkResult(['[To:1001] One'])),
      'GET /api/slack/messages/sl-1': () => json(200, slackResult(['<@UKENJI> Two'])),
    });
    renderRouter(routes, '/dashboard');
    await messageList();
    const calls = fetchMock.mock.calls.length;

    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));

    expect(await screen.findByText(/This is a demo account, so this action is not available/)).toBeVisible();
    expect(fetchMock.mock.calls.length).toBe(calls);
  });

  it('shows the result of a platform connection flow once and clears it from the address', async () => {
    stubApi({
      ...connected,
      'GET /api/chatwork/messages/cw-1': () => json(200, chatworkResult(['[To:1001] One'])),
      'GET /api/slack/messages/sl-1': () => json(200, slackResult(['<@UKENJI> Two'])),
    });
    const router = renderRouter(routes, '/dashboard?slack=connected&workspace=Northwind&t=1');

    expect(await screen.findByText('Slack connected: Northwind.')).toBeVisible();
    await waitFor(() => expect(router.location.search).toBe(''));
  });

  it('opens the onboarding for t=1 and takes the flag off the address (SPEC §2); skipping completes it', async () => {
    const updates: unknown[] = [];
    stubApi({
      ...connected,
      'GET /api/chatwork/messages/cw-1': () => json(200, chatworkResult(['[To:1001] One'])),
      'GET /api/slack/messages/sl-1': () => json(200, slackResult(['<@UKENJI> Two'])),
      'PUT /api/auth/onboarding': (init) => {
        updates.push(JSON.parse(String(init?.body)));
        return json(200, { onboardingCompleted: true, onboardingStep: 4, isFirstLogin: false });
      },
    });
    const router = renderRouter(routes, '/dashboard?t=1');

    const dialog = await screen.findByRole('dialog', { name: 'Welcome to Matome' });
    await waitFor(() => expect(router.location.search).toBe(''));
    expect(within(dialog).getByText('Step 1 of 4')).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Skip the guide' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(updates).toEqual([{ onboardingCompleted: true }]);
    await messageList();
  });

  it('opens the onboarding by itself on a first login and needs all four tutorial actions', async () => {
    stubApi({
      ...connected,
      'GET /api/auth/onboarding/status': () =>
        json(200, { onboardingCompleted: false, onboardingStep: 0, isFirstLogin: true }),
      'PUT /api/auth/onboarding': (init) =>
        json(200, { onboardingCompleted: false, isFirstLogin: true, ...JSON.parse(String(init?.body)) }),
      'GET /api/chatwork/messages/cw-1': () => json(200, chatworkResult(['[To:1001] One'])),
      'GET /api/slack/messages/sl-1': () => json(200, slackResult(['<@UKENJI> Two'])),
    });
    renderRouter(routes, '/dashboard');

    const dialog = await screen.findByRole('dialog', { name: 'Welcome to Matome' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Next' }));
    const tutorial = await screen.findByRole('dialog', { name: 'Try it on sample messages' });
    const next = within(tutorial).getByRole('button', { name: 'Next' });
    expect(next).toBeDisabled();
    await userEvent.click(within(tutorial).getAllByRole('button', { name: 'Tag as Important' })[0]!);
    await userEvent.click(within(tutorial).getAllByRole('button', { name: 'Create task' })[0]!);
    await userEvent.click(within(tutorial).getAllByRole('button', { name: 'Hide' })[1]!);
    expect(next).toBeDisabled();
    await userEvent.click(
      within(tutorial).getByRole('button', { name: 'Show only messages tagged Important' }),
    );
    expect(next).toBeEnabled();
    await userEvent.click(next);

    const connect = await screen.findByRole('dialog', { name: 'Connect Slack or ChatWork' });
    expect(within(connect).getByText(/2 accounts connected/)).toBeVisible();
    await userEvent.click(within(connect).getByRole('button', { name: 'Next' }));
    const done = await screen.findByRole('dialog', { name: 'You are all set' });
    expect(await within(done).findByText('2 mentions found')).toBeVisible();
  });

  it('lets a test-mode user switch to sample data, then blocks the actions test mode turns off', async () => {
    let testMode = { available: true, enabled: false, language: 'en' };
    let connections: PlatformConnection[] = [];
    const fetchMock = stubApi({
      ...signedIn,
      'GET /api/test-mode': () => json(200, testMode),
      'PUT /api/test-mode': (init) => {
        testMode = { ...testMode, ...JSON.parse(String(init?.body)) };
        connections = [chatworkConnection];
        return json(200, testMode);
      },
      'GET /api/chatwork/status': () => json(200, { connections }),
      'GET /api/slack/status': () => json(200, { connections: [] }),
      'GET /api/chatwork/messages/cw-1': () => json(200, chatworkResult(['[To:1001] Sample message'])),
    });
    renderRouter(routes, '/dashboard');
    expect(await screen.findByText('Connect a chat service to get started')).toBeVisible();

    await userEvent.click(await screen.findByRole('checkbox', { name: 'Use sample data' }));

    const list = await messageList();
    const put = fetchMock.mock.calls.find(
      ([url, init]) => String(url) === '/api/test-mode' && init?.method === 'PUT',
    );
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({ enabled: true, language: 'en' });
    await userEvent.click(within(list).getByRole('button', { name: 'Reply to Aiko Tanaka' }));
    expect(
      await screen.findByText(/Test mode shows sample data, so this action is turned off/),
    ).toBeVisible();
  });
});

describe('dashboard connections panel', () => {
  const overview = fullFreePlan;
  const openPanel = () => userEvent.click(screen.getByRole('button', { name: /^Connections/ }));

  it('shows the time of the gathering the timeline just made, not the older one the status list was read with', async () => {
    stubApi({
      ...connected,
      ...overview,
      'GET /api/chatwork/status': () =>
        json(200, { connections: [{ ...chatworkConnection, last_success_at: null }] }),
      'GET /api/slack/status': () => json(200, { connections: [] }),
      'GET /api/chatwork/messages/cw-1': () => json(200, chatworkResult(['[To:1001] One'])),
    });
    renderRouter(routes, '/dashboard');
    await messageList();
    await openPanel();

    expect(await screen.findByText(/^Last fetched /)).toBeVisible();
    expect(screen.queryByText('Not fetched yet')).not.toBeInTheDocument();
  });

  it('refreshes one account: busy while gathering, then the count in a banner and the messages in the list', async () => {
    let answer: (response: Response) => void = () => undefined;
    const fetchMock = stubApi({
      ...connected,
      ...overview,
      'GET /api/chatwork/messages/cw-1': () => json(200, chatworkResult(['[To:1001] One'])),
      'GET /api/slack/messages/sl-1': () => json(200, slackResult(['<@UKENJI> Two'])),
      'GET /api/slack/messages/sl-1?refresh=1': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    renderRouter(routes, '/dashboard');
    const list = await messageList();
    await openPanel();

    await userEvent.click(
      screen.getByRole('button', { name: 'Refresh messages from Kenji @ Northwind (Slack)' }),
    );
    expect(await screen.findByText('Refreshing…')).toBeVisible();
    expect(
      screen.getByRole('button', { name: 'Refresh messages from Kenji @ Northwind (Slack)' }),
    ).toBeDisabled();
    answer(json(200, slackResult(['<@UKENJI> Two', '<@UKENJI> Three'])));

    expect(await screen.findByText('Messages refreshed for Kenji @ Northwind: 2 messages.')).toBeVisible();
    await waitFor(() => expect(within(list).getAllByRole('article')).toHaveLength(3));
    const urls = fetchMock.mock.calls.map(([url]) => String(url));
    expect(urls).not.toContain('/api/chatwork/messages/cw-1?refresh=1');
    // The panel reloads the lists afterwards for the new last-fetch time.
    expect(urls.filter((url) => url === '/api/slack/status').length).toBeGreaterThan(1);
  });

  it('shows SPEC’s refresh error when the account fails, in Japanese', async () => {
    await changeLanguage('jp');
    stubApi({
      ...connected,
      ...overview,
      'GET /api/chatwork/messages/cw-1': () => json(200, chatworkResult(['[To:1001] One'])),
      'GET /api/chatwork/messages/cw-1?refresh=1': () =>
        apiError(429, 'Too Many Requests', 'ChatWork is rate limiting'),
      'GET /api/slack/messages/sl-1': () => json(200, slackResult(['<@UKENJI> Two'])),
    });
    renderRouter(routes, '/dashboard');
    await screen.findByRole('list', { name: 'メッセージ一覧' });
    await userEvent.click(screen.getByRole('button', { name: /^接続/ }));

    await userEvent.click(screen.getByRole('button', { name: 'Kenji @ Acme（ChatWork）のメッセージを更新' }));

    expect(
      await screen.findByText(
        'Kenji @ AcmeのChatWorkメッセージ更新に失敗しました: ChatWork is rate limiting',
      ),
    ).toBeVisible();
  });

  it('shows a demo user the restricted-function notice instead of connecting, refreshing or disconnecting', async () => {
    const fetchMock = stubApi({
      ...connected,
      'GET /api/auth/me': () => json(200, { user: demoUser }),
      'GET /api/connections/overview': () =>
        json(200, {
          plan: 'free',
          limit: 2,
          used: 0,
          sample: 4,
          providers: { slack: { configured: true }, chatwork: { configured: true } },
        }),
      'GET /api/chatwork/messages/cw-1': () => json(200, chatworkResult(['[To:1001] One'])),
      'GET /api/slack/messages/sl-1': () => json(200, slackResult(['<@UKENJI> Two'])),
    });
    renderRouter(routes, '/dashboard');
    await messageList();
    await openPanel();
    await screen.findByRole('progressbar');
    const calls = fetchMock.mock.calls.length;

    for (const name of [
      'Connect Slack',
      'Refresh messages from Kenji @ Acme (ChatWork)',
      'Disconnect Kenji @ Acme (ChatWork)',
    ]) {
      await userEvent.click(screen.getByRole('button', { name }));
    }

    expect(
      await screen.findAllByText(/This is a demo account, so this action is not available/),
    ).toHaveLength(3);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.length).toBe(calls);
  });

  it('keeps a test-mode user from connecting or disconnecting, but refreshes a sample account', async () => {
    const fetchMock = stubApi({
      ...connected,
      ...overview,
      'GET /api/test-mode': () => json(200, { available: true, enabled: true, language: 'en' }),
      'GET /api/chatwork/messages/cw-1': () => json(200, chatworkResult(['[To:1001] One'])),
      'GET /api/slack/messages/sl-1': () => json(200, slackResult(['<@UKENJI> Two'])),
      'GET /api/chatwork/messages/cw-1?refresh=1': () => json(200, chatworkResult(['[To:1001] One'])),
    });
    renderRouter(routes, '/dashboard');
    await messageList();
    await openPanel();

    await userEvent.click(screen.getByRole('button', { name: 'Disconnect Kenji @ Acme (ChatWork)' }));
    expect(
      await screen.findByText(/Test mode shows sample data, so this action is turned off/),
    ).toBeVisible();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await userEvent.click(
      screen.getByRole('button', { name: 'Refresh messages from Kenji @ Acme (ChatWork)' }),
    );
    expect(await screen.findByText('Messages refreshed for Kenji @ Acme: 1 message.')).toBeVisible();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);
  });
});

describe('check and hide', () => {
  const bodies = Array.from({ length: 21 }, (_, index) => `Task number ${index + 1}`);
  const idOf = (index: number) => String(9_000_000_000_000_000_000n + BigInt(index));

  /** A server that remembers hides, and can be told to refuse them. */
  function hidingServer() {
    const hidden = new Set<string>();
    const state = { refuse: false };
    const answer = () => json(200, { hidden_message_ids: { chatwork: [...hidden], slack: [] } });
    const fetchMock = stubApi({
      ...connected,
      'GET /api/slack/status': () => json(200, { connections: [] }),
      'GET /api/chatwork/messages/cw-1': () => json(200, chatworkResult(bodies)),
      'GET /api/chatwork/messages/cw-1?refresh=1': () => json(200, chatworkResult(bodies)),
      'GET /api/messages/hidden?ids_only=true': answer,
      'POST /api/messages/hide': (init) => {
        if (state.refuse) return apiError(500, 'Internal Server Error', 'Something went wrong');
        hidden.add(JSON.parse(String(init?.body)).platform_message_id);
        return json(200, { success: true });
      },
      'DELETE /api/messages/hide': (init) => {
        hidden.delete(JSON.parse(String(init?.body)).platform_message_id);
        return json(200, { success: true });
      },
      'POST /api/messages/hide/batch': (init) => {
        if (state.refuse) return apiError(503, 'Service Unavailable', 'Try later');
        const { messages } = JSON.parse(String(init?.body)) as {
          messages: { platform_message_id: string }[];
        };
        for (const message of messages) hidden.add(message.platform_message_id);
        return json(200, { success: true, hidden: messages.length });
      },
    });
    return { hidden, state, fetchMock };
  }

  const card = (list: HTMLElement, text: string) =>
    within(list).getByText(text).closest('article') as HTMLElement;

  it('fades a message out, hides it, and brings it back with Undo', async () => {
    const server = hidingServer();
    renderRouter(routes, '/dashboard');
    const list = await messageList();
    const first = card(list, 'Task number 1');

    await userEvent.click(
      within(first).getByRole('button', { name: 'Check and hide the message from Aiko Tanaka' }),
    );
    expect(first).toHaveClass('opacity-0');
    expect(
      within(card(list, 'Task number 2')).getByRole('button', { name: /^Check and hide/ }),
    ).toHaveFocus();
    await waitFor(() => expect(within(list).queryByText('Task number 1')).not.toBeInTheDocument());
    expect(server.hidden).toEqual(new Set([idOf(0)]));
    expect(screen.getByRole('button', { name: 'Show all hidden (1)' })).toBeEnabled();
    expect(await screen.findByText('Message hidden.')).toBeVisible();

    await userEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await within(list).findByText('Task number 1')).toBeVisible();
    expect(await screen.findByText('Hiding undone.')).toBeVisible();
    expect(server.hidden.size).toBe(0);
  });

  it('puts the message back with an error when the server refuses to hide it', async () => {
    const server = hidingServer();
    server.state.refuse = true;
    renderRouter(routes, '/dashboard');
    const list = await messageList();

    await userEvent.click(
      within(card(list, 'Task number 2')).getByRole('button', { name: /Check and hide/ }),
    );
    expect(await screen.findByText('The message could not be hidden. It is back in the list.')).toBeVisible();
    expect(within(list).getByText('Task number 2')).toBeVisible();
    expect(card(list, 'Task number 2')).not.toHaveClass('opacity-0');
    expect(screen.getByRole('button', { name: 'Show all hidden (0)' })).toBeDisabled();
  });

  it('says that hiding needs a network while offline, and leaves the message and the server as they were', async () => {
    const server = hidingServer();
    renderRouter(routes, '/dashboard');
    const list = await messageList();
    const online = Object.getOwnPropertyDescriptor(Navigator.prototype, 'onLine')!;
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
    try {
      act(() => void window.dispatchEvent(new Event('offline')));
      await userEvent.click(
        within(card(list, 'Task number 2')).getByRole('button', { name: /Check and hide/ }),
      );
      await userEvent.keyboard('j');
      await userEvent.keyboard('e');
      expect(await screen.findAllByText(/^This needs a network connection./)).not.toHaveLength(0);
      expect(card(list, 'Task number 2')).not.toHaveClass('opacity-0');
      expect(server.hidden.size).toBe(0);
      const writes = server.fetchMock.mock.calls.filter(
        ([url, init]) => (init?.method ?? 'GET') !== 'GET' && !String(url).includes('/api/auth/'),
      );
      expect(writes).toEqual([]);
    } finally {
      Object.defineProperty(navigator, 'onLine', online);
      act(() => void window.dispatchEvent(new Event('online')));
    }
  });

  it('hides the selected messages in one request after confirmation, and shows and unhides them on request', async () => {
    const server = hidingServer();
    renderRouter(routes, '/dashboard');
    const list = await messageList();
    for (const text of ['Task number 1', 'Task number 2', 'Task number 3']) {
      await userEvent.click(within(card(list, text)).getByRole('checkbox'));
    }
    await userEvent.click(screen.getByRole('button', { name: 'Hide selected' }));
    const dialog = await screen.findByRole('dialog', { name: 'Hide 3 messages?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Hide' }));

    await waitFor(() => expect(within(list).queryByText('Task number 3')).not.toBeInTheDocument());
    const batches = server.fetchMock.mock.calls.filter(([url]) => String(url) === '/api/messages/hide/batch');
    expect(batches).toHaveLength(1);
    expect(server.hidden).toEqual(new Set([idOf(0), idOf(1), idOf(2)]));
    expect(await screen.findByText('3 messages hidden.')).toBeVisible();

    await userEvent.click(screen.getByRole('button', { name: 'Show all hidden (3)' }));
    const shown = card(list, 'Task number 2');
    expect(within(shown).getByText('Hidden')).toBeVisible();
    await userEvent.click(
      within(shown).getByRole('button', { name: 'Show the message from Aiko Tanaka again' }),
    );
    expect(await screen.findByText('Message shown again.')).toBeVisible();
    await waitFor(() => expect(server.hidden).toEqual(new Set([idOf(0), idOf(2)])));
    expect(within(card(list, 'Task number 2')).queryByText('Hidden')).not.toBeInTheDocument();
  });

  it('restores every selected message when the batch fails', async () => {
    const server = hidingServer();
    server.state.refuse = true;
    renderRouter(routes, '/dashboard');
    const list = await messageList();
    for (const text of ['Task number 4', 'Task number 5']) {
      await userEvent.click(within(card(list, text)).getByRole('checkbox'));
    }
    await userEvent.click(screen.getByRole('button', { name: 'Hide selected' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Hide' }));
    expect(
      await screen.findByText('The messages could not be hidden. They are back in the list.'),
    ).toBeVisible();
    expect(within(list).getByText('Task number 4')).toBeVisible();
    expect(within(list).getByText('Task number 5')).toBeVisible();
  });

  it('shows hides made in another tab after a refresh', async () => {
    const server = hidingServer();
    renderRouter(routes, '/dashboard');
    const list = await messageList();
    server.hidden.add(idOf(5));
    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(within(list).queryByText('Task number 6')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Show all hidden (1)' })).toBeEnabled();
  });

  it('moves back a page when hiding empties the last one', async () => {
    hidingServer();
    renderRouter(routes, '/dashboard');
    const list = await messageList();
    await userEvent.click(screen.getAllByRole('button', { name: /page 2/i })[0]!);
    expect(await within(list).findByText('Task number 21')).toBeVisible();
    await userEvent.click(
      within(card(list, 'Task number 21')).getByRole('button', { name: /Check and hide/ }),
    );
    expect(await within(list).findByText('Task number 1')).toBeVisible();
    expect(screen.getAllByText('1-20 / 20')[0]).toBeVisible();
  });
});

describe('tagging from the inbox', () => {
  const urgent = {
    id: '00000000-0000-4000-8000-0000000000aa',
    name: 'Urgent',
    color: '#EF4444',
    created_at: iso(now),
    updated_at: iso(now),
  };

  /** A server that remembers which messages carry the tag and puts it on them in the message list. */
  function taggingServer(bodies: string[]) {
    const tagged = new Set<string>();
    const messageTags = Object.fromEntries(
      bodies.map((_, index) => {
        const id = String(9_000_000_000_000_000_000n + BigInt(index));
        return [
          `GET /api/tags/messages/chatwork/${id}`,
          () => json(200, { success: true, data: tagged.has(id) ? [urgent] : [] }),
        ];
      }),
    );
    stubApi({
      ...connected,
      ...messageTags,
      'GET /api/slack/status': () => json(200, { connections: [] }),
      'GET /api/chatwork/messages/cw-1': () => {
        const result = chatworkResult(bodies);
        for (const message of result.messages) {
          if (tagged.has(message.platform_message_id)) {
            message.tags = [{ id: urgent.id, name: urgent.name, color: urgent.color }];
          }
        }
        return json(200, result);
      },
      'GET /api/tags': () => json(200, { success: true, data: [urgent] }),
      'POST /api/tags/messages': (init) => {
        const id = JSON.parse(String(init?.body)).platform_message_id as string;
        tagged.add(id);
        return tagLinkCreated(urgent, id);
      },
    });
    return { tagged };
  }

  it('opens the tag picker from a card and shows the chip once the tag is saved', async () => {
    const server = taggingServer(['Please check the launch plan']);
    renderRouter(routes, '/dashboard');
    const list = await messageList();
    const opener = within(list).getByRole('button', { name: 'Add or edit tags' });
    await userEvent.click(opener);

    const sheet = await screen.findByRole('dialog', { name: 'Tags' });
    await userEvent.click(await within(sheet).findByRole('checkbox', { name: 'Urgent' }));
    await waitFor(() => expect(server.tagged.size).toBe(1));
    expect(within(sheet).getByRole('checkbox', { name: 'Urgent' })).toBeChecked();

    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
    expect(await within(list).findByRole('list', { name: 'Tags' })).toHaveTextContent('Urgent');
  });

  it('lists every tag of the user in the tag filter, with counts, even before any message carries it', async () => {
    taggingServer(['Please check the launch plan']);
    renderRouter(routes, '/dashboard');
    await messageList();

    const filter = screen.getByRole('combobox', { name: 'Tag' });
    expect(await within(filter).findByRole('option', { name: 'Urgent (0)' })).toBeInTheDocument();
  });

  it('tags every selected message from the bulk sheet', async () => {
    const server = taggingServer(['First request', 'Second request', 'Third request']);
    renderRouter(routes, '/dashboard');
    const list = await messageList();
    for (const text of ['First request', 'Third request']) {
      const card = within(list).getByText(text).closest('article') as HTMLElement;
      await userEvent.click(within(card).getByRole('checkbox'));
    }
    await userEvent.click(screen.getByRole('button', { name: 'Tag selected' }));
    const sheet = await screen.findByRole('dialog', { name: 'Tag 2 messages' });
    await userEvent.click(await within(sheet).findByRole('checkbox', { name: 'Urgent' }));

    expect(await screen.findByText('“Urgent” added to 2 messages.')).toBeVisible();
    expect(server.tagged).toEqual(
      new Set([String(9_000_000_000_000_000_000n), String(9_000_000_000_000_000_002n)]),
    );
    expect(within(sheet).getByRole('checkbox', { name: 'Urgent' })).toBeChecked();
    await userEvent.click(within(sheet).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(within(list).getAllByRole('list', { name: 'Tags' })).toHaveLength(2));
  });

  it('tells a demo user that tagging is not available and opens nothing', async () => {
    stubApi({
      ...connected,
      'GET /api/auth/me': () => json(200, { user: demoUser }),
      'GET /api/slack/status': () => json(200, { connections: [] }),
      'GET /api/chatwork/messages/cw-1': () => json(200, chatworkResult(['Sample'])),
    });
    renderRouter(routes, '/dashboard');
    const list = await messageList();
    await userEvent.click(within(list).getByRole('button', { name: 'Add or edit tags' }));
    expect(await screen.findByText(/This is a demo account, so this action is not available/)).toBeVisible();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
