import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { ToastProvider } from '../../../components/ui/ToastProvider.tsx';
import { accessTokenStore } from '../../../lib/token-storage.ts';
import { fakeAccessToken, json, stubApi } from '../../../test/fake-api.ts';
import { chatworkMessage } from '../../../test/message-fixtures.ts';
import { HIDE_ANIMATION_MS, useHiding } from './use-hiding.ts';

const messages = [chatworkMessage('101'), chatworkMessage('102')];

/** The server's hidden list, answering at once: a hide and its undo both land well within the card's fade. */
function hiddenServer() {
  const hidden = new Set<string>();
  stubApi({
    'GET /api/messages/hidden?ids_only=true': () =>
      json(200, { hidden_message_ids: { chatwork: [...hidden], slack: [] } }),
    'POST /api/messages/hide/batch': (init) => {
      const body = JSON.parse(String(init?.body)) as { messages: { platform_message_id: string }[] };
      for (const message of body.messages) hidden.add(message.platform_message_id);
      return json(200, { success: true, hidden: body.messages.length });
    },
    'DELETE /api/messages/hide': (init) => {
      hidden.delete((JSON.parse(String(init?.body)) as { platform_message_id: string }).platform_message_id);
      return json(200, { success: true });
    },
  });
  return hidden;
}

function renderHiding() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) =>
    createElement(QueryClientProvider, { client: queryClient }, createElement(ToastProvider, null, children));
  return renderHook(() => useHiding(), { wrapper });
}

beforeEach(() => {
  accessTokenStore.set(fakeAccessToken(3600));
});

describe('useHiding', () => {
  it('keeps messages shown when a hide is undone while their cards still fade out', async () => {
    const hidden = hiddenServer();
    const { result } = renderHiding();

    await act(() => result.current.hideMany(messages));
    expect(hidden.size).toBe(2);
    expect(result.current.isFading(messages[0]!.id)).toBe(true);

    await act(() => result.current.unhideAll(messages));
    expect(hidden.size).toBe(0);

    // The fade that was under way when the undo came has ended.
    await act(() => new Promise((resolve) => setTimeout(resolve, HIDE_ANIMATION_MS + 100)));
    for (const message of messages) {
      expect(result.current.isHidden(message.id)).toBe(false);
      expect(result.current.isFading(message.id)).toBe(false);
    }
  });

  it('hides messages once their fade ends when nothing calls the hide off', async () => {
    hiddenServer();
    const { result } = renderHiding();

    await act(() => result.current.hideMany(messages));
    await waitFor(() => expect(result.current.isFading(messages[0]!.id)).toBe(false));
    for (const message of messages) expect(result.current.isHidden(message.id)).toBe(true);
  });
});
