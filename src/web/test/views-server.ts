import { screen, within } from '@testing-library/react';
import type { ChatworkMessageResult } from '../../contract/messages.ts';
import type { SavedView } from '../../contract/saved-views.ts';
import {
  chatworkResult,
  connected,
  defaultViews,
  savedView,
  slackResult,
  user,
} from './dashboard-fixtures.ts';
import { json, stubApi } from './fake-api.ts';
import { renderRouter } from './render-router.ts';

/** The id the server gives the view the test saves. */
export const CREATED_ID = '00000000-0000-4000-8000-0000000000aa';

/** Two mentions and a DM on ChatWork; `extraDm` adds a newer DM, as a refresh that found one would. */
export function chatwork(extraDm = false): ChatworkMessageResult {
  const bodies = [...(extraDm ? ['A new DM'] : []), 'Mention one', 'Mention two', 'Direct one'];
  const result = chatworkResult(bodies);
  result.messages.forEach((message, index) => {
    if (message.body.startsWith('Direct') || message.body.startsWith('A new DM')) {
      message.mention_types = {
        is_direct_mention: false,
        is_reply: false,
        is_all_mention: false,
        is_dm: true,
      };
      message.is_dm = true;
      message.is_mention = false;
      message.room_info = { ...message.room_info, type: 'direct' };
    }
    message.platform_message_id = message.message_id = String(
      9_200_000_000_000_000_000n + BigInt(bodies.length - index),
    );
  });
  return result;
}

/**
 * A server with two ChatWork mentions, a ChatWork DM and a Slack mention, keeping saved views as the real one does;
 * `demo` signs in a demo account.
 */
export function viewsServer(views: SavedView[] = defaultViews, { demo = false } = {}) {
  const state = {
    views: [...views],
    found: false,
    created: [] as unknown[],
    writes: [] as string[],
  };
  const byId = (id: string) => state.views.find((view) => view.id === id)!;
  // The routes are exact: each view the test can reach gets its own.
  const perView = Object.fromEntries(
    [...views.map((view) => view.id), CREATED_ID].flatMap((id) => [
      [
        `PATCH /api/saved-views/${id}`,
        (init: RequestInit | undefined) => {
          const { name } = JSON.parse(String(init?.body)) as { name: string | null };
          state.writes.push(`rename ${id} ${name}`);
          const renamed = { ...byId(id), name };
          state.views = state.views.map((view) => (view.id === id ? renamed : view));
          return json(200, { success: true, data: renamed });
        },
      ],
      [
        `DELETE /api/saved-views/${id}`,
        () => {
          state.writes.push(`delete ${id}`);
          state.views = state.views.filter((view) => view.id !== id);
          return json(200, { success: true });
        },
      ],
    ]),
  );
  stubApi({
    ...connected,
    ...(demo ? { 'GET /api/auth/me': () => json(200, { user: { ...user, isDemo: true } }) } : {}),
    ...perView,
    'PUT /api/saved-views/order': (init) => {
      const { ids } = JSON.parse(String(init?.body)) as { ids: string[] };
      state.writes.push(`order ${ids.join(',')}`);
      state.views = ids.map(byId);
      return json(200, { success: true, data: state.views });
    },
    'GET /api/slack/messages/sl-1': () => json(200, slackResult(['<@UKENJI> Slack hello'])),
    'GET /api/chatwork/messages/cw-1': () => json(200, chatwork(state.found)),
    'GET /api/chatwork/messages/cw-1?refresh=1': () => json(200, chatwork(state.found)),
    'GET /api/slack/messages/sl-1?refresh=1': () => json(200, slackResult(['<@UKENJI> Slack hello'])),
    'GET /api/saved-views': () => json(200, { success: true, data: state.views }),
    'POST /api/events/ticket': () => json(200, { ticket: 'ticket-0123456789abcdef', expires_in: 30 }),
    'POST /api/saved-views': (init) => {
      const body = JSON.parse(String(init?.body)) as { name: string; filters: SavedView['filters'] };
      state.created.push(body);
      if (state.views.some((view) => view.name?.toLowerCase() === body.name.toLowerCase()))
        return json(409, {
          statusCode: 409,
          error: 'Conflict',
          message: 'Another view has this name',
          code: 'VIEW_NAME_TAKEN',
        });
      const view = savedView(CREATED_ID, body);
      state.views.push(view);
      return json(201, { success: true, data: view });
    },
  });
  return { state };
}

/** Opens the dashboard of `routes` (the app's): the message list and the view tabs. */
export async function openViews(routes: Parameters<typeof renderRouter>[0]) {
  renderRouter(routes, '/dashboard');
  const list = await screen.findByRole('list', { name: 'Message list' });
  const tabs = await screen.findByRole('tablist', { name: 'Saved views' });
  return { list, tabs };
}

export const tab = (tabs: HTMLElement, name: RegExp) => within(tabs).getByRole('tab', { name });
export const articles = (list: HTMLElement) => within(list).getAllByRole('article').length;
