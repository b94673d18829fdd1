import { SlackApiError, paginate } from './slack-methods.ts';
import type { SlackSeedConversation } from './slack-seed.ts';
import type { AppToken, EventContext, SlackStore } from './slack-store.ts';

/**
 * `apps.event.authorizations.list`: every installation of the app that can see an event, for the event's
 * `event_context` (docs.slack.dev/reference/methods/apps.event.authorizations.list). Since 2020 an event names at
 * most one installation in `authorizations`, so an app with several users in a workspace asks this method who
 * else may see it (api.slack.com/changelog/2020-09-15-events-api-truncate-authed-users).
 *
 * Slack's OpenAPI document shows `authorizations` as one object in its example; the method page and the changelog
 * show a list, and a list is what is answered here.
 */

export interface AppMethodCall {
  args: Record<string, string | undefined>;
  appToken: AppToken;
  store: SlackStore;
  nowMs: number;
}

/** A method called with an app-level token, which stands for no workspace: its arguments name one. */
export interface AppMethodSpec {
  perMinute: number;
  scopes: string[];
  /** The workspace the call counts against, since Slack's limits are per workspace and app. */
  workspaceOf(call: AppMethodCall): string;
  run(call: AppMethodCall): Record<string, unknown>;
}

const tier4 = 100;
const defaultLimit = 100;
const maxLimit = 1000;

/**
 * Opaque to the app, as Slack's are: `4-` and base64url JSON naming the event type, workspace, app and
 * conversation, the shape Slack's own contexts decode to. The emulator resolves it from the store, not by decoding,
 * so a context it never issued is unknown.
 */
export function encodeEventContext(context: EventContext): string {
  const json = JSON.stringify({
    et: 'message',
    tid: context.teamId,
    aid: context.appId,
    cid: context.channel,
  });
  return `4-${Buffer.from(json).toString('base64url')}`;
}

/** Installed users who can see the conversation: anyone in the workspace for a public channel, else its members. */
export function installationsThatSee(
  store: SlackStore,
  teamId: string,
  conversation: SlackSeedConversation,
  nowMs: number,
): string[] {
  return store
    .installedUsers(teamId, nowMs)
    .filter((user) => conversation.kind === 'public' || conversation.members.includes(user));
}

function eventContextOf({ args, appToken, store }: AppMethodCall): EventContext {
  if (!args.event_context) {
    throw new SlackApiError('invalid_arguments', {
      response_metadata: { messages: ['[ERROR] missing required field: event_context'] },
    });
  }
  const context = store.eventContext(args.event_context);
  if (!context) throw new SlackApiError('invalid_event_context');
  if (context.appId !== appToken.appId) throw new SlackApiError('auth_mismatch');
  return context;
}

export const slackAppMethods: Record<string, AppMethodSpec> = {
  'apps.event.authorizations.list': {
    perMinute: tier4,
    scopes: ['authorizations:read'],
    workspaceOf: (call) => eventContextOf(call).teamId,
    run: (call) => {
      const { teamId, channel } = eventContextOf(call);
      const conversation = call.store.conversation(channel)?.conversation;
      const users = conversation ? installationsThatSee(call.store, teamId, conversation, call.nowMs) : [];
      const { page, responseMetadata } = paginate(users, call.args, defaultLimit, maxLimit);
      return {
        authorizations: page.map((user) => ({
          enterprise_id: null,
          team_id: teamId,
          user_id: user,
          is_bot: false,
          is_enterprise_install: false,
        })),
        response_metadata: responseMetadata,
      };
    },
  },
};
