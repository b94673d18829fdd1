import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '../../lib/i18n.ts';
import { chatworkResult, connected, iso, now, tagLinkCreated } from '../../test/dashboard-fixtures.ts';
import { apiError, json, stubApi } from '../../test/fake-api.ts';
import { renderRouter } from '../../test/render-router.ts';
import { routes } from '../router.tsx';

const bodies = Array.from({ length: 21 }, (_, index) => `Task number ${index + 1}`);
const idOf = (index: number) => String(9_000_000_000_000_000_000n + BigInt(index));
const urgent = {
  id: '00000000-0000-4000-8000-0000000000aa',
  name: 'Urgent',
  color: '#EF4444',
  created_at: iso(now),
  updated_at: iso(now),
};

/** A server that remembers hides and tags, and can be told to refuse unhiding. */
function inboxServer() {
  const hidden = new Set<string>();
  const tagged = new Set<string>();
  const state = { refuseUnhide: false, extra: [] as string[] };
  const messages = () => {
    const result = chatworkResult([...state.extra, ...bodies]);
    result.messages.forEach((message, index) => {
      // New messages arrive above the others, with ids of their own.
      if (index < state.extra.length) {
        message.platform_message_id = message.message_id = idOf(100 + index);
        message.send_time = now - 10 + index;
      } else {
        message.platform_message_id = message.message_id = idOf(index - state.extra.length);
        message.send_time = now - 120 - (index - state.extra.length);
      }
      if (tagged.has(message.platform_message_id)) {
        message.tags = [{ id: urgent.id, name: urgent.name, color: urgent.color }];
      }
    });
    return json(200, result);
  };
  const messageTags = Object.fromEntries(
    bodies.map((_, index) => [
      `GET /api/tags/messages/chatwork/${idOf(index)}`,
      () => json(200, { success: true, data: tagged.has(idOf(index)) ? [urgent] : [] }),
    ]),
  );
  const fetchMock = stubApi({
    ...connected,
    ...messageTags,
    'GET /api/slack/status': () => json(200, { connections: [] }),
    'GET /api/chatwork/messages/cw-1': messages,
    'GET /api/chatwork/messages/cw-1?refresh=1': messages,
    'GET /api/messages/hidden?ids_only=true': () =>
      json(200, { hidden_message_ids: { chatwork: [...hidden], slack: [] } }),
    'POST /api/messages/hide': (init) => {
      hidden.add(JSON.parse(String(init?.body)).platform_message_id);
      return json(200, { success: true });
    },
    'DELETE /api/messages/hide': (init) => {
      if (state.refuseUnhide) return apiError(503, 'Service Unavailable', 'Try later');
      hidden.delete(JSON.parse(String(init?.body)).platform_message_id);
      return json(200, { success: true });
    },
    'POST /api/messages/hide/batch': (init) => {
      const body = JSON.parse(String(init?.body)) as { messages: { platform_message_id: string }[] };
      for (const message of body.messages) hidden.add(message.platform_message_id);
      return json(200, { success: true, hidden: body.messages.length });
    },
    'GET /api/tags': () => json(200, { success: true, data: [urgent] }),
    'POST /api/tags/messages': (init) => {
      const id = JSON.parse(String(init?.body)).platform_message_id as string;
      tagged.add(id);
      return tagLinkCreated(urgent, id);
    },
    ...Object.fromEntries(
      bodies.map((_, index) => [
        `DELETE /api/tags/messages/chatwork/${idOf(index)}/${urgent.id}`,
        () => {
          tagged.delete(idOf(index));
          return json(200, { success: true });
        },
      ]),
    ),
  });
  return { hidden, tagged, state, fetchMock };
}

async function openInbox() {
  renderRouter(routes, '/dashboard');
  return screen.findByRole('list', { name: 'Message list' });
}

const card = (list: HTMLElement, text: string) =>
  within(list).getByText(text).closest('article') as HTMLElement;
const press = (keys: string) => userEvent.keyboard(keys);

