import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { LIVE_MESSAGES_EVENT } from '../../../contract/live.ts';
import { changeLanguage } from '../../lib/i18n.ts';
import { defaultViews, savedView, slackConnection } from '../../test/dashboard-fixtures.ts';
import { json } from '../../test/fake-api.ts';
import { FakeEventSource } from '../../test/fake-event-source.ts';
import { renderRouter } from '../../test/render-router.ts';
import { articles, chatwork, openViews, tab, viewsServer } from '../../test/views-server.ts';
import { routes } from '../router.tsx';

describe('saved views as tabs above the list', () => {
  it('shows All, Mentions and DMs with the counts the list shows, and moves between them with the arrow keys', async () => {
    viewsServer();
    const { list, tabs } = await openViews(routes);
    await waitFor(() => expect(tab(tabs, /^All \(4 messages\)$/)).toHaveAttribute('aria-selected', 'true'));
    expect(tab(tabs, /^Mentions \(3 messages\)$/)).toHaveAttribute('aria-selected', 'false');
    expect(tab(tabs, /^DMs \(1 message\)$/)).toHaveAttribute('tabindex', '-1');
    expect(screen.getByRole('tabpanel')).toHaveAttribute('aria-labelledby', tab(tabs, /^All/).id);

    tab(tabs, /^All/).focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(tab(tabs, /^Mentions/)).toHaveFocus();
    expect(tab(tabs, /^Mentions/)).toHaveAttribute('aria-selected', 'true');
    await waitFor(() => expect(articles(list)).toBe(3));

    await userEvent.keyboard('{End}');
    expect(tab(tabs, /^DMs/)).toHaveAttribute('aria-selected', 'true');
    await waitFor(() => expect(articles(list)).toBe(1));
    expect(within(list).getByText('Direct one')).toBeVisible();
    await userEvent.keyboard('{ArrowRight}');
    expect(tab(tabs, /^All/)).toHaveFocus();
    await waitFor(() => expect(articles(list)).toBe(4));
  });

  it('counts follow the timeline when it changes: a refresh that finds a DM counts it on All and DMs at once', async () => {
    const server = viewsServer();
    const { list, tabs } = await openViews(routes);
    await waitFor(() => expect(tab(tabs, /^DMs \(1 message\)$/)).toBeVisible());
    await userEvent.click(tab(tabs, /^DMs/));

    server.state.found = true;
    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(tab(tabs, /^DMs \(2 messages\)$/)).toBeVisible());
    expect(tab(tabs, /^All \(5 messages\)$/)).toBeVisible();
    expect(tab(tabs, /^Mentions \(3 messages\)$/)).toBeVisible();
    await waitFor(() => expect(articles(list)).toBe(2));
  });

  it('counts a live DM the moment it arrives, while the list keeps it behind the pill', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    // jsdom has no layout: the pill's scroll to the top of the list does nothing here.
    Element.prototype.scrollIntoView = () => undefined;
    onTestFinished(() => {
      delete (Element.prototype as Partial<Element>).scrollIntoView;
    });
    FakeEventSource.opened = [];
    viewsServer();
    const { list, tabs } = await openViews(routes);
    await waitFor(() => expect(tab(tabs, /^DMs \(1 message\)$/)).toBeVisible());
    await userEvent.click(tab(tabs, /^DMs/));
    await waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));

    const [arriving] = chatwork(true).messages;
    FakeEventSource.opened[0]!.deliver(LIVE_MESSAGES_EVENT, '1', {
      platform: 'chatwork',
      messages: [arriving],
    });
    await waitFor(() => expect(tab(tabs, /^DMs \(2 messages\)$/)).toBeVisible());
    expect(tab(tabs, /^All \(5 messages\)$/)).toBeVisible();
    expect(tab(tabs, /^Mentions \(3 messages\)$/)).toBeVisible();
    expect(articles(list)).toBe(1);

    await userEvent.click(screen.getByRole('button', { name: '1 new message' }));
    await waitFor(() => expect(articles(list)).toBe(2));
    expect(tab(tabs, /^DMs \(2 messages\)$/)).toBeVisible();
  });

  it('saves the chosen filters as a view, which becomes the active tab with its count', async () => {
    const server = viewsServer();
    const { list, tabs } = await openViews(routes);
    expect(within(tabs.parentElement!).queryByRole('button', { name: 'Save as view' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'ChatWork (3)' }));
    await userEvent.click(screen.getByRole('button', { name: 'DMs (1)' }));
    await waitFor(() => expect(articles(list)).toBe(1));

    await userEvent.click(await screen.findByRole('button', { name: 'Save as view' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save as a view' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'ChatWork DMs{Enter}');

    await waitFor(() =>
      expect(tab(tabs, /^ChatWork DMs \(1 message\)$/)).toHaveAttribute('aria-selected', 'true'),
    );
    expect(server.state.created).toEqual([
      {
        name: 'ChatWork DMs',
        filters: {
          platform: 'chatwork',
          types: ['dm'],
          tag_id: null,
          connection_ids: [],
          state: 'inbox',
          words: '',
        },
      },
    ]);
    expect(screen.queryByRole('button', { name: 'Save as view' })).toBeNull();
  });

  it('says in the dialog when another view has the name, and saves nothing', async () => {
    const server = viewsServer([
      ...defaultViews,
      savedView('00000000-0000-4000-8000-0000000000bb', { name: 'Urgent' }),
    ]);
    const { tabs } = await openViews(routes);
    // The DMs filter alone is the DMs view: only filters no view has can be saved.
    await userEvent.click(screen.getByRole('button', { name: 'DMs (1)' }));
    // The tabs follow a filter once the list's frame is painted (decision 174).
    await waitFor(() => expect(tab(tabs, /^DMs/)).toHaveAttribute('aria-selected', 'true'));
    expect(screen.queryByRole('button', { name: 'Save as view' })).toBeNull();
    await userEvent.click(await screen.findByRole('button', { name: 'Slack (0)' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Save as view' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save as a view' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'urgent{Enter}');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Another view already has this name. Choose a different one.',
    );
    expect(server.state.views).toHaveLength(4);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(within(tabs).getAllByRole('tab')).toHaveLength(4);
  });

  it('marks a view that names a deleted tag or a removed connection, says so, and shows what the rest chooses', async () => {
    const stale = savedView('00000000-0000-4000-8000-0000000000cc', {
      name: 'Old Slack invoices',
      filters: {
        platform: 'slack',
        tag_id: '00000000-0000-4000-8000-0000000000dd',
        connection_ids: ['00000000-0000-4000-8000-0000000000ee', slackConnection.id],
      },
      missing: { tag: true, connection_ids: [] },
    });
    viewsServer([...defaultViews, stale]);
    const { list, tabs } = await openViews(routes);
    const staleTab = tab(tabs, /^Old Slack invoices/);
    expect(within(staleTab).getByRole('img', { name: 'Names a deleted tag or connection' })).toBeVisible();

    await userEvent.click(staleTab);
    expect(
      await screen.findByText(
        'The tag this view filters by was deleted. 1 connection this view names was removed. It shows what the rest of its filters choose.',
      ),
    ).toBeVisible();
    await waitFor(() => expect(articles(list)).toBe(1));
    expect(within(list).getByText('Slack hello')).toBeVisible();
    expect(staleTab).toHaveAccessibleName(/^Old Slack invoices \(1 message\)/);
  });

  it('marks a view whose tag was deleted on the tags page as soon as the inbox is opened again', async () => {
    const urgent = {
      id: '00000000-0000-4000-8000-0000000000dd',
      name: 'Urgent',
      color: '#EF4444',
      created_at: '2026-01-01T00:00:00.000Z',
      updated_at: '2026-01-01T00:00:00.000Z',
    };
    const tagged = savedView('00000000-0000-4000-8000-0000000000cc', {
      name: 'Urgent things',
      filters: { tag_id: urgent.id },
    });
    const server = viewsServer([...defaultViews, tagged]);
    let deleted = false;
    const fetchMock = vi.mocked(fetch);
    const served = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) => {
      const route = `${init?.method ?? 'GET'} ${String(input)}`;
      if (route === 'GET /api/tags/statistics')
        return json(200, { success: true, data: deleted ? [] : [{ tag: urgent, total: 0 }] });
      if (route === `DELETE /api/tags/${urgent.id}`) {
        deleted = true;
        server.state.views = server.state.views.map((view) =>
          view.id === tagged.id ? { ...view, missing: { tag: true, connection_ids: [] } } : view,
        );
        return json(200, { success: true });
      }
      return served(input, init);
    });
    const router = renderRouter(routes, '/dashboard');
    const tabs = await screen.findByRole('tablist', { name: 'Saved views' });
    expect(
      within(tab(tabs, /^Urgent things/)).queryByRole('img', { name: 'Names a deleted tag or connection' }),
    ).not.toBeInTheDocument();

    await router.navigate('/tags');
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Urgent' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this tag?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Tag “Urgent” deleted.')).toBeVisible();
    await router.navigate('/dashboard');

    const again = await screen.findByRole('tablist', { name: 'Saved views' });
    expect(
      await within(tab(again, /^Urgent things/)).findByRole('img', {
        name: 'Names a deleted tag or connection',
      }),
    ).toBeVisible();
  });

  it('shows the defaults in Japanese', async () => {
    await changeLanguage('jp');
    viewsServer();
    renderRouter(routes, '/dashboard');
    const tabs = await screen.findByRole('tablist', { name: '保存したビュー' });
    await waitFor(() =>
      expect(tab(tabs, /^すべて（4件のメッセージ）$/)).toHaveAttribute('aria-selected', 'true'),
    );
    expect(tab(tabs, /^メンション（3件のメッセージ）$/)).toBeVisible();
    expect(tab(tabs, /^DM（1件のメッセージ）$/)).toBeVisible();
    expect(screen.getByRole('button', { name: 'ビュー「すべて」の操作' })).toBeVisible();
  });
});
