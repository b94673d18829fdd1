import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { TagRecord } from '../../../../contract/tags.ts';
import { changeLanguage } from '../../../lib/i18n.ts';
import { apiError, json, stubApi } from '../../../test/fake-api.ts';
import { chatworkMessage } from '../../../test/message-fixtures.ts';
import { renderRouter } from '../../../test/render-router.ts';
import { TagPickerSheet } from './TagPickerSheet.tsx';

const stamp = '2026-01-01T00:00:00.000Z';
const tag = (id: string, name: string, color: string): TagRecord => ({
  id: `00000000-0000-4000-8000-0000000000${id}`,
  name,
  color,
  created_at: stamp,
  updated_at: stamp,
});
const urgent = tag('01', 'Urgent', '#EF4444');
const meeting = tag('02', 'Meeting', '#3B82F6');
const later = tag('03', 'Later', '#84CC16');

const message = chatworkMessage('1893276540123456789', { body: 'Can you check the launch plan?' });
const base = `/api/tags/messages/chatwork/${message.platform_message_id}`;

type Answer = () => Response | Promise<Response>;

function renderPicker(answers: { add?: Answer; remove?: Answer; carried?: () => TagRecord[] }) {
  const onChanged = vi.fn();
  const fetchMock = stubApi({
    'GET /api/tags': () => json(200, { success: true, data: [later, meeting, urgent] }),
    [`GET ${base}`]: () => json(200, { success: true, data: answers.carried?.() ?? [urgent] }),
    'POST /api/tags/messages': answers.add ?? (() => json(500, {})),
    [`DELETE ${base}/${urgent.id}`]: answers.remove ?? (() => json(500, {})),
  });
  renderRouter(
    [{ path: '/', element: <TagPickerSheet message={message} onClose={() => {}} onChanged={onChanged} /> }],
    '/',
  );
  return { onChanged, fetchMock };
}

const checkbox = async (name: string) => {
  const list = await screen.findByRole('list', { name: 'Tags for this message' });
  return within(list).getByRole('checkbox', { name });
};

describe('tag picker', () => {
  it('lists every tag, ticks the ones the message carries, and is a labelled sheet', async () => {
    renderPicker({});
    const sheet = await screen.findByRole('dialog', { name: 'Tags' });
    expect(sheet).toHaveAccessibleDescription('Tick the tags for this message from Aiko Tanaka.');
    expect(await checkbox('Urgent')).toBeChecked();
    expect(await checkbox('Meeting')).not.toBeChecked();
    expect(within(sheet).getByRole('link', { name: 'Manage tags' })).toHaveAttribute('href', '/tags');
  });

  it('ticks at once with a spinner, and keeps the tick when the server says it was already there (409)', async () => {
    let release: (response: Response) => void = () => {};
    let added = false;
    const { onChanged, fetchMock } = renderPicker({
      add: () =>
        new Promise<Response>((resolve) => {
          added = true;
          release = resolve;
        }),
      carried: () => (added ? [urgent, meeting] : [urgent]),
    });
    await userEvent.click(await checkbox('Meeting'));
    expect(await checkbox('Meeting')).toBeChecked();
    expect(screen.getByText('Saving…')).toBeVisible();
    release(apiError(409, 'Conflict', 'The message already carries this tag'));
    await waitFor(() => expect(screen.queryByText('Saving…')).not.toBeInTheDocument());
    expect(await checkbox('Meeting')).toBeChecked();
    expect(onChanged).toHaveBeenCalledTimes(1);
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({
      platform: 'chatwork',
      platform_message_id: message.platform_message_id,
      tag_id: meeting.id,
    });
  });

  it('treats a tag already taken off (404) as done', async () => {
    let carried = [urgent];
    const { onChanged } = renderPicker({
      remove: () => {
        carried = [];
        return apiError(404, 'Not Found', 'The message does not carry this tag');
      },
      carried: () => carried,
    });
    await userEvent.click(await checkbox('Urgent'));
    await waitFor(() => expect(onChanged).toHaveBeenCalledTimes(1));
    expect(await checkbox('Urgent')).not.toBeChecked();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('puts the tick back with an error when the change is refused', async () => {
    const { onChanged } = renderPicker({ add: () => apiError(403, 'Forbidden', 'Not allowed') });
    await userEvent.click(await checkbox('Later'));
    expect(await screen.findByText('The tag could not be changed. Please try again.')).toBeVisible();
    expect(await checkbox('Later')).not.toBeChecked();
    expect(onChanged).not.toHaveBeenCalled();
  });

  it('says so, in either language, when the user has tagged as many messages as allowed', async () => {
    const refusal = () =>
      json(403, { statusCode: 403, error: 'Forbidden', message: 'cap', code: 'TAG_LINK_LIMIT' });
    renderPicker({ add: refusal });
    await userEvent.click(await checkbox('Later'));
    expect(
      await screen.findByText(
        'You have tagged 20,000 messages, the most you can. Take tags off messages you no longer need.',
      ),
    ).toBeVisible();
    expect(await checkbox('Later')).not.toBeChecked();
    cleanup();

    await changeLanguage('jp');
    renderPicker({ add: refusal });
    const list = await screen.findByRole('list', { name: 'このメッセージのタグ' });
    await userEvent.click(within(list).getByRole('checkbox', { name: 'Later' }));
    expect(
      await screen.findByText(
        'タグを付けられるメッセージは20,000件までです。不要になったメッセージからタグを外してください。',
      ),
    ).toBeVisible();
  });

  it('reloads the message’s tags after a server fault', async () => {
    let loads = 0;
    const { fetchMock } = renderPicker({
      remove: () => apiError(500, 'Internal Server Error', 'Something went wrong'),
      carried: () => {
        loads += 1;
        return [urgent];
      },
    });
    await userEvent.click(await checkbox('Urgent'));
    expect(await screen.findByText('The tag could not be changed. Please try again.')).toBeVisible();
    await waitFor(() => expect(loads).toBe(2));
    expect(await checkbox('Urgent')).toBeChecked();
    expect(fetchMock.mock.calls.filter(([url]) => String(url) === base)).toHaveLength(2);
  });
});
