import { describe, expect, it } from 'vitest';
import type { SourceMessage } from '../../../../contract/messages.ts';
import { chatworkResult, slackResult } from '../../../test/dashboard-fixtures.ts';
import {
  addToResult,
  groupByConnection,
  mergeIntoPending,
  removeFromPending,
  removeFromResult,
  replaceInResult,
  splitByShown,
} from './live-result.ts';

const shown = slackResult(['<@UKENJI> One', '<@UKENJI> Two']);
const [one, two] = shown.messages as [SourceMessage, SourceMessage];
const newer: SourceMessage = {
  ...one,
  platform_message_id: 'C1-new',
  send_time: one.send_time + 30,
  body: 'Three',
};
const edited: SourceMessage = {
  ...two,
  body: 'Two, edited',
  mention_types: { ...two.mention_types, is_direct_mention: false, is_reply: true },
};
const ids = (messages: readonly SourceMessage[]) => messages.map((message) => message.platform_message_id);

describe('live changes to a connection’s cached answer', () => {
  it('splits arrived messages into edits of shown ones and new ones', () => {
    expect(splitByShown(shown, [newer, edited])).toEqual({ changed: [edited], fresh: [newer] });
    expect(splitByShown(undefined, [edited])).toEqual({ changed: [], fresh: [edited] });
  });

  it('adds new messages newest first, once, with counts to match', () => {
    const added = addToResult(shown, [newer, one])!;

    expect(ids(added.messages)).toEqual(['C1-new', one.platform_message_id, two.platform_message_id]);
    expect(added.summary.total_messages).toBe(3);
    expect(added.accounts[0]!.messages_found).toBe(3);
    expect(addToResult(shown, [one])).toBe(shown);
  });

  it('keeps an answer to the latest 100, or to the size it had, as a reload would', () => {
    const full = slackResult(Array.from({ length: 100 }, (_, n) => `<@UKENJI> message ${n}`));
    const added = addToResult(full, [
      { ...newer, send_time: Math.max(...full.messages.map((m) => m.send_time)) + 1 },
    ])!;

    expect(added.messages).toHaveLength(100);
    expect(added.messages[0]!.platform_message_id).toBe('C1-new');
    expect(added.summary.total_messages).toBe(100);
    expect(ids(addToResult(shown, [newer])!.messages)).toHaveLength(3);
  });

  it('replaces an edited message in place and counts it as it now is', () => {
    const replaced = replaceInResult(shown, [edited])!;

    expect(replaced.messages).toEqual([one, edited]);
    expect(replaced.summary).toMatchObject({ total_messages: 2, mentions: 1, replies: 1 });
    expect(replaced.accounts[0]).toMatchObject({ messages_found: 2, mentions: 1, replies: 1 });
    expect(replaceInResult(shown, [newer])).toBe(shown);
  });

  it('removes messages by id with counts to match, and leaves an answer without them as it was', () => {
    const removed = removeFromResult(shown, new Set([one.platform_message_id]))!;

    expect(removed.messages).toEqual([two]);
    expect(removed.summary.total_messages).toBe(1);
    expect(removed.accounts[0]!.mentions).toBe(1);
    expect(removeFromResult(shown, new Set(['C1-elsewhere']))).toBe(shown);
    expect(removeFromResult(undefined, new Set([one.platform_message_id]))).toBeUndefined();
  });

  it('groups arrived messages by their connection', () => {
    const [chatwork] = chatworkResult(['Hi']).messages as [SourceMessage];

    expect(groupByConnection([one, chatwork, two])).toEqual([[one, two], [chatwork]]);
  });
});

describe('messages waiting behind the pill', () => {
  it('puts new messages first and replaces one already waiting where it waits', () => {
    const waiting = mergeIntoPending([], [two, one]);

    expect(mergeIntoPending(waiting, [newer, edited])).toEqual([newer, edited, one]);
    expect(mergeIntoPending(waiting, [])).toBe(waiting);
  });

  it('removes only the given ids of the given platform', () => {
    const [chatwork] = chatworkResult(['Hi']).messages as [SourceMessage];
    const waiting = [one, chatwork];

    expect(removeFromPending(waiting, 'slack', new Set([one.platform_message_id]))).toEqual([chatwork]);
    expect(removeFromPending(waiting, 'slack', new Set([chatwork.platform_message_id]))).toBe(waiting);
  });
});
