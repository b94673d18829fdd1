import { describe, expect, it } from 'vitest';
import {
  slackMessageResultSchema,
  type Platform,
  type PlatformConnection,
  type SlackAccountStats,
  type SlackSourceMessage,
  type Tag,
} from '../../../contract/messages.ts';
import { createMemoryCache } from '../../lib/cache.ts';
import type { EncodedAnswer } from '../../lib/encoded-answer.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { ConnectionMessages, MessageSource } from './message-source.ts';
import { createMessagesService } from './messages.service.ts';

function connection(id: string): PlatformConnection {
  return {
    id,
    platform: 'slack',
    platform_user_id: 'U0ME',
    platform_user_name: 'Alex Morgan',
    platform_workspace_id: `T-${id}`,
    platform_workspace_name: `Workspace ${id}`,
    platform_user_email: null,
    platform_avatar_url: null,
    created_at: '2026-01-01T00:00:00.000Z',
    last_success_at: null,
    status: 'active',
    is_sample: false,
  };
}

function message(key: string, sendTime: number, connectionId: string, dm = false): SlackSourceMessage {
  const ts = `${1_767_000_000 + sendTime}.000001`;
  return {
    platform: 'slack',
    message_id: ts,
    ts,
    platform_message_id: key,
    body: 'hello',
    content: 'hello',
    send_time: sendTime,
    formatted_time: new Date(sendTime * 1000).toISOString(),
    account: { account_id: 'U0OTHER', name: 'Emily Carter', avatar_image_url: null },
    conversation_info: {
      id: 'C0',
      name: 'general',
      is_channel: !dm,
      is_group: false,
      is_im: dm,
      is_mpim: false,
    },
    account_info: {
      account_name: 'Alex',
      workspace_name: 'W',
      connection_id: connectionId,
      platform_user_id: 'U0ME',
    },
    mention_types: { is_direct_mention: !dm, is_reply: false, is_all_mention: false, is_dm: dm },
    is_mention: !dm,
    is_dm: dm,
    position_index: 1,
    original_url: 'https://example.slack.com/archives/C0/p1',
    tags: [],
  };
}

function stats(connectionId: string, messages: SlackSourceMessage[], failed = false): SlackAccountStats {
  return {
    platform: 'slack',
    account_name: 'Alex',
    workspace_name: 'W',
    connection_id: connectionId,
    messages_found: messages.length,
    mentions: 0,
    direct_messages: 0,
    replies: 0,
    all_mentions: 0,
    status: failed ? 'error' : 'completed',
    ...(failed ? { error: { code: 'TOKEN_EXPIRED', message: 'The token expired' } } : {}),
    fetched_at: '2026-01-01T00:00:00.000Z',
    last_success_at: failed ? null : '2026-01-01T00:00:00.000Z',
    stale: false,
    channels_checked: 1,
    total_channels: 1,
  };
}

/** Two workspaces that share one channel (message "shared"), and a third whose token has expired. */
function fakeSource() {
  const connections = [connection('a'), connection('b'), connection('c')];
  const byConnection: Record<string, SlackSourceMessage[]> = {
    a: [message('a-new', 300, 'a'), message('shared', 200, 'a')],
    b: [message('shared', 200, 'b'), message('b-dm', 250, 'b', true), message('b-old', 100, 'b')],
    c: [],
  };
  let gatherings = 0;
  /** Connections whose gathering fails, besides `c`. */
  const failing = new Set<string>(['c']);
  const source: MessageSource = {
    async listConnections(userId: string, platform: Platform) {
      return userId === 'me' && platform === 'slack' ? connections : [];
    },
    async fetchMessages<P extends Platform>(
      _userId: string,
      _platform: P,
      wanted: readonly PlatformConnection[],
    ) {
      gatherings += 1;
      await new Promise((resolve) => setTimeout(resolve, 5));
      return wanted.map((item) => ({
        stats: stats(item.id, failing.has(item.id) ? [] : byConnection[item.id]!, failing.has(item.id)),
        messages: failing.has(item.id) ? [] : byConnection[item.id]!,
      })) as unknown as ConnectionMessages<P>[];
    },
  };
  return { source, failing, gatherings: () => gatherings };
}

/** Results come back encoded, ready to send: their plain bytes are validated JSON. */
async function read(answer: Promise<EncodedAnswer>) {
  return slackMessageResultSchema.parse(JSON.parse((await answer).identity.toString('utf8')));
}

function setUp(tags: Map<string, Tag[]> = new Map()) {
  let now = 1_000_000;
  const fake = fakeSource();
  const service = createMessagesService({
    dataModeFor: async () => ({ kind: 'live' }),
    sources: { sample: () => fake.source, live: fake.source },
    cache: createMemoryCache({ now: () => now }),
    tagsByMessage: async () => tags,
    rulesFor: async () => null,
    clock: () => now,
    onGathered: async () => undefined,
  });
  return { service, fake, advance: (ms: number) => (now += ms) };
}

