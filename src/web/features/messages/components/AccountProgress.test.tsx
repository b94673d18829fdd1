import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Language } from '../../../../contract/auth-constants.ts';
import type { SlackIntake } from '../../../../contract/messages.ts';
import { changeLanguage } from '../../../lib/i18n.ts';
import { accountStats, slackConnection } from '../../../test/dashboard-fixtures.ts';
import { AccountProgress } from './AccountProgress.tsx';
import { ListEmpty } from './ListStatus.tsx';
import type { MessageSearch } from '../hooks/use-message-search.ts';

const catchingUp: SlackIntake = {
  state: 'catching_up',
  last_event_at: null,
  backfill: { done: 1, total: 3 },
  polls_every_minutes: null,
  search_budget_left: 0,
  private_live: true,
};

const copy = {
  en: { chip: 'history on its way', title: 'Your messages are on their way' },
  jp: { chip: '履歴を取得中', title: 'メッセージを取得しています' },
} as const;

const noSearch = { searched: '' } as MessageSearch;

const slackStats = (connection: typeof slackConnection, found: number) => ({
  platform: 'slack' as const,
  ...accountStats(connection, found),
  channels_checked: 1,
  total_channels: 1,
});

describe.each(['en', 'jp'] as const satisfies readonly Language[])(
  'a Slack history on its way (%s)',
  (language) => {
    beforeEach(() => changeLanguage(language));
    const text = copy[language];

    it('says so beside the account, and the empty inbox says it is coming rather than that there is nothing', () => {
      const connection = { ...slackConnection, slack_intake: catchingUp };
      render(
        <>
          <AccountProgress
            accounts={[{ connection, status: 'completed', failure: null, stats: slackStats(connection, 0) }]}
            updatedAt={Date.now()}
            colorOf={() => '#4f46e5'}
          />
          <ListEmpty reason="catching-up" view="inbox" search={noSearch} onClearFilters={() => undefined} />
        </>,
      );
      expect(screen.getByRole('list', { name: /Accounts|アカウント/ })).toHaveTextContent(text.chip);
      expect(screen.getByText(text.title)).toBeInTheDocument();
    });

    it('shows nothing of it once the history is in', () => {
      const connection = { ...slackConnection, slack_intake: { ...catchingUp, state: 'live' as const } };
      render(
        <AccountProgress
          accounts={[{ connection, status: 'completed', failure: null, stats: slackStats(connection, 4) }]}
          updatedAt={Date.now()}
          colorOf={() => '#4f46e5'}
        />,
      );
      expect(screen.queryByText(text.chip)).not.toBeInTheDocument();
    });
  },
);
