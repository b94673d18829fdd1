import { createHash } from 'node:crypto';
import { WebClient } from '@slack/web-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatworkSeedSchema } from '../chatwork/chatwork-seed.ts';
import { submitConsent } from '../core/control-client.ts';
import { slackSeedSchema } from '../slack/slack-seed.ts';
import { benchChatworkAccountIds, benchChatworkSeed, benchSlackSeed } from './bench-seeds.ts';
import { googleSeedSchema } from '../google/google-seed.ts';
import { googleConsent, testRedirectUri, testVerifier } from '../google/google-test-flow.ts';
import { sandboxChatworkSeed } from './sandbox-chatwork-seed.ts';
import { sandboxGoogleMaya, sandboxGoogleSeed } from './sandbox-google-seed.ts';
import { sandboxSlackSeed } from './sandbox-slack-seed.ts';
import { startSandboxEmulators, type SandboxEmulators } from './start-sandbox-emulators.ts';

const now = Date.now();
const weekAgoSeconds = (now - 7 * 24 * 60 * 60 * 1000) / 1000;
const callback = 'http://localhost:3000/api/callback';

describe('sandbox seeds', () => {
  it('are valid, deterministic for a given time and within the last 7 days', () => {
    const slack = slackSeedSchema.parse(sandboxSlackSeed(now));
    const chatwork = chatworkSeedSchema.parse(sandboxChatworkSeed(now));
    expect(sandboxSlackSeed(now)).toEqual(slack);
    expect(sandboxChatworkSeed(now)).toEqual(chatwork);
    const slackTimes = slack.teams.flatMap((team) =>
      team.messages.map((message) => Number(message.ts.split('.')[0])),
    );
    const chatworkTimes = chatwork.messages.map((message) => message.send_time);
    for (const seconds of [...slackTimes, ...chatworkTimes]) {
      expect(seconds).toBeGreaterThan(weekAgoSeconds);
      expect(seconds).toBeLessThanOrEqual(now / 1000);
    }
  });

  it('give Slack two workspaces, a paid and a free one, with every kind of conversation and message', () => {
    const { teams } = sandboxSlackSeed(now);
    expect(teams.map((team) => team.plan ?? 'pro')).toEqual(['pro', 'free']);
    for (const team of teams) {
      expect(new Set(team.conversations.map((conversation) => conversation.kind))).toEqual(
        new Set(['public', 'private', 'im', 'mpim']),
      );
      // User groups are a paid feature.
      const paid = team.plan !== 'free';
      expect((team.usergroups?.length ?? 0) > 0).toBe(paid);
      const texts = team.messages.map((message) => message.text).join('\n');
      for (const marker of ['<@U0', '<!channel>', '<!here>', ...(paid ? ['<!subteam^'] : [])])
        expect(texts).toContain(marker);
      expect(team.messages.some((message) => message.thread_ts && message.thread_ts !== message.ts)).toBe(
        true,
      );
      expect(texts).toMatch(/[ぁ-んァ-ン一-龯]/);
    }
  });

  it('give ChatWork two accounts, 20+ rooms for one, and every notation', () => {
    const seed = sandboxChatworkSeed(now);
    const mayaRooms = seed.rooms.filter((room) => room.members.some((member) => member.account_id === 3001));
    expect(mayaRooms.length).toBeGreaterThanOrEqual(20);
    expect(new Set(mayaRooms.map((room) => room.type))).toEqual(new Set(['my', 'direct', 'group']));
    const bodies = seed.messages.map((message) => message.body).join('\n');
    for (const marker of [
      '[To:3001]',
      '[To:4001]',
      '[rp aid=3001 to=',
      '[toall]',
      '[qt]',
      '[info]',
      '[code]',
      '[download:',
    ]) {
      expect(bodies).toContain(marker);
    }
    for (const message of seed.messages.filter((candidate) => candidate.body.includes('[rp '))) {
      const [, aid, roomId, messageId] = /\[rp aid=(\d+) to=(\d+)-(\d+)\]/.exec(message.body) ?? [];
      const target = seed.messages.find((candidate) => candidate.message_id === messageId);
      expect(target).toMatchObject({ room_id: Number(roomId), account_id: Number(aid) });
    }
  });
});

describe('bench seeds', () => {
  it('give 3 Slack workspaces and 3 ChatWork accounts with 20+ rooms, all within the last week', () => {
    const slack = slackSeedSchema.parse(benchSlackSeed(now));
    const chatwork = chatworkSeedSchema.parse(benchChatworkSeed(now));
    expect(slack.teams).toHaveLength(3);
    for (const team of slack.teams) {
      expect(
        team.messages.filter((message) => message.text.includes(`<@${team.users[0]?.id}>`)).length,
      ).toBeGreaterThan(50);
      for (const message of team.messages)
        expect(Number(message.ts.split('.')[0])).toBeGreaterThan(weekAgoSeconds);
    }
    for (const accountId of benchChatworkAccountIds()) {
      const rooms = chatwork.rooms.filter((room) =>
        room.members.some((member) => member.account_id === accountId),
      );
      expect(rooms.length).toBeGreaterThanOrEqual(20);
    }
    for (const message of chatwork.messages) expect(message.send_time).toBeGreaterThan(weekAgoSeconds);
  });
});

