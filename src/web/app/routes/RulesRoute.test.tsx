import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { Rule, RulesResponse } from '../../../contract/rules.ts';
import { changeLanguage } from '../../lib/i18n.ts';
import { demoUser, json, signedInHandlers, stubApi } from '../../test/fake-api.ts';
import { renderRouter } from '../../test/render-router.ts';
import { routes } from '../router.tsx';

const user = { ...demoUser, email: 'kenji@example.com', name: 'Kenji', isDemo: false };
const stamp = '2026-01-01T00:00:00.000Z';

function rule(id: string, name: string, overrides: Partial<Rule> = {}): Rule {
  return {
    id,
    name,
    conditions: { places: [{ platform: 'slack', id: 'C0GENERAL' }] },
    actions: { tag_ids: [], important: false, mute: true, notify: null },
    problems: [],
    created_at: stamp,
    updated_at: stamp,
    ...overrides,
  };
}

const first = rule('00000000-0000-4000-8000-000000000001', 'Quiet general');
const second = rule('00000000-0000-4000-8000-000000000002', 'Boss matters', {
  conditions: { senders: [{ platform: 'slack', id: 'U0BOSS' }], words: '請求書' },
  actions: { tag_ids: [], important: true, mute: false, notify: 'always' },
});
const third = rule('00000000-0000-4000-8000-000000000003', 'Old tag', {
  actions: { tag_ids: ['gone'], important: false, mute: false, notify: null },
  problems: ['tag_missing'],
});

/** A rules server that keeps the order the page sends it and the rules it saves. */
function rulesServer(rules: Rule[]) {
  const state: RulesResponse = { rules: [...rules], settings: { match_mode: 'all', quiet_hours: null } };
  const fetchMock = stubApi({
    ...signedInHandlers,
    'GET /api/auth/me': () => json(200, { user }),
    'GET /api/test-mode': () => json(200, { available: false, enabled: false, language: 'en' }),
    'GET /api/tags': () => json(200, { success: true, data: [] }),
    'GET /api/chatwork/status': () => json(200, { connections: [] }),
    'GET /api/slack/status': () => json(200, { connections: [] }),
    'GET /api/rules': () => json(200, state),
    'PUT /api/rules/order': (init) => {
      const { ids } = JSON.parse(String(init?.body)) as { ids: string[] };
      state.rules = ids.map((id) => state.rules.find((each) => each.id === id)!);
      return json(200, state);
    },
    'POST /api/rules': (init) => {
      const body = JSON.parse(String(init?.body)) as Pick<Rule, 'conditions' | 'actions'> & { name?: string };
      const created = rule('00000000-0000-4000-8000-000000000009', body.name ?? '', {
        name: body.name ?? null,
        conditions: body.conditions,
        actions: body.actions,
      });
      state.rules.push(created);
      return json(201, created);
    },
    'PUT /api/rules/settings': (init) => {
      state.settings = JSON.parse(String(init?.body)) as RulesResponse['settings'];
      return json(200, state.settings);
    },
  });
  const sent = (method: string, url: string) =>
    fetchMock.mock.calls
      .filter(([input, init]) => String(input) === url && init?.method === method)
      .map(([, init]) => JSON.parse(String(init?.body)) as unknown);
  return { state, sent };
}

afterEach(async () => {
  await changeLanguage('en');
});

const items = () => within(screen.getByRole('list', { name: 'Your rules' })).getAllByRole('listitem');

describe('rules page', () => {
  it('reorders rules from the keyboard, keeping focus on the moved rule, and says where it went', async () => {
    const server = rulesServer([first, second, third]);
    renderRouter(routes, '/rules');
    expect(await screen.findByRole('heading', { name: 'Rules and quiet hours' })).toBeVisible();
    await screen.findByRole('list', { name: 'Your rules' });
    expect(items()[1]).toHaveTextContent('from U0BOSS');
    expect(items()[1]).toHaveTextContent('contains “請求書”');
    expect(items()[2]).toHaveTextContent('Skipped: a tag it adds was deleted.');
    expect(screen.getByRole('button', { name: 'Move “Quiet general” up' })).toBeDisabled();

    screen.getByRole('button', { name: 'Move “Boss matters” up' }).focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(items()[0]).toHaveTextContent('Boss matters'));
    expect(server.sent('PUT', '/api/rules/order')).toEqual([{ ids: [second.id, first.id, third.id] }]);
    expect(screen.getByText('“Boss matters” is now rule 1 of 3.')).toBeInTheDocument();
    // At the top its up button is disabled, so focus stays on the same rule's down button.
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Move “Boss matters” down' })).toHaveFocus(),
    );

    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(items()[1]).toHaveTextContent('Boss matters'));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Move “Boss matters” down' })).toHaveFocus(),
    );
    expect(server.sent('PUT', '/api/rules/order').at(-1)).toEqual({ ids: [first.id, second.id, third.id] });
  });

  it('adds a rule with words and actions, refusing one without a condition', async () => {
    const server = rulesServer([]);
    renderRouter(routes, '/rules');
    await userEvent.click(await screen.findByRole('button', { name: 'Add rule' }));
    const dialog = await screen.findByRole('dialog', { name: 'New rule' });
    await waitFor(() => expect(within(dialog).getByLabelText('Name (optional)')).toHaveFocus());
    await userEvent.click(within(dialog).getByLabelText('Mark important'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save rule' }));
    expect(within(dialog).getByText('Set at least one condition.')).toBeVisible();
    expect(server.sent('POST', '/api/rules')).toEqual([]);

    await userEvent.type(within(dialog).getByLabelText('Words'), ' ﾚﾋﾞｭｰ ');
    await userEvent.click(within(dialog).getByLabelText('Slack'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save rule' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.sent('POST', '/api/rules')).toEqual([
      {
        conditions: { platforms: ['slack'], words: 'ﾚﾋﾞｭｰ' },
        actions: { tag_ids: [], important: true, mute: false, notify: null },
      },
    ]);
  });

  it('keeps quiet hours across midnight, in Japanese too', async () => {
    await changeLanguage('jp');
    const server = rulesServer([first]);
    renderRouter(routes, '/rules');
    expect(await screen.findByRole('heading', { name: 'ルールと通知を控える時間' })).toBeVisible();
    await userEvent.click(await screen.findByLabelText('通知を控える時間を設定する'));
    await userEvent.selectOptions(screen.getByLabelText('タイムゾーン'), 'Asia/Tokyo');
    await userEvent.click(screen.getByRole('button', { name: '通知を控える時間を保存' }));
    await waitFor(() =>
      expect(server.sent('PUT', '/api/rules/settings')).toEqual([
        { match_mode: 'all', quiet_hours: { start: '22:00', end: '07:00', time_zone: 'Asia/Tokyo' } },
      ]),
    );
    await userEvent.click(screen.getByLabelText('最初に当てはまったルールだけを適用する'));
    await waitFor(() => expect(server.state.settings.match_mode).toBe('first'));
  });
});
