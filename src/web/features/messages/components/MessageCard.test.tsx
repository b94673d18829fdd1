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
