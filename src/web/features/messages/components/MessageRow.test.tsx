import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createElement } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { UnifiedMessage } from '../../../../contract/messages.ts';
import { changeLanguage } from '../../../lib/i18n.ts';
import { chatworkMessage } from '../../../test/message-fixtures.ts';
import { renderRouter } from '../../../test/render-router.ts';
import { cardProps } from '../test/render-card.ts';
import type { SearchMatch } from '../../../../contract/search.ts';
import { SearchMatchContext } from '../hooks/search-match-context.ts';
import { MessageRow, type MessageRowProps } from './MessageRow.tsx';

const tag = { id: 't1', name: 'Urgent', name_jp: '至急', color: '#EF4444' };

function slackMessage(): UnifiedMessage {
  const base = chatworkMessage('s1', { body: 'unused' });
  return {
    ...base,
    id: 'slack:C1:1767225600.000100',
    platform: 'slack',
    content: 'Deploy *today* please <@U1> :rocket: :party-parrot:',
    standard_emoji: [{ name: 'rocket', emoji: '🚀' }],
    location: { type: 'channel', name: 'general', id: 'C1' },
    original_url: 'https://acme.slack.com/archives/C1/p1767225600000100',
  };
}

function renderRow(
  message: UnifiedMessage,
  props: Partial<MessageRowProps> = {},
  matches: ReadonlyMap<string, SearchMatch> | null = null,
) {
  const handlers = {
    onToggleSelected: vi.fn(),
    onHide: vi.fn(),
    onEditTags: vi.fn(),
    onExpand: vi.fn(),
  };
  renderRouter(
    [
      {
        path: '/',
        element: createElement(
          SearchMatchContext,
          { value: matches },
          createElement(MessageRow, { ...cardProps(message), ...handlers, ...props }),
        ),
      },
    ],
    '/',
  );
  return handlers;
}

const copy = {
  en: {
    chatwork: 'ChatWork message',
    slack: 'Slack message',
    room: 'Room: Launch',
    channel: 'Channel: #general',
    select: /Aiko Tanaka/,
    hide: 'Check and hide the message from Aiko Tanaka',
    tag: 'Add or edit tags',
    expand: 'Show the message from Aiko Tanaka as a card',
    tagName: 'Urgent',
  },
  jp: {
    chatwork: 'ChatWorkのメッセージ',
    slack: 'Slackのメッセージ',
    room: 'ルーム：Launch',
    channel: 'チャンネル：#general',
    select: /Aiko Tanaka/,
    hide: null,
    tag: null,
    expand: 'Aiko Tanakaさんのメッセージをカードで表示',
    tagName: '至急',
  },
} as const;

describe.each(['en', 'jp'] as const)('compact message row (%s)', (language) => {
  const text = copy[language];
  beforeEach(() => changeLanguage(language));

  it('shows a ChatWork message on two lines: who, where, when; the text on one line and its tags', () => {
    renderRow(chatworkMessage('1', { body: 'First line\nsecond line', tags: [tag] }));
    const row = screen.getByRole('article', { name: 'Aiko Tanaka' });
    expect(row).toHaveAttribute('data-message-id', chatworkMessage('1').id);
    expect(row).toHaveAttribute('tabindex', '-1');
    expect(row).toHaveTextContent(/ChatWork|チャットワーク/);
    expect(screen.getByText(text.room)).toBeInTheDocument();
    expect(screen.getByText(/First line\s+second line/)).toHaveClass('truncate');
    expect(screen.getByText(text.tagName)).toBeInTheDocument();
    expect(screen.getByRole('time')).toBeInTheDocument();
  });

  it('shows a Slack message as plain text in its channel', () => {
    renderRow(slackMessage());
    expect(screen.getByText(text.channel)).toBeInTheDocument();
    expect(screen.getByText(/Deploy today please/)).toHaveTextContent(
      'Deploy today please @U1 🚀 :party-parrot:',
    );
    expect(screen.getByRole('article')).toHaveAttribute('data-message-id', slackMessage().id);
  });

  it('selects, hides, tags and expands through its own controls, and Enter on the row expands it', async () => {
    const user = userEvent.setup();
    const message = chatworkMessage('2');
    const handlers = renderRow(message, { focused: true });
    const row = screen.getByRole('article');
    expect(row).toHaveAttribute('aria-current', 'true');

    await user.click(screen.getByRole('checkbox', { name: text.select }));
    expect(handlers.onToggleSelected).toHaveBeenCalledWith(message.id);
    await user.click(row.querySelector<HTMLElement>('[data-action="tag"]')!);
    expect(handlers.onEditTags).toHaveBeenCalledWith(message);
    if (text.hide) await user.click(screen.getByRole('button', { name: text.hide }));
    else await user.click(screen.getAllByRole('button').find((b) => /非表示/.test(b.textContent ?? ''))!);
    expect(handlers.onHide).toHaveBeenCalledWith(message);
    await user.click(screen.getByRole('button', { name: text.expand }));
    expect(handlers.onExpand).toHaveBeenCalledTimes(1);

    fireEvent.keyDown(row, { key: 'Enter' });
    expect(handlers.onExpand).toHaveBeenCalledTimes(2);
    // Enter on a control inside the row is that control's, not the row's.
    fireEvent.keyDown(screen.getByRole('checkbox'), { key: 'Enter' });
    expect(handlers.onExpand).toHaveBeenCalledTimes(2);
  });

  it('shows a search match deep in a long message on its one line, marked', () => {
    const words = 'The quarterly figures are attached and the meeting moved to Thursday; ';
    const message = chatworkMessage('3', { body: `${words.repeat(4)}請求書を送りました。` });
    const start = words.length * 4;
    renderRow(
      message,
      {},
      new Map([[message.id, { id: message.id, highlights: [{ start, end: start + 3 }] }]]),
    );

    const mark = screen.getByText('請求書');
    expect(mark.tagName).toBe('MARK');
    expect(mark.closest('p')!.textContent).toMatch(/^…to Thursday; 請求書を送りました。$/);
  });
});
