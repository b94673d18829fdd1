import { request } from 'node:http';
import type { SeededUser } from './load-seed.ts';

/**
 * The traffic of the load scenario (decision 137): page loads and browsers listening (Slack's events are posted
 * through the emulator, load-events.ts).
 */

type Timing = { ms: number; status: number; body?: string };

/** One GET on a fresh connection, uncompressed, timed to its last byte; `keepBody` keeps what it answered. */
function timedGet(url: string, headers: Record<string, string> = {}, keepBody = false): Promise<Timing> {
  const started = performance.now();
  return new Promise((resolve) => {
    const req = request(url, { headers: { 'accept-encoding': 'identity', ...headers } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => keepBody && chunks.push(chunk));
      response.once('end', () =>
        resolve({
          ms: performance.now() - started,
          status: response.statusCode ?? 0,
          ...(keepBody ? { body: Buffer.concat(chunks).toString('utf8') } : {}),
        }),
      );
    });
    req.once('error', () => resolve({ ms: performance.now() - started, status: 0 }));
    req.end();
  });
}

type AccountAnswer = {
  platform?: string;
  workspace_name?: string | null;
  status: string;
  stale?: boolean;
  error?: { code: string };
  unavailable?: { reason: string }[];
};

/** How complete the accounts in the answers were: what a user saw under the providers' budgets. */
export type Completeness = {
  complete: number;
  budgetShort: number;
  /** Failed accounts by their error code. */
  failed: Record<string, number>;
  stale: number;
  /** Each Slack account answered: whose, which workspace (from its name) and the second it was answered. */
  slack: { user: number; workspace: number; second: number; code?: string }[];
};

function tally(completeness: Completeness, user: number, body: string | undefined): void {
  if (!body) return;
  const { accounts = [] } = JSON.parse(body) as { accounts?: AccountAnswer[] };
  const second = Math.floor(Date.now() / 1000);
  for (const account of accounts) {
    const workspace = /(\d+)$/.exec(account.workspace_name ?? '')?.[1];
    if (account.platform === 'slack' && workspace !== undefined)
      completeness.slack.push({
        user,
        workspace: Number(workspace),
        second,
        ...(account.error ? { code: account.error.code } : {}),
      });
    if (account.status === 'error') {
      const code = account.error?.code ?? 'UNKNOWN';
      completeness.failed[code] = (completeness.failed[code] ?? 0) + 1;
    } else if (account.unavailable?.some((missing) => missing.reason === 'rate_limited'))
      completeness.budgetShort += 1;
    else completeness.complete += 1;
    if (account.stale) completeness.stale += 1;
  }
}

export type PageLoads = { app: Timing[]; bare: Timing[]; accounts: Completeness };

/**
 * `rps` requests a second of `GET /api/{platform}/messages` for a random user and platform, alternating between
 * the instances, each followed half a period later by the same bytes from the bare server: both series meet the
 * same moments of a busy machine. Runs until `signal` aborts.
 */
export async function loadPages(
  options: { instances: string[]; bare: string; users: SeededUser[]; rps: number },
  signal: AbortSignal,
): Promise<PageLoads> {
  const loads: PageLoads = {
    app: [],
    bare: [],
    accounts: { complete: 0, budgetShort: 0, failed: {}, stale: 0, slack: [] },
  };
  const pending = new Set<Promise<void>>();
  const track = (work: Promise<void>) => {
    pending.add(work);
    void work.finally(() => pending.delete(work));
  };
  const period = 1000 / options.rps;
  let sent = 0;
  const timer = setInterval(() => {
    const user = options.users[Math.floor(Math.random() * options.users.length)]!;
    const platform = Math.random() < 0.5 ? 'slack' : 'chatwork';
    const base = options.instances[sent % options.instances.length]!;
    sent += 1;
    track(
      timedGet(
        `${base}/api/${platform}/messages`,
        { authorization: `Bearer ${user.accessToken}` },
        true,
      ).then(({ body, ...timing }) => {
        loads.app.push(timing);
        if (timing.status === 200) tally(loads.accounts, user.index, body);
      }),
    );
    setTimeout(
      () => track(timedGet(`${options.bare}/bytes`).then((timing) => void loads.bare.push(timing))),
      period / 2,
    );
  }, period);
  await new Promise((resolve) => signal.addEventListener('abort', resolve, { once: true }));
  clearInterval(timer);
  await new Promise((resolve) => setTimeout(resolve, period));
  await Promise.all(pending);
  return loads;
}

/**
 * A browser's stream on an instance: a ticket with the bearer token, then the stream; calls back with the id of
 * each message of a `messages` frame (a `messages_removed` frame, or a heartbeat, is not an arrival). When the
 * server ends the stream (its lifetime is 15 minutes), it opens a new one with a new ticket and `Last-Event-ID`,
 * as the web app does, so nothing sent in between is missed.
 */
export async function listen(
  base: string,
  user: SeededUser,
  arrived: (messageId: string) => void,
  signal: AbortSignal,
): Promise<void> {
  let lastEventId: string | undefined;
  const open = async () => {
    const answer = await fetch(`${base}/api/events/ticket`, {
      method: 'POST',
      headers: { authorization: `Bearer ${user.accessToken}` },
    });
    if (!answer.ok) throw new Error(`a stream ticket was refused: ${answer.status}`);
    const { ticket } = (await answer.json()) as { ticket: string };
    const response = await fetch(`${base}/api/events/stream?ticket=${ticket}`, {
      signal,
      headers: lastEventId ? { 'last-event-id': lastEventId } : {},
    });
    if (!response.ok || !response.body) throw new Error(`the stream was refused: ${response.status}`);
    return response.body;
  };
  const read = async (body: ReadableStream<Uint8Array>) => {
    const decoder = new TextDecoder();
    let text = '';
    // SSE: a frame's lines up to a blank line; `event:` names it (`message` when absent), `data:` carries it.
    let event = 'message';
    let data: string[] = [];
    const reader = body.getReader();
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      text += decoder.decode(chunk.value, { stream: true });
      const lines = text.split('\n');
      text = lines.pop() ?? '';
      for (const line of lines) {
        if (line.startsWith('event:')) event = line.slice(6).trim();
        else if (line.startsWith('id:')) lastEventId = line.slice(3).trim();
        else if (line.startsWith('data:')) data.push(line.slice(5).trimStart());
        else if (line === '') {
          if (event === 'messages' && data.length > 0) {
            const { messages } = JSON.parse(data.join('\n')) as {
              messages: { platform_message_id: string }[];
            };
            for (const message of messages) arrived(message.platform_message_id);
          }
          event = 'message';
          data = [];
        }
      }
    }
  };
  const first = await open();
  void (async () => {
    try {
      for (let body = first; ; body = await open()) {
        await read(body);
        if (signal.aborted) return;
      }
    } catch {
      // Ended by the bench.
    }
  })();
}
