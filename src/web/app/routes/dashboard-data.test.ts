import { QueryClient } from '@tanstack/react-query';
import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { connectionStatusQueryOptions } from '../../features/connections/api/get-connection-status.ts';
import {
  connectionMessagesQueryKey,
  connectionMessagesQueryOptions,
} from '../../features/messages/api/get-connection-messages.ts';
import { doneMarksQueryOptions } from '../../features/messages/api/get-done-marks.ts';
import { hiddenIdsQueryOptions } from '../../features/messages/api/get-hidden-ids.ts';
import { savedViewsQueryOptions } from '../../features/messages/api/get-saved-views.ts';
import { snoozesQueryOptions } from '../../features/messages/api/get-snoozes.ts';
import { onboardingStatusQueryOptions } from '../../features/onboarding/api/get-onboarding-status.ts';
import { rulesQueryOptions } from '../../features/rules/api/get-rules.ts';
import { tagsQueryOptions } from '../../features/tags/api/get-tags.ts';
import { testModeQueryOptions } from '../../features/test-mode/api/get-test-mode.ts';
import { accessTokenStore } from '../../lib/token-storage.ts';
import {
  chatworkConnection,
  chatworkResult,
  connected,
  slackConnection,
  slackResult,
} from '../../test/dashboard-fixtures.ts';
import { fakeAccessToken, json, stubApi } from '../../test/fake-api.ts';
import { startDashboardData } from './dashboard-data.ts';

const inbox = {
  ...connected,
  'GET /api/tags': () => json(200, { success: true, data: [] }),
  'GET /api/chatwork/messages/cw-1': () => json(200, chatworkResult(['Can you review the draft?'])),
  'GET /api/slack/messages/sl-1': () => json(200, slackResult(['Lunch at noon?'])),
};

/** The requests made so far, as "METHOD path". */
const requestsOf = (fetchMock: ReturnType<typeof stubApi>) =>
  fetchMock.mock.calls.map(([input, init]) => `${init?.method ?? 'GET'} ${String(input)}`);

describe('the dashboard’s data, asked for beside its code', () => {
  it('asks for the accounts, then each account’s messages as soon as its platform answers, with what the list waits for', async () => {
    const fetchMock = stubApi(inbox);
    accessTokenStore.set(fakeAccessToken(15 * 60));
    const client = new QueryClient();

    await startDashboardData(client);

    await waitFor(() => {
      expect(
        client.getQueryData(connectionMessagesQueryKey('chatwork', chatworkConnection.id)),
      ).toBeDefined();
      expect(client.getQueryData(connectionMessagesQueryKey('slack', slackConnection.id))).toBeDefined();
    });
    const requests = requestsOf(fetchMock);
    for (const wanted of [
      'GET /api/saved-views',
      'GET /api/messages/hidden?ids_only=true',
      'GET /api/snoozes',
      'GET /api/done',
      'GET /api/tags',
      'GET /api/rules',
    ]) {
      expect(requests).toContain(wanted);
    }
    expect(requests.indexOf('GET /api/chatwork/status')).toBeLessThan(
      requests.indexOf('GET /api/chatwork/messages/cw-1'),
    );
    // Fresh by the screen's own query options: when it mounts it reads these answers rather than ask again.
    await waitFor(() => expect(client.isFetching()).toBe(0));
    for (const options of [
      connectionStatusQueryOptions('chatwork'),
      connectionMessagesQueryOptions('slack', slackConnection.id),
      savedViewsQueryOptions(),
      hiddenIdsQueryOptions(),
      snoozesQueryOptions(),
      doneMarksQueryOptions(),
      tagsQueryOptions(),
      rulesQueryOptions(),
      testModeQueryOptions(),
      onboardingStatusQueryOptions(),
    ]) {
      const query = client.getQueryCache().find({ queryKey: options.queryKey, exact: true });
      expect(query?.state.status, String(options.queryKey)).toBe('success');
      expect(query?.isStaleByTime(options.staleTime as number), String(options.queryKey)).toBe(false);
    }
    client.clear();
  });

  it('asks for nothing without a session', async () => {
    const fetchMock = stubApi(inbox);
    const client = new QueryClient();

    await startDashboardData(client);
    await new Promise((resolve) => setTimeout(resolve, 20));

    expect(fetchMock).not.toHaveBeenCalled();
  });
});
