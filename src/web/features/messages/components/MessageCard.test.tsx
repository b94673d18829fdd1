import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../lib/i18n.ts';
import { stubApi } from '../../../test/fake-api.ts';
import { chatworkMessage } from '../../../test/message-fixtures.ts';
import { renderCard } from '../test/render-card.ts';

const copy = {
  en: {
    more: 'More actions for the message from Aiko Tanaka',
    addEvent: /^Add calendar event/,
    addTask: /^Add Google task/,
    comingSoon: /^Coming soon: adding calendar events and Google tasks arrives/,
  },
  jp: {
    more: 'Aiko Tanakaさんのメッセージのその他の操作',
    addEvent: /^カレンダーに予定を追加/,
    addTask: /^Google タスクに追加/,
    comingSoon: /^近日公開：カレンダーへの予定追加と Google タスクへの追加は/,
  },
} as const;

describe.each(['en', 'jp'] as const)('message card (%s)', (language) => {
  const text = copy[language];
  beforeEach(() => changeLanguage(language));

  it.each(['addEvent', 'addTask'] as const)(
    'says the %s item is coming soon instead of doing nothing, and asks the server nothing',
    async (item) => {
      const fetchMock = stubApi({});
      renderCard(chatworkMessage('1'));

      await userEvent.click(screen.getByRole('button', { name: text.more }));
      await userEvent.click(await screen.findByRole('menuitem', { name: text[item] }));

      expect(await screen.findByText(text.comingSoon)).toBeVisible();
      expect(fetchMock).not.toHaveBeenCalled();
    },
  );

  it('tells a demo user the restriction rather than the coming-soon notice', async () => {
    stubApi({});
    const allowed = vi.fn(() => false);
    renderCard(chatworkMessage('1'), { allowed });

    await userEvent.click(screen.getByRole('button', { name: text.more }));
    await userEvent.click(await screen.findByRole('menuitem', { name: text.addTask }));

    expect(allowed).toHaveBeenCalledWith('task');
    expect(screen.queryByText(text.comingSoon)).not.toBeInTheDocument();
  });
});

describe('ChatWork content on a card', () => {
  it.each([
    ['en', '93.9 kB'],
    ['jp', '93.9 KB'],
  ] as const)('shows an uploaded file once, sized through Intl.NumberFormat (%s)', async (language, size) => {
    await changeLanguage(language);
    stubApi({});
    renderCard(
      chatworkMessage('2', {
        body: '[info][title][dtext:file_uploaded][/title][download:5501]report.pdf (93.87 KB)[/download][/info]',
        content:
          '[info][title][dtext:file_uploaded][/title][download:5501]report.pdf (93.87 KB)[/download][/info]',
        file: { file_id: 5501, filename: 'report.pdf', filesize: 96_123, upload_time: 1_767_225_600 },
      }),
    );

    expect(screen.getAllByText('report.pdf')).toHaveLength(1);
    expect(screen.getByText(size)).toBeVisible();
    expect(screen.queryByText(/93\.87 KB/)).not.toBeInTheDocument();
  });

  it('names a person in [piconname] and [picon] when the card knows them', () => {
    stubApi({});
    renderCard(
      chatworkMessage('3', {
        body: '[piconname:2002] and [picon:1001] will review. [picon:3003] too.',
        content: '[piconname:2002] and [picon:1001] will review. [picon:3003] too.',
      }),
    );

    const text = screen.getByText(/will review/).closest('div')!;
    expect(text).toHaveTextContent('Aiko Tanaka and Kenji will review.');
    expect(screen.getByRole('img', { name: 'User 3003' })).toBeInTheDocument();
  });
});
