import { describe, expect, it } from 'vitest';
import type { DoneMark, Snooze } from '../../../../contract/triage.ts';
import { priorsOf, withPriors, withSnoozed, withoutTriage } from './triage-lists.ts';

const ref = (id: string) => ({ platform: 'chatwork' as const, platform_message_id: id });
const snooze = (id: string, until: string): Snooze => ({
  ...ref(id),
  id: `s-${id}`,
  until,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
});
const mark = (id: string): DoneMark => ({
  ...ref(id),
  id: `d-${id}`,
  thread_keys: [`chatwork:42:${id}`],
  done_at: '2026-01-01T00:00:00.000Z',
  created_at: '2026-01-01T00:00:00.000Z',
});

describe('triage lists', () => {
  const lists = { snoozes: [snooze('1', '2026-02-01T00:00:00.000Z')], done: [mark('2')] };

  it('snoozing replaces a done mark and an earlier snooze, and the priors put exactly those back', () => {
    const refs = [ref('1'), ref('2'), ref('3')];
    const priors = priorsOf(lists, refs);
    const after = withSnoozed(lists, refs, '2026-03-01T00:00:00.000Z', '2026-01-02T00:00:00.000Z');
    expect(after.done).toEqual([]);
    expect(after.snoozes.map((entry) => [entry.platform_message_id, entry.until])).toEqual([
      ['1', '2026-03-01T00:00:00.000Z'],
      ['2', '2026-03-01T00:00:00.000Z'],
      ['3', '2026-03-01T00:00:00.000Z'],
    ]);
    expect(withPriors(after, priors)).toEqual(lists);
  });

  it('takes both kinds away for an unsnooze', () => {
    expect(withoutTriage(lists, [ref('1'), ref('2')])).toEqual({ snoozes: [], done: [] });
  });
});
