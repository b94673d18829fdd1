import { z } from 'zod';
import type { Cache } from '../../lib/cache.ts';
import type { ConnectorAccount } from '../connector-account.ts';
import type { SlackClient } from './slack-client.ts';
import { toSlackMentions } from './slack-names.ts';

const conversationInfoSchema = z.looseObject({
  ok: z.literal(true),
  channel: z.looseObject({ id: z.string() }),
});
const postedSchema = z.looseObject({ ok: z.literal(true), ts: z.string() });

export type SlackReply = { channelId: string; message: string; threadTs: string | null };

/**
 * Posts a reply as the connected user, in the message's thread when `threadTs` is given. The channel is looked up
 * first with the same token, so a channel outside this workspace or hidden from this user is `not_found` and
 * nothing is posted.
 */
export async function postSlackReply(
  client: SlackClient,
  cache: Cache,
  accessToken: string,
  account: ConnectorAccount,
  reply: SlackReply,
): Promise<string> {
  const workspace = account.workspaceId ?? account.connectionId;
  const info = await client.call(
    workspace,
    accessToken,
    'conversations.info',
    { channel: reply.channelId },
    conversationInfoSchema,
  );
  const posted = await client.call(
    workspace,
    accessToken,
    'chat.postMessage',
    {
      channel: info.channel.id,
      text: await toSlackMentions(cache, workspace, reply.message),
      ...(reply.threadTs ? { thread_ts: reply.threadTs } : {}),
    },
    postedSchema,
  );
  return posted.ts;
}
