import { describe, expect, it } from 'vitest';
import type { ChatworkSourceMessage, SlackSourceMessage, SourceMessage } from './messages.ts';
import {
  checkSnoozeUntil,
  doneBatchSchema,
  doneItemOf,
  messageThreadKeys,
  nextSnoozeWake,
  ownThreadKey,
  parentThreadKeys,
  returnsFromDone,
  snoozeBatchSchema,
  THREAD_KEY_PATTERN,
  triagedTimeline,
  triageStates,
  type DoneEntry,
  type SnoozeEntry,
} from './triage.ts';

const NOW = Date.parse('2027-01-15T12:00:00.000Z');
const SECOND = 1000;
const DAY = 24 * 60 * 60 * SECOND;
const nowSeconds = NOW / SECOND;
const iso = (ms: number) => new Date(ms).toISOString();

const accountInfo = {
  account_name: 'Alex',
  workspace_name: 'Northwind',
  connection_id: 'conn-1',
  platform_user_id: 'U0ME',
};
const noFlags = { is_direct_mention: false, is_reply: false, is_all_mention: false, is_dm: false };

/** A Slack message (of channel C0CHAN unless told) sent at `ts`; `thread` is its thread parent's ts. */
function slack(ts: string, options: { thread?: string; channel?: string } = {}): SlackSourceMessage {
  const channel = options.channel ?? 'C0CHAN';
  return {
    platform: 'slack',
    message_id: ts,
    ts,
    ...(options.thread ? { thread_ts: options.thread } : {}),
    platform_message_id: `${channel}-${ts}`,
    body: '<@U0ME> hi',
    content: '<@U0ME> hi',
    send_time: Math.floor(Number(ts)),
    formatted_time: iso(Math.floor(Number(ts)) * SECOND),
    account: { account_id: 'U0BOB', name: 'Bob', avatar_image_url: null },
    conversation_info: {
      id: channel,
      name: 'general',
      is_channel: true,
      is_group: false,
      is_im: false,
      is_mpim: false,
    },
    account_info: accountInfo,
    mention_types: { ...noFlags, is_direct_mention: true },
    is_mention: true,
    is_dm: false,
    position_index: 1,
    original_url: `https://northwind.slack.com/archives/${channel}/p${ts.replace('.', '')}`,
    tags: [],
  };
}

/** A ChatWork message of room 555 sent at `sendTime` (Unix seconds). */
function chatwork(id: string, sendTime: number, body = '[To:7]Alex\nhello'): ChatworkSourceMessage {
  return {
    platform: 'chatwork',
    message_id: id,
    platform_message_id: id,
    body,
    content: body,
    send_time: sendTime,
    update_time: 0,
    formatted_time: iso(sendTime * SECOND),
    account: { account_id: 42, name: 'Sato', avatar_image_url: null },
    room_info: { room_id: 555, name: 'Project', type: 'group' },
    account_info: { ...accountInfo, platform_user_id: '7' },
    mention_types: { ...noFlags, is_direct_mention: true },
    is_mention: true,
    is_dm: false,
    position_index: 1,
    original_url: `https://www.chatwork.com/#!rid555-${id}`,
    tags: [],
  };
}

/** A Slack ts `secondsAfter` NOW. */
const tsAt = (secondsAfter: number, micro = '000100') => `${nowSeconds + secondsAfter}.${micro}`;
const reply = (id: string, to: string, sendTime: number) =>
  chatwork(id, sendTime, `[rp aid=7 to=555-${to}]Alex\nthanks`);

function doneOf(message: SourceMessage, doneAtMs: number, extraKeys: string[] = []): DoneEntry {
  return {
    platform: message.platform,
    platform_message_id: message.platform_message_id,
    thread_keys: [...messageThreadKeys(message), ...extraKeys],
    done_at: iso(doneAtMs),
  };
}

function snoozeOf(message: SourceMessage, untilMs: number, updatedAtMs = NOW - DAY): SnoozeEntry {
  return {
    platform: message.platform,
    platform_message_id: message.platform_message_id,
    until: iso(untilMs),
    updated_at: iso(updatedAtMs),
  };
}

