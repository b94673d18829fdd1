import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Tag, UnifiedMessage } from '../../../../contract/messages.ts';
import { apiError, json, stubApi } from '../../../test/fake-api.ts';
import { chatworkMessage } from '../../../test/message-fixtures.ts';
import { renderRouter } from '../../../test/render-router.ts';
import { BulkTagSheet } from './BulkTagSheet.tsx';

const stamp = '2026-01-01T00:00:00.000Z';
const urgent: Tag = { id: '00000000-0000-4000-8000-000000000001', name: 'Urgent', color: '#EF4444' };
const later: Tag = { id: '00000000-0000-4000-8000-000000000002', name: 'Later', color: '#84CC16' };

function renderSheet(messages: UnifiedMessage[], handlers: Parameters<typeof stubApi>[0]) {
  const onChanged = vi.fn();
  const fetchMock = stubApi({
    'GET /api/tags': () =>
      json(200, {
        success: true,
        data: [later, urgent].map((tag) => ({ ...tag, created_at: stamp, updated_at: stamp })),
      }),
    ...handlers,
  });
  renderRouter(
    [{ path: '/', element: <BulkTagSheet messages={messages} onClose={() => {}} onChanged={onChanged} /> }],
    '/',
  );
  return { onChanged, fetchMock };
}

const option = async (name: string) =>
  within(await screen.findByRole('list', { name: 'Tags for the selected messages' })).getByRole('checkbox', {
    name,
  });

describe('bulk-tag sheet', () => {
  it('shows a tag some of the messages carry as mixed, and takes one they all carry off them all', async () => {
    const { onChanged, fetchMock } = renderSheet(
      [chatworkMessage('1', { tags: [urgent] }), chatworkMessage('2', { tags: [urgent, later] })],
      {
        'DELETE /api/tags/messages/chatwork/1/00000000-0000-4000-8000-000000000001': () =>
          json(200, { success: true }),
        'DELETE /api/tags/messages/chatwork/2/00000000-0000-4000-8000-000000000001': () =>
          apiError(404, 'Not Found', 'The message does not carry this tag'),
      },
    );
    expect(await screen.findByRole('dialog', { name: 'Tag 2 messages' })).toBeVisible();
    expect(await option('Later')).toBePartiallyChecked();
    expect(await option('Urgent')).toBeChecked();

    await userEvent.click(await option('Urgent'));
    expect(await screen.findByText('“Urgent” taken off 2 messages.')).toBeVisible();
    expect(await option('Urgent')).not.toBeChecked();
    expect(onChanged).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'DELETE')).toHaveLength(2);
  });

  it('says so and reloads the list when some messages could not be tagged', async () => {
    const { onChanged } = renderSheet(
      [chatworkMessage('1', { tags: [] }), chatworkMessage('2', { tags: [] })],
      {
        'POST /api/tags/messages': (init) =>
          JSON.parse(String(init?.body)).platform_message_id === '1'
            ? json(201, {
                success: true,
                data: {
                  id: '00000000-0000-4000-8000-0000000000ff',
                  tag_id: later.id,
                  tag: { ...later, created_at: stamp, updated_at: stamp },
                  platform: 'chatwork',
                  platform_message_id: '1',
                  created_at: stamp,
                },
              })
            : apiError(500, 'Internal Server Error', 'Something went wrong'),
      },
    );
    await userEvent.click(await option('Later'));
    expect(
      await screen.findByText('Some messages could not be changed. The list has been reloaded.'),
    ).toBeVisible();
    expect(onChanged).toHaveBeenCalledTimes(1);
    expect(await option('Later')).not.toBeChecked();
  });
});