describe('startSandboxEmulators', () => {
  let sandbox: SandboxEmulators;
  beforeAll(async () => {
    sandbox = await startSandboxEmulators({ now });
  });
  afterAll(() => sandbox.close());

  it('lets the sandbox Slack app connect Maya and find her mentions in both workspaces', async () => {
    const env = sandbox.appEnv;
    for (const account of ['T01ACME00:U01MAYA00', 'T02HOSHI0:U02MAYA00']) {
      const authorize = `${env.SLACK_AUTHORIZE_URL}?${new URLSearchParams({
        client_id: env.SLACK_CLIENT_ID ?? '',
        user_scope: 'search:read,users:read',
        redirect_uri: callback,
        state: 'st',
      })}`;
      const code = (await submitConsent(authorize, account, 'allow')).searchParams.get('code') ?? '';
      const slack = new WebClient(undefined, { slackApiUrl: `${env.SLACK_API_URL}/` });
      const access = await slack.oauth.v2.access({
        client_id: env.SLACK_CLIENT_ID ?? '',
        client_secret: env.SLACK_CLIENT_SECRET ?? '',
        code,
        redirect_uri: callback,
      });
      const userId = access.authed_user?.id ?? '';
      const search = await new WebClient(access.authed_user?.access_token, {
        slackApiUrl: `${env.SLACK_API_URL}/`,
      }).search.messages({
        query: `<@${userId}>`,
        sort: 'timestamp',
        count: 100,
      });
      expect(search.messages?.total).toBeGreaterThanOrEqual(5);
    }
  });

  it('gives the app an app-level token the Slack emulator takes for apps.event.authorizations.list', async () => {
    const slack = new WebClient(sandbox.appEnv.SLACK_APP_TOKEN, {
      slackApiUrl: `${sandbox.appEnv.SLACK_API_URL}/`,
      retryConfig: { retries: 0 },
    });
    // Past the token and scope checks: only the made-up event context is refused.
    await expect(
      slack.apps.event.authorizations.list({ event_context: '4-never-delivered' }),
    ).rejects.toMatchObject({ data: { error: 'invalid_event_context' } });
  });

  it('lets the sandbox ChatWork app connect Maya and read her 22 rooms', async () => {
    const env = sandbox.appEnv;
    const verifier = 'v'.repeat(43);
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    const authorize = `${env.CHATWORK_AUTHORIZE_URL}?${new URLSearchParams({
      response_type: 'code',
      client_id: env.CHATWORK_CLIENT_ID ?? '',
      redirect_uri: callback,
      scope: 'rooms.all:read_write users.profile.me:read',
      state: 'st',
      code_challenge: challenge,
      code_challenge_method: 'S256',
    })}`;
    const code = (await submitConsent(authorize, '3001', 'allow')).searchParams.get('code') ?? '';
    const token = await fetch(env.CHATWORK_TOKEN_URL ?? '', {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${env.CHATWORK_CLIENT_ID}:${env.CHATWORK_CLIENT_SECRET}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        redirect_uri: callback,
        code_verifier: verifier,
      }),
    });
    const { access_token } = await token.json();
    const rooms = await (
      await fetch(`${env.CHATWORK_API_URL}/rooms`, { headers: { authorization: `Bearer ${access_token}` } })
    ).json();
    expect(rooms).toHaveLength(22);
  });

  it("lets the sandbox Google app read Maya's day: ended, on now, soon and later", async () => {
    expect(googleSeedSchema.parse(sandboxGoogleSeed(now))).toEqual(sandboxGoogleSeed(now));
    const url = sandbox.appEnv.GOOGLE_API_BASE ?? '';
    const code = await googleConsent(url, {
      scopes: ['openid', 'email', 'https://www.googleapis.com/auth/calendar.events'],
      account: sandboxGoogleMaya,
      clientId: sandbox.appEnv.GOOGLE_CLIENT_ID,
    });
    const response = await fetch(`${url}/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        client_id: sandbox.appEnv.GOOGLE_CLIENT_ID ?? '',
        client_secret: sandbox.appEnv.GOOGLE_CLIENT_SECRET ?? '',
        redirect_uri: testRedirectUri,
        code_verifier: testVerifier,
      }),
    });
    const { access_token } = (await response.json()) as { access_token: string };
    const window = new URLSearchParams({
      timeMin: new Date(now - 6 * 3600_000).toISOString(),
      timeMax: new Date(now + 6 * 3600_000).toISOString(),
      singleEvents: 'true',
      orderBy: 'startTime',
    });
    const events = await (
      await fetch(`${url}/calendar/v3/calendars/primary/events?${window}`, {
        headers: { authorization: `Bearer ${access_token}` },
      })
    ).json();
    expect(events.items).toHaveLength(4);
  });
});
