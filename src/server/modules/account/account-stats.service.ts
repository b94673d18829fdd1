import { MENTION_HISTORY_DAYS, type AccountStats, type MentionDay } from '../../../contract/account.ts';
import type { Platform } from '../../../contract/messages.ts';
import type { ConnectionMessages } from '../messages/message-source.ts';
import type { AccountStatsRepo, GatheredDay } from './account-stats.repo.ts';

const DAY_MS = 86_400_000;

function utcDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** Counts what gathering found without keeping any of it (decision 124), and answers the account page's figures. */
export function createAccountStatsService(deps: { repo: AccountStatsRepo; clock: () => number }) {
  return {
    /** Called with every fresh gathering; counts messages per connection and UTC day they were sent. */
    async recordGathered<P extends Platform>(
      userId: string,
      platform: P,
      parts: readonly ConnectionMessages<P>[],
    ): Promise<void> {
      const counts = new Map<string, GatheredDay>();
      for (const part of parts) {
        for (const message of part.messages) {
          const day = utcDay(message.send_time * 1000);
          const key = `${part.stats.connection_id}\u0000${day}`;
          const entry = counts.get(key) ?? { connectionId: part.stats.connection_id, day, count: 0 };
          entry.count += 1;
          counts.set(key, entry);
        }
      }
      await deps.repo.recordGathered(userId, platform, [...counts.values()]);
    },

    async stats(userId: string): Promise<AccountStats> {
      const today = deps.clock();
      const days: MentionDay[] = Array.from({ length: MENTION_HISTORY_DAYS }, (_, index) => ({
        date: utcDay(today - (MENTION_HISTORY_DAYS - 1 - index) * DAY_MS),
        slack: 0,
        chatwork: 0,
      }));
      const byDate = new Map(days.map((day) => [day.date, day]));
      const [totals, rows] = await Promise.all([
        deps.repo.totals(userId),
        deps.repo.mentionsSince(userId, days[0]?.date ?? utcDay(today)),
      ]);
      for (const row of rows) {
        const day = byDate.get(row.day);
        if (day) day[row.platform] += row.count;
      }
      return {
        messageStats: {
          totalProcessed: totals.processed,
          totalHidden: totals.hidden,
          totalTags: totals.tags,
        },
        mentionsByDay: days,
      };
    },
  };
}

export type AccountStatsService = ReturnType<typeof createAccountStatsService>;
