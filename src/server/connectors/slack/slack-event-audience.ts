import { z } from 'zod';
import type { SlackClient } from './slack-client.ts';

const authorizationSchema = z.looseObject({ team_id: z.string().nullish(), user_id: z.string().nullish() });

/**
 * Slack's method page and changelog describe `authorizations` as a list; the OpenAPI document's example shows one
 * object. Either reading is taken (decision 147).
 */
const authorizationsPageSchema = z.looseObject({
  ok: z.literal(true),
  authorizations: z
    .union([z.array(authorizationSchema), authorizationSchema])
    .transform((value) => (Array.isArray(value) ? value : [value])),
  response_metadata: z.looseObject({ next_cursor: z.string().optional() }).optional(),
});

/** Pages asked at most for one event: 100 installations a page, far beyond any workspace's Matome members. */
const MAX_PAGES = 20;
const PAGE_SIZE = 100;

/**
 * Every installation of this app that can see an event (`apps.event.authorizations.list`, Tier 4, an app-level
 * token with `authorizations:read`): the Slack user ids of the workspace's installations, as the payload itself
 * names at most one.
 */
export async function slackEventAudience(
  client: SlackClient,
  appToken: string,
  teamId: string,
  eventContext: string,
): Promise<Set<string>> {
  const users = new Set<string>();
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const answer = await client.call(
      teamId,
      appToken,
      'apps.event.authorizations.list',
      { event_context: eventContext, limit: PAGE_SIZE, ...(cursor ? { cursor } : {}) },
      authorizationsPageSchema,
    );
    for (const entry of answer.authorizations) {
      if (entry.user_id && (entry.team_id ?? teamId) === teamId) users.add(entry.user_id);
    }
    cursor = answer.response_metadata?.next_cursor || undefined;
    if (!cursor) break;
  }
  return users;
}