describe('messages service', () => {
  it('merges connections newest first, keeps a shared message once, and reports a failing account', async () => {
    const { service } = setUp();
    const result = await read(service.getMessages('me', 'slack', { refresh: false }));
    expect(result.messages.map((item) => item.platform_message_id)).toEqual([
      'a-new',
      'b-dm',
      'shared',
      'b-old',
    ]);
    expect(result.summary).toEqual({
      total_messages: 4,
      mentions: 3,
      replies: 0,
      all_mentions: 0,
      direct_messages: 1,
      accounts_processed: 3,
    });
    expect(result.accounts.map((account) => account.status)).toEqual(['completed', 'completed', 'error']);
  });

  it('keeps a platform result for 300 s and a connection result for 60 s', async () => {
    const { service, fake, advance } = setUp();
    const first = await read(service.getMessages('me', 'slack', { refresh: false }));
    await service.getConnectionMessages('me', 'slack', 'a', { refresh: false });
    expect(fake.gatherings()).toBe(2);

    advance(59_000);
    await service.getConnectionMessages('me', 'slack', 'a', { refresh: false });
    expect(fake.gatherings()).toBe(2);
    advance(2_000);
    await service.getConnectionMessages('me', 'slack', 'a', { refresh: false });
    expect(fake.gatherings()).toBe(3);

    advance(238_000);
    expect(await read(service.getMessages('me', 'slack', { refresh: false }))).toEqual(first);
    expect(fake.gatherings()).toBe(3);
    advance(2_000);
    const later = await read(service.getMessages('me', 'slack', { refresh: false }));
    expect(fake.gatherings()).toBe(4);
    expect(later.fetched_at).not.toBe(first.fetched_at);
  });

  it('gathers afresh on refresh and serves the refreshed result afterwards', async () => {
    const { service, fake, advance } = setUp();
    await service.getMessages('me', 'slack', { refresh: false });
    advance(10_000);
    const refreshed = await service.getMessages('me', 'slack', { refresh: true });
    expect(fake.gatherings()).toBe(2);
    expect(await service.getMessages('me', 'slack', { refresh: false })).toEqual(refreshed);
    expect(fake.gatherings()).toBe(2);
  });

  it('keeps the last good messages of an account whose refresh fails, marked stale, with the failure', async () => {
    const { service, fake, advance } = setUp();
    await read(service.getMessages('me', 'slack', { refresh: false }));
    advance(30_000);
    fake.failing.add('b');

    for (const result of [
      await read(service.getMessages('me', 'slack', { refresh: true })),
      await read(service.getConnectionMessages('me', 'slack', 'b', { refresh: true })),
    ]) {
      const account = result.accounts.find((item) => item.connection_id === 'b')!;
      expect(account).toMatchObject({
        status: 'error',
        error: { code: 'TOKEN_EXPIRED' },
        stale: true,
        messages_found: 3,
        last_success_at: '2026-01-01T00:00:00.000Z',
      });
      const kept = result.messages.filter((item) => item.account_info.connection_id === 'b');
      expect(kept.map((item) => item.platform_message_id)).toEqual(expect.arrayContaining(['b-dm', 'b-old']));
    }
    // An account that never succeeded has nothing to keep: it stays empty and not stale.
    const never = (await read(service.getMessages('me', 'slack', { refresh: true }))).accounts.find(
      (item) => item.connection_id === 'c',
    );
    expect(never).toMatchObject({ status: 'error', stale: false, messages_found: 0 });
  });

  it("lays the user's tags over the cached messages again after they change", async () => {
    const tags = new Map<string, Tag[]>();
    const { service, fake } = setUp(tags);
    expect(
      (await read(service.getMessages('me', 'slack', { refresh: false }))).messages.every(
        (m) => m.tags.length === 0,
      ),
    ).toBe(true);
    const urgent: Tag = { id: 'tag-1', name: 'Urgent', color: '#EF4444' };
    tags.set('shared', [urgent]);
    await service.tagsChanged('me');
    const tagged = await read(service.getConnectionMessages('me', 'slack', 'a', { refresh: false }));
    expect(tagged.messages.find((m) => m.platform_message_id === 'shared')?.tags).toEqual([urgent]);
    const again = await read(service.getMessages('me', 'slack', { refresh: false }));
    expect(again.messages.filter((m) => m.tags.length).map((m) => m.platform_message_id)).toEqual(['shared']);
    expect(fake.gatherings()).toBe(2);
  });

  it('hands out the encoded answer at once only while everything it was made from is current', async () => {
    const { service, advance } = setUp();
    expect(service.warmMessages('me', 'slack')).toBeUndefined();
    const first = await service.getMessages('me', 'slack', { refresh: false });
    expect(service.warmMessages('me', 'slack')).toBe(first);
    expect(service.warmMessages('me', 'chatwork')).toBeUndefined();
    expect(service.warmMessages('someone-else', 'slack')).toBeUndefined();
    const changes: [string, () => Promise<unknown>][] = [
      ['tags', () => service.tagsChanged('me')],
      ['rules', () => service.rulesChanged('me')],
      [
        'a live change',
        () => service.applyLiveChanges('me', 'slack', { upsert: [message('live', 400, 'a')] }),
      ],
      ['the user forgotten', () => service.forgetUser('me')],
      ['the cache time over', async () => advance(301_000)],
    ];
    for (const [change, make] of changes) {
      await make();
      expect(service.warmMessages('me', 'slack'), change).toBeUndefined();
      const next = await service.getMessages('me', 'slack', { refresh: false });
      expect(service.warmMessages('me', 'slack'), change).toBe(next);
    }
  });

  it('hands out nothing at once from a cache another process shares (no peek)', async () => {
    const { peek: _peek, ...shared } = createMemoryCache();
    const fake = fakeSource();
    const service = createMessagesService({
      dataModeFor: async () => ({ kind: 'live' }),
      sources: { sample: () => fake.source, live: fake.source },
      cache: shared,
      tagsByMessage: async () => new Map(),
      rulesFor: async () => null,
      clock: () => 1_000_000,
      onGathered: async () => undefined,
    });
    await service.getMessages('me', 'slack', { refresh: false });
    expect(service.warmMessages('me', 'slack')).toBeUndefined();
  });

  it('lets concurrent requests share one gathering', async () => {
    const { service, fake } = setUp();
    const results = await Promise.all(
      Array.from({ length: 5 }, () => service.getMessages('me', 'slack', { refresh: false })),
    );
    expect(fake.gatherings()).toBe(1);
    expect(new Set(results).size).toBe(1);
  });

  it('keeps two live changes laid over the cached result at once', async () => {
    const { service } = setUp();
    await service.getMessages('me', 'slack', { refresh: false });
    await Promise.all([
      service.applyLiveChanges('me', 'slack', { upsert: [message('live-1', 400, 'a')] }),
      service.applyLiveChanges('me', 'slack', { upsert: [message('live-2', 401, 'b')] }),
    ]);
    const ids = (await read(service.getMessages('me', 'slack', { refresh: false }))).messages.map(
      (item) => item.platform_message_id,
    );
    expect(ids).toEqual(expect.arrayContaining(['live-1', 'live-2']));
  });

  it('lays a live change that came while gathering over what was gathered, and keeps that', async () => {
    const { service, fake } = setUp();
    const ids = async (answer: Promise<EncodedAnswer>) =>
      (await read(answer)).messages.map((item) => item.platform_message_id);
    // The platform is asked before the change happened, so what it answers cannot hold it.
    const gathering = ids(service.getMessages('me', 'slack', { refresh: false }));
    const connectionGathering = ids(service.getConnectionMessages('me', 'slack', 'a', { refresh: false }));
    await service.applyLiveChanges('me', 'slack', { upsert: [message('live', 400, 'a')] });
    await service.applyLiveChanges('me', 'slack', {
      upsert: [],
      remove: { connectionId: 'a', ids: ['a-new'] },
    });
    expect(await gathering).toEqual(['live', 'b-dm', 'shared', 'b-old']);
    expect(await connectionGathering).toEqual(['live', 'shared']);
    expect(fake.gatherings()).toBe(2);

    // What was answered is what is kept: the next answers come from the cache, with the change in them.
    expect(await ids(service.getMessages('me', 'slack', { refresh: false }))).toContain('live');
    expect(await ids(service.getConnectionMessages('me', 'slack', 'a', { refresh: false }))).toContain(
      'live',
    );
    expect(fake.gatherings()).toBe(2);
  });

  it("keeps a change for one account out of another account's cached messages", async () => {
    const { service } = setUp();
    const gathering = service.getConnectionMessages('me', 'slack', 'b', { refresh: false });
    await service.applyLiveChanges('me', 'slack', { upsert: [message('live', 400, 'a')] });
    const ids = (await read(gathering)).messages.map((item) => item.platform_message_id);
    expect(ids).not.toContain('live');
  });

  it('answers 404 for a connection that is not the user’s, and forgets a user on request', async () => {
    const { service, fake } = setUp();
    await expect(
      service.getConnectionMessages('someone-else', 'slack', 'a', { refresh: false }),
    ).rejects.toThrow(HttpError);
    await expect(
      service.getConnectionMessages('me', 'slack', 'zzz', { refresh: false }),
    ).rejects.toMatchObject({
      statusCode: 404,
      code: 'NOT_FOUND',
    });
    await service.getMessages('me', 'slack', { refresh: false });
    await service.forgetUser('me');
    await service.getMessages('me', 'slack', { refresh: false });
    expect(fake.gatherings()).toBe(2);
  });

  it('gives an empty result, not an error, when the user has no connections', async () => {
    const { service } = setUp();
    expect(
      JSON.parse((await service.getMessages('me', 'chatwork', { refresh: false })).identity.toString()),
    ).toMatchObject({
      messages: [],
      accounts: [],
      summary: {
        total_messages: 0,
        mentions: 0,
        replies: 0,
        all_mentions: 0,
        direct_messages: 0,
        accounts_processed: 0,
      },
    });
  });
});
