import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { PlatformConnection } from '../../../../contract/messages.ts';
import { accessTokenStore } from '../../../lib/token-storage.ts';
import {
  chatworkConnection,
  chatworkResult,
  connection,
  now,
  slackConnection,
  slackResult,
} from '../../../test/dashboard-fixtures.ts';
import { fakeAccessToken, json, stubApi } from '../../../test/fake-api.ts';
import { connectionMessagesQueryKey } from '../api/get-connection-messages.ts';
import { useTimeline } from './use-timeline.ts';

const connections = [slackConnection, chatworkConnection];

const newClient = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });

/** The hook over `shown` connections, in a client of its own; `rerender({ shown })` changes them. */
function renderTimeline(shown: readonly PlatformConnection[], queryClient = newClient()) {
  const wrapper = ({ children }: { children: ReactNode }) =>
    createElement(QueryClientProvider, { client: queryClient }, children);
  return renderHook((props: { shown: readonly PlatformConnection[] }) => useTimeline(props.shown), {
    wrapper,
    initialProps: { shown },
  });
}

beforeEach(() => {
  accessTokenStore.set(fakeAccessToken(3600));
});

describe('useTimeline', () => {
  it('keeps each message’s object when another account answers with newer ones, so its card is not drawn again', async () => {
    let answerChatwork: (response: Response) => void = () => undefined;
    stubApi({
      'GET /api/chatwork/messages/cw-1': () => new Promise<Response>((resolve) => (answerChatwork = resolve)),
    });
    const queryClient = newClient();
    queryClient.setQueryData(
      connectionMessagesQueryKey('slack', slackConnection.id),
      slackResult(['<@UKENJI> One', '<@UKENJI> Two']),
    );
    const { result } = renderTimeline(connections, queryClient);
    const slackMessages = result.current.messages;
    expect(slackMessages).toHaveLength(2);

    // ChatWork's messages are newer: every Slack message moves down the merged list.
    const chatwork = chatworkResult(['Newest']);
    answerChatwork(
      json(200, {
        ...chatwork,
        messages: chatwork.messages.map((message, index) => ({ ...message, send_time: now - index })),
      }),
    );

    await waitFor(() => expect(result.current.messages).toHaveLength(3));
    const merged = result.current.messages;
    expect(merged.map((message) => message.content)).toEqual(['Newest', '<@UKENJI> One', '<@UKENJI> Two']);
    expect(merged[1]).toBe(slackMessages[0]);
    expect(merged[2]).toBe(slackMessages[1]);
  });

  it('gives the same list while no answer changes, as a fetch starts and ends', async () => {
    let answerAgain: () => void = () => undefined;
    let asked = 0;
    stubApi({
      'GET /api/slack/messages/sl-1': () => {
        asked += 1;
        const answer = json(200, slackResult(['<@UKENJI> One']));
        return asked === 1
          ? answer
          : new Promise<Response>((resolve) => (answerAgain = () => resolve(answer)));
      },
    });
    const queryClient = newClient();
    const { result } = renderTimeline([slackConnection], queryClient);
    await waitFor(() => expect(result.current.isFetching).toBe(false));
    const listed = result.current.messages;

    const refetched = queryClient.refetchQueries({ queryKey: ['messages'] });
    await waitFor(() => expect(result.current.isFetching).toBe(true));
    expect(result.current.messages).toBe(listed);
    answerAgain();
    await refetched;
    await waitFor(() => expect(result.current.isFetching).toBe(false));
    expect(result.current.messages).toBe(listed);
  });

  it('draws accounts that answer together once: while one is still to answer the list waits, then shows the others', async () => {
    let answerChatwork: (response: Response) => void = () => undefined;
    stubApi({
      'GET /api/slack/messages/sl-1': () => json(200, slackResult(['<@UKENJI> One'])),
      'GET /api/chatwork/messages/cw-1': () => new Promise<Response>((resolve) => (answerChatwork = resolve)),
      // The same room's second message: ids are per platform, so it is one more card.
      'GET /api/chatwork/messages/cw-2': () => json(200, chatworkResult(['Newest', 'Later'])),
    });
    const { result, rerender } = renderTimeline(connections);

    await waitFor(() => expect(result.current.accounts[0]?.status).toBe('completed'));
    // Slack has answered, ChatWork not yet: its newer messages would land above Slack's cards.
    expect(result.current.isLoading).toBe(true);
    await waitFor(() => expect(result.current.isLoading).toBe(false));
    expect(result.current.messages.map((message) => message.content)).toEqual(['<@UKENJI> One']);

    answerChatwork(json(200, chatworkResult(['Newest'])));
    await waitFor(() => expect(result.current.messages).toHaveLength(2));
    // An account connected later is drawn when it answers; the list does not go back to waiting for it.
    rerender({ shown: [...connections, connection('chatwork', 'cw-2', 'Globex')] });
    expect(result.current.isLoading).toBe(false);
    await waitFor(() => expect(result.current.messages).toHaveLength(3));
  });

  it('draws the list at once when every account has answered', async () => {
    stubApi({
      'GET /api/slack/messages/sl-1': () => json(200, slackResult(['<@UKENJI> One'])),
      'GET /api/chatwork/messages/cw-1': () => json(200, chatworkResult(['Newest'])),
      'GET /api/chatwork/messages/cw-3': () => new Promise<Response>(() => undefined),
    });
    const { result, rerender } = renderTimeline(connections);

    await waitFor(() => expect(result.current.messages).toHaveLength(2));
    expect(result.current.isLoading).toBe(false);
    expect(result.current.accounts.map((account) => account.status)).toEqual(['completed', 'completed']);
    // The list is remembered as drawn right after (a task later): an account connected then does not hold it.
    await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
    rerender({ shown: [...connections, connection('chatwork', 'cw-3', 'Initech')] });
    expect(result.current.isLoading).toBe(false);
  });
});
