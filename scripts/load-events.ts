import {
  loadChannelId,
  loadDm,
  loadSenderId,
  loadSlackUserId,
  membersOf,
  workspacesOf,
  type SeededUser,
} from './load-seed.ts';

/**
 * Slack's events in the load scenario (issue 22, decision 147): messages posted through the Slack emulator's
 * control API, which delivers them to the app's request URL as Slack does (signed, once per workspace, one
 * installation in `authorizations`, `event_context` for the rest), and what became of them: on the listeners'
 * streams, and in each concerned member's `GET /api/slack/messages` at the end.
 */

export type EventKind = 'mention' | 'dm' | 'here';

export type PostedEvent = {
  kind: EventKind;
  workspace: number;
  /** `{channel}-{ts}`, the message's `platform_message_id`. */
  id: string;
  /** `performance.now()` just before the post. */
  at: number;
  /** The epoch second of the post, on the emulator's clock as well (the same machine). */
  second: number;
  /** The users (seed indexes) it concerns: the one mentioned or written to, or every connected member. */
  concerned: number[];
};

/** Has the Slack emulator deliver its events to `requestUrl`, signed with `signingSecret`. */
export async function configureEvents(
  slack: string,
  requestUrl: string,
  signingSecret: string,
): Promise<void> {
  const answer = await fetch(`${slack}/_control/events/config`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ requestUrl, signingSecret }),
  });
  if (!answer.ok) throw new Error(`the Slack emulator refused the events config: ${answer.status}`);
}

let sequence = 0;

/**
 * Posts one message through the emulator for a listening user: about one in ten an `<!here>` in a public channel
 * of one of their workspaces (every connected member is in it), two in ten a DM from their DM's sender, the rest
 * a direct mention in a public channel. Answers what was posted, or throws when the emulator refused it or did not
 * deliver it (no event id).
 */
export async function postEvent(slack: string, user: SeededUser, userCount: number): Promise<PostedEvent> {
  sequence += 1;
  const workspace = workspacesOf(user.index)[Math.floor(Math.random() * 2)]!;
  const draw = Math.random();
  const kind: EventKind = draw < 0.1 ? 'here' : draw < 0.3 ? 'dm' : 'mention';
  const sender = loadSenderId(workspace, sequence % 5);
  const channel = loadChannelId(workspace, sequence % 5);
  const post =
    kind === 'dm'
      ? { ...loadDm(workspace, user.index, userCount), text: `a live direct note ${sequence}` }
      : kind === 'here'
        ? { channel, sender, text: `<!here> the build is green again ${sequence}` }
        : {
            channel,
            sender,
            text: `<@${loadSlackUserId(workspace, user.index)}> a live question ${sequence}`,
          };
  const at = performance.now();
  const second = Math.floor(Date.now() / 1000);
  const answer = await fetch(`${slack}/_control/events/post`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ channel: post.channel, user: post.sender, text: post.text }),
  });
  const body = (await answer.json()) as { ok?: boolean; ts?: string; event_id?: string | null };
  if (!answer.ok || !body.ts) throw new Error(`the Slack emulator refused a post: ${answer.status}`);
  if (!body.event_id) throw new Error(`the Slack emulator did not deliver ${post.channel}-${body.ts}`);
  return {
    kind,
    workspace,
    id: `${post.channel}-${body.ts}`,
    at,
    second,
    concerned: kind === 'here' ? membersOf(workspace, userCount) : [user.index],
  };
}

/** Runs `work` over `items`, `atOnce` at a time. */
export async function inTurn<T, R>(items: T[], atOnce: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(atOnce, items.length) }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await work(items[index]!);
      }
    }),
  );
  return results;
}

/**
 * Live completeness: for each posted message and each member it concerns, whether it is in that member's
 * `GET /api/slack/messages`. Each concerned user is asked once, 10 at a time, alternating between `bases`.
 */
export async function liveCompleteness(
  bases: string[],
  users: SeededUser[],
  posted: PostedEvent[],
): Promise<Completeness> {
  const byIndex = new Map(users.map((user) => [user.index, user]));
  const wanted = [...new Set(posted.flatMap((event) => event.concerned))].filter((index) =>
    byIndex.has(index),
  );
  let failed = 0;
  const inboxes = new Map<number, Set<string>>();
  await inTurn(wanted, 10, async (index) => {
    const base = bases[index % bases.length]!;
    const answer = await fetch(`${base}/api/slack/messages`, {
      headers: { authorization: `Bearer ${byIndex.get(index)!.accessToken}` },
    }).catch(() => undefined);
    if (!answer?.ok) {
      failed += 1;
      return;
    }
    const { messages = [] } = (await answer.json()) as { messages?: { platform_message_id: string }[] };
    inboxes.set(index, new Set(messages.map((message) => message.platform_message_id)));
  });
  let pairs = 0;
  let found = 0;
  const missing = new Map<EventKind, number>();
  const missed: Completeness['missed'] = [];
  for (const event of posted) {
    for (const index of event.concerned) {
      const inbox = inboxes.get(index);
      if (!inbox) continue;
      pairs += 1;
      if (inbox.has(event.id)) found += 1;
      else {
        missing.set(event.kind, (missing.get(event.kind) ?? 0) + 1);
        missed.push({ user: index, workspace: event.workspace, second: event.second });
      }
    }
  }
  return { pairs, found, missing, missed, asked: wanted.length, failed };
}

export type Completeness = {
  pairs: number;
  found: number;
  missing: Map<EventKind, number>;
  /** Each missing pair: the member, the workspace and the second the message was posted. */
  missed: { user: number; workspace: number; second: number }[];
  asked: number;
  failed: number;
};

export type ConnectionStatus = {
  workspace: string | null;
  state: string | null;
  done: number;
  total: number;
};

/** Every user's Slack connections as `GET /api/slack/status` tells them, 10 users at a time. */
export async function slackStatuses(bases: string[], users: SeededUser[]): Promise<ConnectionStatus[]> {
  type Answer = {
    connections?: {
      platform_workspace_id: string | null;
      slack_intake?: { state: string; backfill: { done: number; total: number } };
    }[];
  };
  const answers = await inTurn(users, 10, async (user) => {
    const answer = await fetch(`${bases[user.index % bases.length]!}/api/slack/status`, {
      headers: { authorization: `Bearer ${user.accessToken}` },
    }).catch(() => undefined);
    return answer?.ok ? ((await answer.json()) as Answer) : {};
  });
  return answers.flatMap(({ connections = [] }) =>
    connections.map((connection) => ({
      workspace: connection.platform_workspace_id,
      state: connection.slack_intake?.state ?? null,
      done: connection.slack_intake?.backfill.done ?? 0,
      total: connection.slack_intake?.backfill.total ?? 0,
    })),
  );
}
