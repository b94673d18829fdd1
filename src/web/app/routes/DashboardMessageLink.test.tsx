import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { chatworkResult, connected, now, slackResult } from '../../test/dashboard-fixtures.ts';
import { json, stubApi } from '../../test/fake-api.ts';
import { renderRouter } from '../../test/render-router.ts';
import { routes } from '../router.tsx';

describe('a link to one message (what a push notification opens)', () => {
  it('focuses that message’s card once it has loaded and drops the parameter', async () => {
    stubApi({
      ...connected,
      'GET /api/chatwork/messages/cw-1': () => json(200, chatworkResult(['[To:1001] One'])),
      'GET /api/slack/messages/sl-1': () => json(200, slackResult(['<@UKENJI> Two', '<@UKENJI> Three'])),
    });
    const id = `slack-C1-${now - 61}.000001`;
    const router = renderRouter(routes, `/dashboard?message=${encodeURIComponent(id)}`);

    const list = await screen.findByRole('list', { name: 'Message list' }, { timeout: 5000 });
    const card = (await within(list).findAllByRole('article')).find(
      (article) => article.getAttribute('data-message-id') === id,
    );
    expect(card).toHaveTextContent('Three');
    await waitFor(() => expect(card).toHaveFocus());
    expect(router.location.search).toBe('');
  });
});
