import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { TagRecord } from '../../../contract/tags.ts';
import { routes } from '../router.tsx';
import { changeLanguage } from '../../lib/i18n.ts';
import { apiError, demoUser, json, stubApi, signedInHandlers } from '../../test/fake-api.ts';
import { renderRouter } from '../../test/render-router.ts';

const user = { ...demoUser, email: 'kenji@example.com', name: 'Kenji', isDemo: false };
const stamp = '2026-01-01T00:00:00.000Z';

/** A tags server that remembers what the page does to it. */
function tagsServer(initial: { tag: TagRecord; total: number }[] = []) {
  const statistics = [...initial];
  let next = 1;
  const fetchMock = stubApi({
    ...signedInHandlers,
    'GET /api/auth/me': () => json(200, { user }),
    'GET /api/test-mode': () => json(200, { available: false, enabled: false, language: 'en' }),
    'GET /api/tags/statistics': () => json(200, { success: true, data: statistics }),
    'POST /api/tags': (init) => {
      const body = JSON.parse(String(init?.body)) as { name: string; color: string; description: string };
      if (statistics.some(({ tag }) => tag.name.toLowerCase() === body.name.toLowerCase())) {
        return apiError(409, 'Conflict', 'A tag with this name already exists');
      }
      const tag: TagRecord = {
        id: `00000000-0000-4000-8000-00000000000${next++}`,
        name: body.name,
        color: body.color,
        ...(body.description ? { description: body.description } : {}),
        created_at: stamp,
        updated_at: stamp,
      };
      statistics.push({ tag, total: 0 });
      return json(201, { success: true, data: tag });
    },
  });
  const handle = (method: string, id: string, answer: (init: RequestInit | undefined) => Response) => {
    const original = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) =>
      String(input) === `/api/tags/${id}` && init?.method === method ? answer(init) : original(input, init),
    );
  };
  return { statistics, fetchMock, handle };
}

const urgent: TagRecord = {
  id: '00000000-0000-4000-8000-0000000000aa',
  name: 'Urgent',
  name_jp: '緊急',
  color: '#EF4444',
  description: 'Needs a reply today',
  created_at: stamp,
  updated_at: stamp,
};

afterEach(async () => {
  await changeLanguage('en');
});