describe('triage from the keyboard', () => {
  // First in the file: the palette's code has not come yet, as on a page just opened.
  it('closes the palette with Escape pressed before it has drawn: it does not open afterwards', async () => {
    inboxServer();
    const list = await openInbox();
    await press('j');
    await press('{Control>}k{/Control}{Escape}');
    // Long enough for the palette's code to come and draw, had it still been wanted.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.queryByRole('dialog', { name: 'Commands' })).not.toBeInTheDocument();
    expect(card(list, 'Task number 1')).toHaveFocus();
    await press('x');
    expect(within(card(list, 'Task number 1')).getByRole('checkbox')).toBeChecked();
  });

  it('moves the focused card with j and k, announces it, and goes on to the next page at the end', async () => {
    inboxServer();
    const list = await openInbox();

    await press('j');
    const first = card(list, 'Task number 1');
    expect(first).toHaveFocus();
    expect(first).toHaveAttribute('aria-current', 'true');
    expect(screen.getByText('Message 1 of 21 from Aiko Tanaka')).toHaveAttribute('role', 'status');
    await press('jjk');
    expect(card(list, 'Task number 2')).toHaveFocus();
    expect(first).not.toHaveAttribute('aria-current');

    for (let step = 0; step < 18; step += 1) await press('j');
    expect(card(list, 'Task number 20')).toHaveFocus();
    await press('j');
    expect(await within(list).findByText('Task number 21')).toBeVisible();
    await waitFor(() => expect(card(list, 'Task number 21')).toHaveFocus());
    expect(screen.getByText('Message 21 of 21 from Aiko Tanaka')).toBeInTheDocument();
    await press('k');
    await waitFor(() => expect(card(list, 'Task number 20')).toHaveFocus());
  });

  it('keeps the focused card on its message when new messages arrive above it', async () => {
    const server = inboxServer();
    const list = await openInbox();
    await press('jjj');
    expect(card(list, 'Task number 3')).toHaveFocus();

    server.state.extra = ['Brand new'];
    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));

    expect(await within(list).findByText('Brand new')).toBeVisible();
    expect(card(list, 'Task number 3')).toHaveAttribute('aria-current', 'true');
    await press('j');
    expect(card(list, 'Task number 4')).toHaveFocus();
    expect(screen.getByText('Message 5 of 22 from Aiko Tanaka')).toBeInTheDocument();
  });

  it('hides the focused card with h, keeps the place, and undoes with u', async () => {
    const server = inboxServer();
    const list = await openInbox();
    await press('jj');
    await press('h');
    await waitFor(() => expect(within(list).queryByText('Task number 2')).not.toBeInTheDocument());
    expect(server.hidden).toEqual(new Set([idOf(1)]));
    expect(card(list, 'Task number 3')).toHaveFocus();
    expect(screen.getByText('Message hidden.')).toBeVisible();

    await press('u');
    expect(await within(list).findByText('Task number 2')).toBeVisible();
    expect(await screen.findByText('Hiding undone.')).toBeVisible();
    expect(server.hidden.size).toBe(0);
    await waitFor(() => expect(card(list, 'Task number 2')).toHaveFocus());
  });

  it('selects with x, hides the selection after confirming, and undo brings back the messages and the selection', async () => {
    const server = inboxServer();
    const list = await openInbox();
    await press('jxjxjx');
    expect(within(card(list, 'Task number 3')).getByRole('checkbox')).toBeChecked();
    expect(screen.getByRole('group', { name: '3 selected' })).toBeVisible();

    await press('h');
    const dialog = await screen.findByRole('dialog', { name: 'Hide 3 messages?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Hide' }));
    await waitFor(() => expect(server.hidden.size).toBe(3));
    expect(screen.queryByRole('group', { name: '3 selected' })).not.toBeInTheDocument();
    expect(await screen.findByText('3 messages hidden.')).toBeVisible();

    await press('u');
    await waitFor(() => expect(server.hidden.size).toBe(0));
    expect(await screen.findByRole('group', { name: '3 selected' })).toBeVisible();
    await within(list).findByText('Task number 1');
    expect(within(card(list, 'Task number 1')).getByRole('checkbox')).toBeChecked();
  });

  it('says so when an undo cannot be saved, and changes nothing', async () => {
    const server = inboxServer();
    const list = await openInbox();
    await press('jh');
    await waitFor(() => expect(server.hidden.size).toBe(1));
    server.state.refuseUnhide = true;

    await press('u');
    expect(await screen.findByText(/Could not undo/)).toBeVisible();
    expect(server.hidden).toEqual(new Set([idOf(0)]));
    await waitFor(() => expect(within(list).queryByText('Task number 1')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Show all hidden (1)' })).toBeEnabled();

    // The change is still there to undo once the server answers again.
    server.state.refuseUnhide = false;
    await press('u');
    expect(await within(list).findByText('Task number 1')).toBeVisible();
  });

  it('tags the focused card with t, and undo takes the tag off again', async () => {
    const server = inboxServer();
    const list = await openInbox();
    await press('jj');
    await press('t');
    const sheet = await screen.findByRole('dialog', { name: 'Tags' });
    await userEvent.click(await within(sheet).findByRole('checkbox', { name: 'Urgent' }));
    await waitFor(() => expect(server.tagged).toEqual(new Set([idOf(1)])));
    await userEvent.keyboard('{Escape}');
    expect(card(list, 'Task number 2')).toHaveFocus();
    expect(await screen.findByText('Tags changed.')).toBeVisible();
    expect(await within(card(list, 'Task number 2')).findByRole('list', { name: 'Tags' })).toHaveTextContent(
      'Urgent',
    );

    await press('u');
    expect(await screen.findByText('Tag change undone.')).toBeVisible();
    expect(server.tagged.size).toBe(0);
    await waitFor(() =>
      expect(
        within(card(list, 'Task number 2')).queryByRole('list', { name: 'Tags' }),
      ).not.toBeInTheDocument(),
    );
  });

  it('says there is nothing to undo when nothing was done', async () => {
    inboxServer();
    await openInbox();
    await press('u');
    expect(await screen.findByText('Nothing to undo.')).toBeVisible();
  });

  it('fires nothing while typing in the reply box or during a composition', async () => {
    const server = inboxServer();
    const list = await openInbox();
    await press('j');
    await press('r');
    const box = await within(card(list, 'Task number 1')).findByRole('textbox');
    await waitFor(() => expect(box).toHaveFocus());
    await userEvent.type(box, 'jxh u');
    expect((box as HTMLTextAreaElement).value).toContain('jxh u');
    expect(within(card(list, 'Task number 1')).getByRole('checkbox')).not.toBeChecked();
    expect(server.hidden.size).toBe(0);

    // An IME composing in the page: its keydowns carry isComposing and key code 229.
    act(() => card(list, 'Task number 2').focus());
    fireEvent.compositionStart(document.body);
    fireEvent.keyDown(document.body, { key: 'h', isComposing: true, keyCode: 229 });
    fireEvent.keyDown(document.body, { key: 'x' });
    fireEvent.compositionEnd(document.body, { data: 'へ' });
    fireEvent.keyDown(document.body, { key: 'Enter', keyCode: 229 });
    expect(within(card(list, 'Task number 2')).getByRole('checkbox')).not.toBeChecked();
    expect(server.hidden.size).toBe(0);
  });

  it('opens the palette with Ctrl+K and runs an action found by its Japanese label', async () => {
    const server = inboxServer();
    const list = await openInbox();
    await press('j');
    await press('{Control>}k{/Control}');
    const palette = await screen.findByRole('dialog', { name: 'Commands' });
    const input = within(palette).getByRole('combobox', { name: 'Search commands' });
    await userEvent.type(input, '確認して非表示');
    expect(within(palette).getByRole('option', { name: 'Check and hide' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await press('{Enter}');
    await waitFor(() => expect(server.hidden).toEqual(new Set([idOf(0)])));
    await waitFor(() => expect(within(list).queryByText('Task number 1')).not.toBeInTheDocument());

    // What was run last comes first the next time.
    await press('{Control>}k{/Control}');
    const again = await screen.findByRole('dialog', { name: 'Commands' });
    expect(
      within(within(again).getByRole('group', { name: 'Recent' })).getByRole('option'),
    ).toHaveAccessibleName('Check and hide');
    await press('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('gives keys typed as the palette opens to the palette, not to the card behind it', async () => {
    const server = inboxServer();
    const list = await openInbox();
    await press('j');
    // Typed at once: the palette is wanted before it has drawn and taken focus.
    await press('{Control>}k{/Control}xh');
    await screen.findByRole('dialog', { name: 'Commands' });
    await press('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(card(list, 'Task number 1')).getByRole('checkbox')).not.toBeChecked();
    expect(server.hidden.size).toBe(0);
    await press('x');
    expect(within(card(list, 'Task number 1')).getByRole('checkbox')).toBeChecked();
  });

  it('shows the shortcuts with "?" and goes to the tags page with g then t', async () => {
    inboxServer();
    await openInbox();
    await press('?');
    const help = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    expect(within(help).getByText('Check and hide')).toBeVisible();
    expect(within(help).getByText('Go to tags').closest('div')).toHaveTextContent('g then t');
    await press('{Escape}');
    await press('gt');
    expect(await screen.findByRole('heading', { name: 'Tags', level: 1 })).toBeVisible();
  });

  it('labels everything in Japanese', async () => {
    await changeLanguage('jp');
    inboxServer();
    renderRouter(routes, '/dashboard');
    const list = await screen.findByRole('list', { name: 'メッセージ一覧' });
    await press('j');
    expect(screen.getByText('21件中1件目、Aiko Tanakaさんからのメッセージ')).toBeInTheDocument();
    expect(
      within(card(list, 'Task number 1')).getByRole('button', {
        name: 'Aiko Tanakaさんからのメッセージを確認して非表示にする',
      }),
    ).toHaveAttribute('aria-keyshortcuts', 'h');
    await press('{Control>}k{/Control}');
    const palette = await screen.findByRole('dialog', { name: 'コマンド' });
    await userEvent.type(within(palette).getByRole('combobox'), 'reply');
    expect(within(palette).getByRole('option', { name: '返信' })).toBeVisible();
  });
});
