import { describe, expect, it } from 'vitest';
import { chatworkResult, iso, now, slackResult } from '../../../test/dashboard-fixtures.ts';
import { ApiError, clientErrorCodes } from '../../../lib/api-client.ts';
import { refreshOutcome, type RefreshedAccount } from './refresh-outcome.ts';

function reusedAccount(ageSeconds: number, nextInSeconds: number): RefreshedAccount {
  const result = slackResult(['<@UKENJI> One']);
  return {
    data: {
      ...result,
      fetched_at: iso(now),
      accounts: result.accounts.map((stats) => ({
        ...stats,
        fetched_at: iso(now - ageSeconds),
        reused: { next_gathering_at: iso(now + nextInSeconds) },
      })),
    },
    error: null,
  };
}

const fresh: RefreshedAccount = { data: chatworkResult(['[To:1001] One', '[To:1001] Two']), error: null };

describe('refreshOutcome', () => {
  it('names the oldest reused gathering and when it can be made afresh', () => {
    expect(refreshOutcome([reusedAccount(5, 25), reusedAccount(20, 10)], { afresh: true })).toEqual({
      kind: 'nothing-gathered',
      failed: 0,
      total: 2,
      reuse: { accounts: 2, ageSeconds: 20, nextInSeconds: 10 },
    });
  });

  it('counts the messages of fresh accounts only', () => {
    const failed: RefreshedAccount = {
      data: slackResult(['a', 'b', 'c']),
      error: new ApiError(504, 'timeout'),
    };
    expect(refreshOutcome([fresh, failed], { afresh: true })).toEqual({
      kind: 'gathered',
      messages: 2,
      failed: 1,
      total: 2,
      reuse: null,
    });
  });

  it('reads no reuse into an ordinary refresh, whose answers come from the cache anyway', () => {
    expect(refreshOutcome([reusedAccount(20, 10)], { afresh: false })).toMatchObject({
      kind: 'gathered',
      messages: 1,
      reuse: null,
    });
  });

  it('says the browser is offline before anything else', () => {
    const offline: RefreshedAccount = {
      data: undefined,
      error: new ApiError(0, 'offline', clientErrorCodes.network),
    };
    expect(refreshOutcome([fresh, offline], { afresh: true })).toEqual({ kind: 'offline' });
  });
});