describe('thread keys', () => {
  it('gives a Slack message its own key, and a reply its thread parent', () => {
    const parent = slack('1767225600.000100', { thread: '1767225600.000100' });
    const lone = slack('1767225601.000200');
    const answer = slack('1767225700.000300', { thread: '1767225600.000100' });
    expect(ownThreadKey(parent)).toBe('slack:C0CHAN:1767225600.000100');
    expect(parentThreadKeys(parent)).toEqual([]);
    expect(messageThreadKeys(lone)).toEqual(['slack:C0CHAN:1767225601.000200']);
    expect(messageThreadKeys(answer)).toEqual([
      'slack:C0CHAN:1767225700.000300',
      'slack:C0CHAN:1767225600.000100',
    ]);
  });

  it('reads what a ChatWork message replies to from its [rp] markers, outside quotes, each once', () => {
    expect(messageThreadKeys(chatwork('100', 1))).toEqual(['chatwork:555:100']);
    expect(parentThreadKeys(reply('101', '100', 2))).toEqual(['chatwork:555:100']);
    const quoted = chatwork(
      '102',
      3,
      '[qt][qtmeta aid=9 time=1][rp aid=7 to=555-90]Alex\nold[/qt]\n[RP aid=9  to=555-91 ]Sato\n[rp aid=8 to=555-91]\n[rp aid=8 to=556-92]',
    );
    expect(parentThreadKeys(quoted)).toEqual(['chatwork:555:91', 'chatwork:556:92']);
    // A marker pointing at the message itself is not a parent.
    expect(parentThreadKeys(chatwork('103', 4, '[rp aid=7 to=555-103]'))).toEqual([]);
    // 64-bit ids stay exact.
    expect(ownThreadKey(chatwork('1893276540123456789', 5))).toBe('chatwork:555:1893276540123456789');
  });

  it('keeps at most 8 keys, and every key is one the done calls accept', () => {
    const many = chatwork(
      '200',
      1,
      Array.from({ length: 12 }, (_, index) => `[rp aid=1 to=555-${300 + index}]`).join('\n'),
    );
    const keys = messageThreadKeys(many);
    expect(keys).toHaveLength(8);
    for (const message of [many, slack(tsAt(0), { thread: tsAt(-5) })]) {
      for (const key of messageThreadKeys(message)) expect(key).toMatch(THREAD_KEY_PATTERN);
      expect(doneBatchSchema.safeParse({ messages: [doneItemOf(message)] }).success).toBe(true);
    }
  });

  it('refuses done items without keys, with too many, or with keys of the other platform', () => {
    const item = (thread_keys: string[]) => ({
      messages: [{ platform: 'chatwork', platform_message_id: '1', thread_keys }],
    });
    expect(doneBatchSchema.safeParse(item([])).success).toBe(false);
    expect(
      doneBatchSchema.safeParse(item(Array.from({ length: 9 }, (_, i) => `chatwork:1:${i}`))).success,
    ).toBe(false);
    expect(doneBatchSchema.safeParse(item(['slack:C1:1767225600.000100'])).success).toBe(false);
    expect(doneBatchSchema.safeParse(item(['chatwork:1:2; drop'])).success).toBe(false);
    expect(doneBatchSchema.safeParse(item(['chatwork:555:1'])).success).toBe(true);
  });
});

describe('snooze times', () => {
  it('takes a time in the future up to 366 days ahead, and "now" within a few seconds of skew', () => {
    expect(checkSnoozeUntil(iso(NOW + 60 * SECOND), NOW)).toBe('ok');
    expect(checkSnoozeUntil(iso(NOW - 3 * SECOND), NOW)).toBe('ok');
    expect(checkSnoozeUntil(iso(NOW - 5 * SECOND), NOW)).toBe('past');
    expect(checkSnoozeUntil(iso(NOW - DAY), NOW)).toBe('past');
    expect(checkSnoozeUntil(iso(NOW + 366 * DAY), NOW)).toBe('ok');
    expect(checkSnoozeUntil(iso(NOW + 366 * DAY + 1), NOW)).toBe('too_far');
    expect(checkSnoozeUntil('not a time', NOW)).toBe('past');
    // Offsets are honoured: 21:00 in Tokyo is 12:00 UTC.
    expect(checkSnoozeUntil('2027-01-15T21:00:30+09:00', NOW)).toBe('ok');
    expect(checkSnoozeUntil('2027-01-15T20:59:00+09:00', NOW)).toBe('past');
  });

  it('wants an ISO 8601 time with an offset', () => {
    const refs = [{ platform: 'slack', platform_message_id: 'C1-1767225600.000100' }];
    expect(snoozeBatchSchema.safeParse({ messages: refs, until: '2027-01-16T09:00:00+09:00' }).success).toBe(
      true,
    );
    expect(snoozeBatchSchema.safeParse({ messages: refs, until: '2027-01-16T09:00:00Z' }).success).toBe(true);
    for (const until of ['2027-01-16T09:00:00', 'tomorrow', 1799999999, '']) {
      expect(snoozeBatchSchema.safeParse({ messages: refs, until }).success).toBe(false);
    }
  });
});

