import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DoneMark, Snooze, TriageRestoreItem } from '../../../contract/triage.ts';
import { chatworkResult, connected, now } from '../../test/dashboard-fixtures.ts';
import { apiError, json, stubApi } from '../../test/fake-api.ts';
import { renderRouter } from '../../test/render-router.ts';
import { routes } from '../router.tsx';

const bodies = Array.from({ length: 6 }, (_, index) => `Task number ${index + 1}`);
const idOf = (index: number) => String(9_100_000_000_000_000_000n + BigInt(index));
const ROOM = 42;
type Ref = { platform: 'chatwork' | 'slack'; platform_message_id: string };
const iso = (ms: number) => new Date(ms).toISOString();

/**
 * A server that keeps snoozes and done marks as the real one does (a message has one or the other), and can be told
 * to refuse writes or to have a reply arrive.
 */
function triageServer() {
  const snoozes = new Map<string, Snooze>();
  const done = new Map<string, DoneMark>();
  const state = { refuse: false, reply: null as null | { to: number; body: string } };
  const messages = () => {
    const result = chatworkResult([...(state.reply ? [state.reply.body] : []), ...bodies]);
    result.messages.forEach((message, index) => {
      const offset = state.reply ? 1 : 0;
      if (index < offset) {
        message.platform_message_id = message.message_id = idOf(100);
        message.send_time = Math.floor(Date.now() / 1000) + 1;
        message.body =
          message.content = `[rp aid=1 to=${ROOM}-${idOf(state.reply!.to)}] ${state.reply!.body}`;
      } else {
        message.platform_message_id = message.message_id = idOf(index - offset);
        message.send_time = now - 120 - (index - offset);
      }
    });
    return json(200, result);
  };
  const refusing = () => state.refuse && apiError(503, 'Service Unavailable', 'Try later');
  const refsOf = (init: RequestInit | undefined) =>
    (JSON.parse(String(init?.body)) as { messages: (Ref & { thread_keys?: string[] })[]; until?: string })
      .messages;
  const server = stubApi({
    ...connected,
    'GET /api/slack/status': () => json(200, { connections: [] }),
    'GET /api/chatwork/messages/cw-1': messages,
    'GET /api/chatwork/messages/cw-1?refresh=1': messages,
    'GET /api/snoozes': () => json(200, { snoozes: [...snoozes.values()] }),
    'GET /api/done': () => json(200, { done_marks: [...done.values()] }),
    'POST /api/snoozes': (init) => {
      const refused = refusing();
      if (refused) return refused;
      const { until } = JSON.parse(String(init?.body)) as { until: string };
      const rows = refsOf(init).map((ref) => {
        done.delete(ref.platform_message_id);
        const row: Snooze = {
          ...ref,
          id: `s-${ref.platform_message_id}`,
          until,
          created_at: iso(Date.now()),
          updated_at: iso(Date.now()),
        };
        snoozes.set(ref.platform_message_id, row);
        return row;
      });
      return json(200, { success: true, snoozed: rows.length, snoozes: rows });
    },
    'POST /api/done': (init) => {
      const refused = refusing();
      if (refused) return refused;
      const rows = refsOf(init).map((item) => {
        snoozes.delete(item.platform_message_id);
        const row: DoneMark = {
          platform: item.platform,
          platform_message_id: item.platform_message_id,
          thread_keys: item.thread_keys!,
          id: `d-${item.platform_message_id}`,
          done_at: iso(Date.now()),
          created_at: iso(Date.now()),
        };
        done.set(item.platform_message_id, row);
        return row;
      });
      return json(200, { success: true, marked: rows.length, done_marks: rows });
    },
    'DELETE /api/snoozes': (init) => {
      const refused = refusing();
      if (refused) return refused;
      const removed = refsOf(init).filter((ref) => snoozes.delete(ref.platform_message_id)).length;
      return json(200, { success: true, removed });
    },
    'POST /api/triage/restore': (init) => {
      const refused = refusing();
      if (refused) return refused;
      const items = JSON.parse(String(init?.body)).messages as TriageRestoreItem[];
      for (const { snooze, done: mark, ...ref } of items) {
        snoozes.delete(ref.platform_message_id);
        done.delete(ref.platform_message_id);
        const id = ref.platform_message_id;
        if (snooze) snoozes.set(id, { ...ref, ...snooze, id: `s-${id}` });
        if (mark) done.set(id, { ...ref, ...mark, id: `d-${id}` });
      }
      return json(200, { success: true, restored: items.length });
    },
    'DELETE /api/done': (init) => {
      const refused = refusing();
      if (refused) return refused;
      const removed = refsOf(init).filter((ref) => done.delete(ref.platform_message_id)).length;
      return json(200, { success: true, removed });
    },
  });
  const snoozeNow = (index: number, untilMs: number) =>
    snoozes.set(idOf(index), {
      platform: 'chatwork',
      platform_message_id: idOf(index),
      id: `s-${idOf(index)}`,
      until: iso(untilMs),
      created_at: iso(Date.now() - 60_000),
      updated_at: iso(Date.now() - 60_000),
    });
  return { snoozes, done, state, server, snoozeNow };
}

