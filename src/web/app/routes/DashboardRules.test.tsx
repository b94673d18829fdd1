import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../lib/i18n.ts';
import { chatworkResult, connected } from '../../test/dashboard-fixtures.ts';
import { json, stubApi } from '../../test/fake-api.ts';
import { renderRouter } from '../../test/render-router.ts';
import { routes } from '../router.tsx';

const RULE_ID = '00000000-0000-4000-8000-000000000001';

/** An inbox whose rules muted the second message and marked the third important. */
function inboxWithRules() {
  const result = chatworkResult(['Plain news', 'Muted chatter', 'From the boss', 'Another plain one']);
  result.messages[1]!.muted = true;
  result.messages[2]!.important = true;
  const fetchMock = stubApi({
    ...connected,
    'GET /api/slack/status': () => json(200, { connections: [] }),
    'GET /api/chatwork/messages/cw-1': () => json(200, result),
    'POST /api/rules': (init) =>
      json(201, {
        id: RULE_ID,
        name: null,
        ...(JSON.parse(String(init?.body)) as object),
        problems: [],
        created_at: '2026-01-01T00:00:00.000Z',
        updated_at: '2026-01-01T00:00:00.000Z',
      }),
    [`DELETE /api/rules/${RULE_ID}`]: () => new Response(null, { status: 204 }),
    'GET /api/tags': () => json(200, { success: true, data: [] }),
  });
  const sent = (method: string, url: string) =>
    fetchMock.mock.calls
      .filter(([input, init]) => String(input) === url && init?.method === method)
      .map(([, init]) => (init?.body ? (JSON.parse(String(init.body)) as unknown) : null));
  return { sent };
}

const articles = () => screen.getAllByRole('article');

afterEach(async () => {
  await changeLanguage('en');
});

describe('rules in the inbox', () => {
  it('leaves muted messages out of the inbox, marks important ones, and lists each under its own view', async () => {
    inboxWithRules();
    renderRouter(routes, '/dashboard');
    expect(await screen.findByText('Plain news')).toBeVisible();
    expect(screen.queryByText('Muted chatter')).not.toBeInTheDocument();
    expect(articles()).toHaveLength(3);
    const boss = screen.getByText('From the boss').closest('article')!;
    expect(within(boss).getByText('Important')).toBeVisible();

    const views = screen.getByRole('group', { name: 'Views' });
    await userEvent.click(within(views).getByRole('button', { name: 'Muted' }));
    expect(await screen.findByText('Muted chatter')).toBeVisible();
    expect(articles()).toHaveLength(1);

    await userEvent.click(within(views).getByRole('button', { name: 'Important' }));
    expect(await screen.findByText('From the boss')).toBeVisible();
    expect(articles()).toHaveLength(1);

    await userEvent.click(within(views).getByRole('button', { name: 'Inbox' }));
    await waitFor(() => expect(articles()).toHaveLength(3));
    // g then m: the muted messages from the keyboard.
    await userEvent.keyboard('gm');
    await waitFor(() => expect(screen.getByText('Muted chatter')).toBeVisible());
  });

  it('mutes a room from a message menu, and the undo deletes the rule again (in Japanese)', async () => {
    await changeLanguage('jp');
    const server = inboxWithRules();
    renderRouter(routes, '/dashboard');
    const plain = (await screen.findByText('Plain news')).closest('article')!;
    await userEvent.click(
      within(plain).getByRole('button', { name: 'Aiko Tanakaさんのメッセージのその他の操作' }),
    );
    await userEvent.click(await screen.findByRole('menuitem', { name: 'このチャンネル・ルームをミュート' }));
    await waitFor(() =>
      expect(server.sent('POST', '/api/rules')).toEqual([
        { conditions: { places: [{ platform: 'chatwork', id: '42' }] }, actions: { mute: true } },
      ]),
    );
    expect(
      await screen.findByText('Launchをミュートしました。メッセージは「ミュート」に表示されます。'),
    ).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: /元に戻す/ }));
    await waitFor(() => expect(server.sent('DELETE', `/api/rules/${RULE_ID}`)).toHaveLength(1));
  });

  it('offers the channels, rooms and senders of the inbox when a rule is written', async () => {
    const server = inboxWithRules();
    const router = renderRouter(routes, '/dashboard');
    expect(await screen.findByText('Plain news')).toBeVisible();
    await router.navigate('/rules');
    await userEvent.click(await screen.findByRole('button', { name: 'Add rule' }));
    const dialog = screen.getByRole('dialog', { name: 'New rule' });
    await userEvent.selectOptions(
      within(dialog).getByLabelText('Add a channel or room…'),
      'ChatWork · Launch',
    );
    expect(within(dialog).getByRole('button', { name: 'Remove ChatWork · Launch' })).toBeVisible();
    await userEvent.selectOptions(within(dialog).getByLabelText('Add a sender…'), 'ChatWork · Aiko Tanaka');
    await userEvent.click(within(dialog).getByLabelText('Mark important'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save rule' }));
    await waitFor(() =>
      expect(server.sent('POST', '/api/rules')).toEqual([
        {
          conditions: {
            places: [{ platform: 'chatwork', id: '42' }],
            senders: [{ platform: 'chatwork', id: '2002' }],
          },
          actions: { tag_ids: [], important: true, mute: false, notify: null },
        },
      ]),
    );
  });
});