describe('returnsFromDone', () => {
  const parent = slack(tsAt(-600), { thread: tsAt(-600) });
  const first = slack(tsAt(-300), { thread: tsAt(-600) });

  it('brings a Slack reply back for a later reply in its thread, not for an earlier one or another thread', () => {
    const done = doneOf(first, NOW);
    expect(returnsFromDone(done, slack(tsAt(60), { thread: tsAt(-600) }))).toBe(true);
    expect(returnsFromDone(done, slack(tsAt(-60), { thread: tsAt(-600) }))).toBe(false);
    expect(returnsFromDone(done, slack(tsAt(60), { thread: tsAt(-900) }))).toBe(false);
    expect(returnsFromDone(done, slack(tsAt(60)))).toBe(false);
    // Same ts in another channel is another thread.
    expect(returnsFromDone(done, slack(tsAt(60), { thread: tsAt(-600), channel: 'C0OTHER' }))).toBe(false);
    // The message itself, and its (older) parent, never bring it back.
    expect(returnsFromDone(done, first)).toBe(false);
    expect(returnsFromDone(done, parent)).toBe(false);
  });

  it('counts a reply sent in the second the mark was made', () => {
    const done = doneOf(first, NOW + 400);
    expect(returnsFromDone(done, slack(tsAt(0, '000001'), { thread: tsAt(-600) }))).toBe(true);
    expect(returnsFromDone(done, slack(tsAt(-1, '999999'), { thread: tsAt(-600) }))).toBe(false);
  });

  it('brings a done thread parent back for a reply to it, even when it had no replies when done', () => {
    const lone = slack(tsAt(-600));
    expect(returnsFromDone(doneOf(lone, NOW), slack(tsAt(30), { thread: tsAt(-600) }))).toBe(true);
    expect(returnsFromDone(doneOf(parent, NOW), slack(tsAt(30), { thread: tsAt(-600) }))).toBe(true);
  });

  it('follows ChatWork reply chains one step each way, and further through keys the client adds', () => {
    const m1 = chatwork('1', nowSeconds - 600);
    const m2 = reply('2', '1', nowSeconds - 300);
    const done = doneOf(m2, NOW);
    expect(returnsFromDone(done, reply('3', '2', nowSeconds + 10))).toBe(true); // a reply to it
    expect(returnsFromDone(done, reply('4', '1', nowSeconds + 10))).toBe(true); // another reply to its parent
    expect(returnsFromDone(done, reply('5', '99', nowSeconds + 10))).toBe(false); // elsewhere
    expect(returnsFromDone(done, chatwork('6', nowSeconds + 10))).toBe(false); // no reply at all
    expect(returnsFromDone(done, m1)).toBe(false);
    // The person's own answer (message 7) is not in their inbox; a reply to it is linked only through its key.
    const toMyAnswer = reply('8', '7', nowSeconds + 20);
    expect(returnsFromDone(done, toMyAnswer)).toBe(false);
    expect(returnsFromDone(doneOf(m2, NOW, ['chatwork:555:7']), toMyAnswer)).toBe(true);
  });

  it('never mixes platforms', () => {
    const done: DoneEntry = {
      platform: 'chatwork',
      platform_message_id: '1',
      thread_keys: ['chatwork:555:1'],
      done_at: iso(NOW),
    };
    expect(returnsFromDone(done, slack(tsAt(10), { thread: tsAt(-10) }))).toBe(false);
  });
});

