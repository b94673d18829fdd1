import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { LIVE_MESSAGES_EVENT, LIVE_REMOVED_EVENT, LIVE_RULES_EVENT } from '../../../../contract/live.ts';
import type { SourceMessage } from '../../../../contract/messages.ts';
import { accessTokenStore } from '../../../lib/token-storage.ts';
import { slackResult } from '../../../test/dashboard-fixtures.ts';
import { fakeAccessToken, json, stubApi } from '../../../test/fake-api.ts';
import { connectionMessagesQueryKey } from '../api/get-connection-messages.ts';
import type { ConnectionResult } from './live-result.ts';
import { FakeEventSource } from '../../../test/fake-event-source.ts';
import { useLiveMessages } from './use-live-messages.ts';

const key = connectionMessagesQueryKey('slack', 'sl-1');
const shown = slackResult(['<@UKENJI> One', '<@UKENJI> Two']);
const [one, two] = shown.messages as [SourceMessage, SourceMessage];
const newer: SourceMessage = { ...one, platform_message_id: 'C1-new', send_time: one.send_time + 30 };
const edited: SourceMessage = { ...two, body: 'Two, edited' };

function renderLive() {
  const queryClient = new QueryClient();
  queryClient.setQueryData(key, shown);
  const wrapper = ({ children }: { children: ReactNode }) =>
    createElement(QueryClientProvider, { client: queryClient }, children);
  const hook = renderHook(() => useLiveMessages(), { wrapper });
  const cached = () => queryClient.getQueryData<ConnectionResult>(key)!;
  return { ...hook, cached, queryClient };
}

beforeEach(() => {
  FakeEventSource.opened = [];
  vi.stubGlobal('EventSource', FakeEventSource);
  accessTokenStore.set(fakeAccessToken(3600));
  stubApi({
    'POST /api/events/ticket': () => json(200, { ticket: 'ticket-0123456789abcdef', expires_in: 30 }),
  });
});

describe('useLiveMessages', () => {
  it('changes an edited message in place, holds new ones back, and drops removed ones from both', async () => {
    const { result, cached } = renderLive();
    await waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));
    const [source] = FakeEventSource.opened as [FakeEventSource];

    source.deliver(LIVE_MESSAGES_EVENT, '7', { platform: 'slack', messages: [newer, edited] });

    expect(cached().messages).toEqual([one, edited]);
    expect(result.current.pending).toEqual([newer]);

    source.deliver(LIVE_REMOVED_EVENT, '8', {
      platform: 'slack',
      ids: [one.platform_message_id, newer.platform_message_id],
    });

    expect(cached().messages).toEqual([edited]);
    expect(cached().summary.total_messages).toBe(1);
    expect(result.current.pending).toEqual([]);
  });

  it('stops holding back a message once its connection’s answer shows it', async () => {
    const { result, queryClient } = renderLive();
    await waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));
    const [source] = FakeEventSource.opened as [FakeEventSource];
    const otherKey = connectionMessagesQueryKey('slack', 'sl-2');
    const arrivedFirst: SourceMessage = {
      ...newer,
      platform_message_id: 'C2-first',
      account_info: { ...newer.account_info, connection_id: 'sl-2' },
    };

    // A new workspace's first message comes live while its first answer is still being gathered.
    source.deliver(LIVE_MESSAGES_EVENT, '7', { platform: 'slack', messages: [arrivedFirst, newer] });
    expect(result.current.pending).toHaveLength(2);

    act(() => queryClient.setQueryData(otherKey, { ...shown, messages: [arrivedFirst] }));

    expect(result.current.pending).toEqual([newer]);
  });

  it('resumes after a drop from the last event of either kind', async () => {
    renderLive();
    await waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));
    const [source] = FakeEventSource.opened as [FakeEventSource];

    source.deliver(LIVE_MESSAGES_EVENT, '7', { platform: 'slack', messages: [newer] });
    source.deliver(LIVE_REMOVED_EVENT, '8', { platform: 'slack', ids: [newer.platform_message_id] });
    source.deliver('error', '');

    await waitFor(() => expect(FakeEventSource.opened).toHaveLength(2));
    expect(
      new URL(FakeEventSource.opened[1]!.url, 'http://matome.test').searchParams.get('last_event_id'),
    ).toBe('8');
  });

  it("asks for the messages again when the person's rules changed on any device", async () => {
    const { queryClient } = renderLive();
    await waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));
    expect(queryClient.getQueryState(key)?.isInvalidated).toBe(false);

    FakeEventSource.opened[0]!.deliver(LIVE_RULES_EVENT, '9', {});

    expect(queryClient.getQueryState(key)?.isInvalidated).toBe(true);
  });
});