async function openInbox() {
  renderRouter(routes, '/dashboard');
  return screen.findByRole('list', { name: 'Message list' });
}

const card = (list: HTMLElement, text: string) =>
  within(list).getByText(text).closest('article') as HTMLElement;
const firstCardText = (list: HTMLElement) => within(list).getAllByRole('article')[0]!.textContent;
const press = (keys: string) => userEvent.keyboard(keys);

afterEach(() => {
  vi.useRealTimers();
});

describe('snooze and done in the inbox', () => {
  it('shows the inbox only once it knows what is snoozed, so a snoozed message never shows and goes', async () => {
    const { server, snoozeNow } = triageServer();
    snoozeNow(0, Date.now() + 60 * 60_000);
    const snoozesHandler = server.getMockImplementation()!;
    let answerSnoozes: () => void = () => undefined;
    const snoozesHeld = new Promise<void>((resolve) => (answerSnoozes = resolve));
    server.mockImplementation(async (input, init) => {
      if (String(input) === '/api/snoozes' && (init?.method ?? 'GET') === 'GET') await snoozesHeld;
      return snoozesHandler(input, init);
    });
    renderRouter(routes, '/dashboard');

    await waitFor(() =>
      expect(server.mock.calls.map(([input]) => String(input))).toContain('/api/chatwork/messages/cw-1'),
    );
    // The messages are in; the list waits (its placeholder says it is loading) rather than show Task number 1.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByRole('list', { name: 'Message list' })).toBeNull();
    expect(screen.getByText('Loading messages…')).toBeInTheDocument();

    answerSnoozes();
    const list = await screen.findByRole('list', { name: 'Message list' });
    expect(within(list).getByText('Task number 2')).toBeVisible();
    expect(within(list).queryByText('Task number 1')).toBeNull();
  });

  it('snoozes the focused card with s and a typed time; it comes back at the top, marked, once the clock passes it', async () => {
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
    const server = triageServer();
    const list = await openInbox();
    await press('jjj');
    await press('s');
    const dialog = await screen.findByRole('dialog', { name: 'Snooze the message' });
    await userEvent.type(within(dialog).getByRole('textbox'), 'in 2 hours{Enter}');

    await waitFor(() => expect(within(list).queryByText('Task number 3')).not.toBeInTheDocument());
    expect(server.snoozes.has(idOf(2))).toBe(true);
    expect(await screen.findByText('Message snoozed.')).toBeVisible();

    // The tab slept through the time: it checks again when it is seen.
    vi.setSystemTime(Date.now() + 2 * 60 * 60_000 + 60_000);
    act(() => document.dispatchEvent(new Event('visibilitychange')));
    expect(await within(list).findByText('Task number 3')).toBeVisible();
    expect(firstCardText(list)).toContain('Task number 3');
    expect(within(list).getByText(/^Snoozed · back at /)).toBeVisible();
  });

  it('brings a snooze back by itself when its time comes while the page is open', async () => {
    const server = triageServer();
    // Time enough for the inbox to open on a busy machine before the snooze ends (1.5 s was not, in one CI run).
    server.snoozeNow(1, Date.now() + 4_000);
    const list = await openInbox();
    expect(within(list).queryByText('Task number 2')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Snoozed\s*1/ })).toBeVisible();

    expect(await within(list).findByText('Task number 2', {}, { timeout: 8_000 })).toBeVisible();
    expect(firstCardText(list)).toContain('Task number 2');
  });

  it('marks a thread message done with e, and brings it back marked "New reply" when its thread moves', async () => {
    const server = triageServer();
    const list = await openInbox();
    await press('jj');
    await press('e');
    await waitFor(() => expect(within(list).queryByText('Task number 2')).not.toBeInTheDocument());
    expect(server.done.get(idOf(1))?.thread_keys).toEqual([`chatwork:${ROOM}:${idOf(1)}`]);

    server.state.reply = { to: 1, body: 'Here is the answer' };
    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await within(list).findByText('Task number 2')).toBeVisible();
    const back = card(list, 'Task number 2').closest('li') as HTMLElement;
    expect(within(back).getByText('New reply')).toBeVisible();
  });

  it('undoes a done with u to exactly what was there: the woken snooze it replaced', async () => {
    const server = triageServer();
    const woke = Date.now() - 60_000;
    server.snoozeNow(4, woke);
    const list = await openInbox();
    expect(firstCardText(list)).toContain('Task number 5');
    await press('j');
    await press('e');
    await waitFor(() => expect(server.done.has(idOf(4))).toBe(true));
    expect(server.snoozes.size).toBe(0);

    await press('u');
    expect(await screen.findByText('Undone.')).toBeVisible();
    // Woken still, at the time it had: not "waking now".
    await waitFor(() => expect(server.snoozes.get(idOf(4))?.until).toBe(iso(woke)));
    expect(server.done.size).toBe(0);
    expect(await within(list).findByText('Task number 5')).toBeVisible();
    expect(firstCardText(list)).toContain('Task number 5');
  });

  it('marks the selection done from the bulk bar, and undo brings back the messages and the selection', async () => {
    const server = triageServer();
    const list = await openInbox();
    await press('jxjx');
    await userEvent.click(screen.getByRole('button', { name: 'Mark selected done' }));
    await waitFor(() => expect(server.done.size).toBe(2));
    expect(await screen.findByText(/^2 messages marked done\./)).toBeVisible();
    expect(within(list).queryByText('Task number 1')).not.toBeInTheDocument();
    expect(screen.queryByRole('group', { name: '2 selected' })).not.toBeInTheDocument();

    await press('u');
    await waitFor(() => expect(server.done.size).toBe(0));
    expect(await screen.findByRole('group', { name: '2 selected' })).toBeVisible();
    expect(within(card(list, 'Task number 2')).getByRole('checkbox')).toBeChecked();
  });

  it('says so when a done cannot be saved, and puts the message back', async () => {
    const server = triageServer();
    server.state.refuse = true;
    const list = await openInbox();
    await press('j');
    await press('e');
    expect(
      await screen.findByText('The message could not be marked done. Nothing was changed.'),
    ).toBeVisible();
    expect(within(list).getByText('Task number 1')).toBeVisible();
    expect(server.done.size).toBe(0);
  });

  it('says so when an undo cannot be saved, and changes nothing on screen or on the server', async () => {
    const server = triageServer();
    const list = await openInbox();
    await press('jj');
    await press('e');
    await waitFor(() => expect(server.done.has(idOf(1))).toBe(true));
    const doneMark = server.done.get(idOf(1));

    server.state.refuse = true;
    await press('u');
    expect(
      await screen.findByText(
        'Could not undo: the change could not be saved, so nothing was changed. Please try again.',
      ),
    ).toBeVisible();
    expect(within(list).queryByText('Task number 2')).not.toBeInTheDocument();
    expect(server.done.get(idOf(1))).toEqual(doneMark);
    expect(server.snoozes.size).toBe(0);

    // It stays undoable while its time lasts.
    server.state.refuse = false;
    await press('u');
    expect(await within(list).findByText('Task number 2')).toBeVisible();
    expect(server.done.size).toBe(0);
  });

  it('lists what waits in the Snoozed view (g then s), and unsnoozes from there with an undo', async () => {
    const server = triageServer();
    server.snoozeNow(2, Date.now() + 3 * 60 * 60_000);
    server.snoozes.set('gone', {
      platform: 'chatwork',
      platform_message_id: '1234',
      id: 's-gone',
      until: iso(Date.now() + 60 * 60_000),
      created_at: iso(Date.now()),
      updated_at: iso(Date.now()),
    });
    await openInbox();
    await press('gs');
    const view = await screen.findByRole('list', { name: 'Snoozed messages' });
    const items = within(view).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Message no longer in the inbox');
    expect(items[0]).toHaveTextContent('Message ID 1234');
    expect(items[1]).toHaveTextContent('Task number 3');

    await userEvent.click(
      within(items[1]!).getByRole('button', { name: 'Unsnooze the message from Aiko Tanaka' }),
    );
    await waitFor(() => expect(server.snoozes.has(idOf(2))).toBe(false));
    await press('u');
    await waitFor(() => expect(server.snoozes.get(idOf(2))?.until).toBeDefined());

    await press('gi');
    expect(await screen.findByRole('list', { name: 'Message list' })).toBeVisible();
  });
});