describe('tags page', () => {
  it('offers the first tag when there is none, and creates it with a colour and description', async () => {
    const server = tagsServer();
    renderRouter(routes, '/tags');
    expect(await screen.findByText('No tags yet')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(screen.getByRole('link', { name: 'Account' })).toHaveAttribute('href', '/account');

    await userEvent.click(screen.getByRole('button', { name: 'Create your first tag' }));
    const form = screen.getByRole('form', { name: 'New tag' });
    const name = within(form).getByPlaceholderText('Enter tag name');
    expect(name).toHaveFocus();
    const create = within(form).getByRole('button', { name: 'Create' });
    expect(create).toBeDisabled();
    await userEvent.type(name, '   ');
    expect(create).toBeDisabled();
    await userEvent.keyboard('{Enter}');
    expect(
      server.fetchMock.mock.calls.some(([url, init]) => init?.method === 'POST' && url === '/api/tags'),
    ).toBe(false);

    await userEvent.clear(name);
    await userEvent.type(name, '  Waiting ');
    expect(within(form).getAllByRole('radio')).toHaveLength(10);
    await userEvent.click(within(form).getByRole('radio', { name: 'Blue' }));
    await userEvent.type(within(form).getByLabelText('Description (optional)'), 'For replies I expect');
    await userEvent.click(create);

    expect(await screen.findByText('Tag “Waiting” created.')).toBeVisible();
    const list = screen.getByRole('list', { name: 'Your tags' });
    expect(within(list).getByRole('heading', { name: 'Waiting' })).toBeVisible();
    expect(within(list).getByText('For replies I expect')).toBeVisible();
    expect(within(list).getByText('0 messages')).toBeVisible();
    expect(screen.getByText('1 tag')).toBeVisible();
    const post = server.fetchMock.mock.calls.find(
      ([url, init]) => init?.method === 'POST' && url === '/api/tags',
    );
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({
      name: 'Waiting',
      name_jp: '',
      color: '#3B82F6',
      description: 'For replies I expect',
    });
  });

  it('says so when the name is taken', async () => {
    tagsServer([{ tag: urgent, total: 3 }]);
    renderRouter(routes, '/tags');
    await userEvent.click(await screen.findByRole('button', { name: 'Create tag' }));
    await userEvent.type(screen.getByPlaceholderText('Enter tag name'), 'urgent');
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('You already have a tag called “urgent”.')).toBeVisible();
    expect(screen.getByRole('form', { name: 'New tag' })).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('button', { name: 'Create tag' })).toHaveFocus();
  });

  it('edits one tag inline and deletes a tag after the confirmation', async () => {
    const server = tagsServer([
      { tag: urgent, total: 3 },
      {
        tag: { ...urgent, id: '00000000-0000-4000-8000-0000000000bb', name: 'Later', name_jp: undefined },
        total: 1,
      },
    ]);
    let saved: unknown;
    server.handle('PUT', urgent.id, (init) => {
      saved = JSON.parse(String(init?.body));
      server.statistics[0] = { tag: { ...urgent, name: 'Today' }, total: 3 };
      return json(200, { success: true, data: server.statistics[0].tag });
    });
    server.handle('DELETE', urgent.id, () => {
      server.statistics.shift();
      return json(200, { success: true });
    });
    renderRouter(routes, '/tags');
    const list = await screen.findByRole('list', { name: 'Your tags' });
    expect(within(list).getByText('3 messages')).toBeVisible();

    await userEvent.click(within(list).getByRole('button', { name: 'Edit Urgent' }));
    const form = within(list).getByRole('form', { name: 'Edit tag' });
    expect(within(form).getByRole('radio', { name: 'Red' })).toBeChecked();
    const name = within(form).getByLabelText('Name');
    await userEvent.clear(name);
    await userEvent.type(name, 'Today');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(list).findByRole('heading', { name: 'Today' })).toBeVisible();
    expect(within(list).getByRole('button', { name: 'Edit Today' })).toHaveFocus();
    expect(saved).toMatchObject({ name: 'Today', name_jp: '緊急', color: '#EF4444' });

    await userEvent.click(within(list).getByRole('button', { name: 'Delete Today' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this tag?' });
    expect(dialog).toHaveAccessibleDescription(
      'Are you sure you want to delete this tag? It will be removed from all related messages.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Tag “Today” deleted.')).toBeVisible();
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Tags', level: 1 })).toHaveFocus());
    await waitFor(() =>
      expect(within(list).queryByRole('heading', { name: 'Today' })).not.toBeInTheDocument(),
    );
    expect(within(list).getByRole('heading', { name: 'Later' })).toBeVisible();
  });

  it('shows Japanese names in the Japanese interface', async () => {
    await changeLanguage('jp');
    tagsServer([{ tag: urgent, total: 2 }]);
    renderRouter(routes, '/tags');
    const list = await screen.findByRole('list', { name: 'タグ一覧' });
    expect(within(list).getByRole('heading', { name: '緊急' })).toBeVisible();
    expect(within(list).getByText('2件のメッセージ')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'タグを作成' }));
    expect(screen.getByPlaceholderText('タグ名を入力してください')).toBeVisible();
  });

  it('lets a demo account look at its sample tags without changing them', async () => {
    const server = tagsServer([{ tag: urgent, total: 2 }]);
    const original = server.fetchMock.getMockImplementation()!;
    server.fetchMock.mockImplementation(async (input, init) =>
      String(input) === '/api/auth/me' ? json(200, { user: demoUser }) : original(input, init),
    );
    renderRouter(routes, '/tags');
    expect(await screen.findByText(/its sample tags can be viewed but not changed/)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Create tag' })).not.toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Edit Urgent' })).toBeDisabled();
  });

  it('goes back to the inbox with g then i, but not while a name is typed', async () => {
    tagsServer();
    const router = renderRouter(routes, '/tags');
    await userEvent.click(await screen.findByRole('button', { name: 'Create your first tag' }));
    await userEvent.type(screen.getByPlaceholderText('Enter tag name'), 'gi');
    expect(router.location.pathname).toBe('/tags');

    await userEvent.click(document.body);
    await userEvent.keyboard('gi');
    await waitFor(() => expect(router.location.pathname).toBe('/dashboard'));
  });
});