describe('triageStates and the timeline', () => {
  const old = chatwork('10', nowSeconds - 3000);
  const sleeper = chatwork('11', nowSeconds - 2000);
  const earlyRiser = chatwork('12', nowSeconds - 1000);
  const lateRiser = chatwork('13', nowSeconds - 500);
  const finished = chatwork('14', nowSeconds - 400);
  const answered = reply('15', '14', nowSeconds - 300);
  const plain = chatwork('16', nowSeconds - 100);

  it('tells snoozed from woken, done from returned, and leaves everything else out', () => {
    const inbox = [old, sleeper, earlyRiser, lateRiser, finished, plain];
    const states = triageStates(
      inbox,
      {
        snoozes: [
          snoozeOf(sleeper, NOW + 1),
          snoozeOf(earlyRiser, NOW - 600 * SECOND),
          snoozeOf(lateRiser, NOW),
          snoozeOf(chatwork('999', 1), NOW - SECOND), // not in the inbox
        ],
        done: [doneOf(finished, NOW - 3000 * SECOND), doneOf(old, NOW - 2000 * SECOND)],
      },
      NOW,
    );
    expect(Object.fromEntries(states)).toEqual({
      'chatwork-11': { state: 'snoozed', until: iso(NOW + 1) },
      'chatwork-12': { state: 'woken', until: iso(NOW - 600 * SECOND) },
      'chatwork-13': { state: 'woken', until: iso(NOW) },
      'chatwork-14': { state: 'done', done_at: iso(NOW - 3000 * SECOND) },
      'chatwork-10': { state: 'done', done_at: iso(NOW - 2000 * SECOND) },
    });

    // The reply arrives: the done message comes back, with the newest reply's time.
    const later = reply('17', '15', nowSeconds - 50); // a reply to the reply: not the same thread as 14
    const withReplies = triageStates(
      [...inbox, answered, later, reply('18', '14', nowSeconds - 200)],
      { snoozes: [], done: [doneOf(finished, NOW - 3000 * SECOND)] },
      NOW,
    );
    expect(withReplies.get('chatwork-14')).toEqual({
      state: 'returned',
      done_at: iso(NOW - 3000 * SECOND),
      reply_time: nowSeconds - 200,
    });
    expect(withReplies.size).toBe(1);
  });

  it('uses the latest time of a message done twice', () => {
    const marks = [doneOf(finished, NOW - 3000 * SECOND), doneOf(finished, NOW - 200 * SECOND)];
    const states = triageStates([finished, answered], { snoozes: [], done: marks }, NOW);
    expect(states.get('chatwork-14')).toEqual({ state: 'done', done_at: iso(NOW - 200 * SECOND) });
    const reversed = triageStates([finished, answered], { snoozes: [], done: marks.reverse() }, NOW);
    expect(reversed.get('chatwork-14')).toEqual({ state: 'done', done_at: iso(NOW - 200 * SECOND) });
  });

  it('lets the later of a snooze and a done mark of one message decide', () => {
    const snoozedLater = triageStates(
      [finished],
      { snoozes: [snoozeOf(finished, NOW + DAY, NOW - 10)], done: [doneOf(finished, NOW - 20)] },
      NOW,
    );
    expect(snoozedLater.get('chatwork-14')?.state).toBe('snoozed');
    const doneLater = triageStates(
      [finished],
      { snoozes: [snoozeOf(finished, NOW + DAY, NOW - 20)], done: [doneOf(finished, NOW - 10)] },
      NOW,
    );
    expect(doneLater.get('chatwork-14')?.state).toBe('done');
  });

  it('puts woken snoozes at the top, the most recently woken first, and leaves waiting and done ones out', () => {
    const answer = reply('19', '14', nowSeconds - 10);
    const inbox = [old, sleeper, earlyRiser, lateRiser, finished, plain, answer];
    const states = triageStates(
      inbox,
      {
        snoozes: [
          snoozeOf(sleeper, NOW + DAY),
          snoozeOf(earlyRiser, NOW - 600 * SECOND),
          snoozeOf(lateRiser, NOW - 60 * SECOND),
        ],
        done: [doneOf(old, NOW - 60 * SECOND), doneOf(finished, NOW - 60 * SECOND)],
      },
      NOW,
    );
    expect(triagedTimeline(inbox, states).map((message) => message.platform_message_id)).toEqual([
      '13', // woke a minute ago
      '12', // woke ten minutes ago
      '19',
      '16',
      '14', // returned: in its own place, marked by its state
    ]);
    // An hour later the waiting one has not woken; a day later it is on top.
    expect(nextSnoozeWake([snoozeOf(sleeper, NOW + DAY), snoozeOf(earlyRiser, NOW - 1)], NOW)).toBe(
      NOW + DAY,
    );
    const tomorrow = triageStates(inbox, { snoozes: [snoozeOf(sleeper, NOW + DAY)], done: [] }, NOW + DAY);
    expect(triagedTimeline(inbox, tomorrow)[0]).toBe(sleeper);
    expect(nextSnoozeWake([snoozeOf(sleeper, NOW + DAY)], NOW + DAY)).toBeNull();
  });

  it('works on Slack threads too', () => {
    const parent = slack(tsAt(-600), { thread: tsAt(-600) });
    const mine = slack(tsAt(-300), { thread: tsAt(-600) });
    const newer = slack(tsAt(-30), { thread: tsAt(-600) });
    const states = triageStates(
      [parent, mine, newer],
      { snoozes: [], done: [doneOf(mine, NOW - 60 * SECOND)] },
      NOW,
    );
    expect(states.get(`slack-${mine.platform_message_id}`)).toEqual({
      state: 'returned',
      done_at: iso(NOW - 60 * SECOND),
      reply_time: nowSeconds - 30,
    });
  });
});
