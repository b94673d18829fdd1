import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  chatworkReplyRequestSchema,
  connectionsOverviewSchema,
  connectResponseSchema,
  disconnectParamsSchema,
  disconnectResponseSchema,
  oauthCallbackQuerySchema,
  replyResponseSchema,
  slackReplyRequestSchema,
} from '../../../contract/connections.ts';
import { apiErrorSchema } from '../../../contract/errors.ts';
import { platformNames, platforms } from '../../../contract/messages.ts';
import { createRateLimit } from '../../lib/rate-limit.ts';
import { bearerSecurity, requireSubject } from '../../plugins/authentication.ts';
import { readOAuthBinding, setOAuthBinding } from '../oauth-flows/oauth-binding-cookie.ts';
import type { MatomeReply } from '../replies-awaited/matome-reply.ts';
import type { ConnectionsService } from './connections.service.ts';
import type { ProviderCalls } from './provider-calls.ts';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
/**
 * Consents a user may start, and consents of theirs that may come back, per 15 minutes (decision 051): room to
 * connect every account of the largest plan with retries, and a ceiling on the provider calls (code exchanges)
 * one user's attempts can cause. A callback is counted against the user its state belongs to; one whose state is
 * unknown or spent reaches no provider anyway.
 */
export const CONNECT_STARTS_PER_USER = { points: 20, durationSeconds: 15 * 60 };
export const CALLBACKS_PER_USER = { points: 15, durationSeconds: 15 * 60 };
const providerErrors = { 422: apiErrorSchema, 429: apiErrorSchema, 502: apiErrorSchema, 504: apiErrorSchema };

export type ConnectionsRoutesDeps = {
  service: ConnectionsService;
  calls: ProviderCalls;
  /** Connections the status calls show, sample ones included. */
  countShown: (userId: string) => Promise<number>;
  /** Called when a user's connections changed, so their cached messages are gathered afresh. */
  onChange: (userId: string) => Promise<void>;
  /** Whether cookies carry `Secure` (the app is served over HTTPS). */
  secureCookies: boolean;
  /** Told of every reply posted, to mark what it answered handled (decision 154). */
  onReplied?: (userId: string, reply: MatomeReply) => Promise<void>;
};

/** Connecting (OAuth), disconnecting and replying for Slack and ChatWork, and the panel's overview. */
export function connectionsRoutes(deps: ConnectionsRoutesDeps) {
  const { service, calls } = deps;
  return async function register(app: FastifyInstance): Promise<void> {
    const connectStarts = createRateLimit(CONNECT_STARTS_PER_USER);
    const callbacks = createRateLimit(CALLBACKS_PER_USER);
    const routes = app.withTypeProvider<ZodTypeProvider>();

    routes.get(
      '/connections/overview',
      {
        onRequest: app.authenticate,
        schema: {
          tags: ['connections'],
          summary: 'Plan, connection limit and usage, and which providers this server is configured for',
          security: bearerSecurity,
          response: { 200: connectionsOverviewSchema, 401: apiErrorSchema },
        },
      },
      async (request, reply) => {
        const { userId } = requireSubject(request);
        reply.header('cache-control', 'private, no-store');
        return service.overview(userId, await deps.countShown(userId));
      },
    );

    for (const platform of platforms) {
      const name = platformNames[platform];

      routes.post(
        `/${platform}/connect`,
        {
          onRequest: app.authenticate,
          schema: {
            tags: ['connections'],
            summary: `Start connecting a ${name} account: the consent page to send the browser to`,
            description:
              'Sets the HttpOnly browser-binding cookie the callback requires, so the consent completes only in this browser. 403 `CONNECTION_LIMIT` at the plan limit, 403 `DEMO_RESTRICTED` for demo accounts and test mode, 409 `PROVIDER_NOT_CONFIGURED` without client credentials, 429 `TOO_MANY_PENDING_CONSENTS` with 10 consents already open.',
            security: bearerSecurity,
            response: { 200: connectResponseSchema, ...errors, 409: apiErrorSchema, 429: apiErrorSchema },
          },
        },
        async (request, reply) => {
          const { userId } = requireSubject(request);
          await connectStarts.consume(userId);
          const { authUrl, binding } = await service.connect(userId, platform, readOAuthBinding(request));
          setOAuthBinding(reply, binding, deps.secureCookies);
          return { authUrl };
        },
      );

      routes.get(
        `/${platform}/callback`,
        {
          schema: {
            tags: ['connections'],
            summary: `Where ${name}'s consent page returns; redirects to the dashboard with the result`,
            description:
              'Accepted only in the browser that started the consent (its binding cookie); anywhere else the state is spent and nothing is stored.',
            querystring: oauthCallbackQuerySchema,
          },
        },
        async (request, reply) => {
          const owner = await service.stateOwner(request.query.state);
          if (owner) await callbacks.consume(owner);
          const { location, userId } = await service.callback(
            platform,
            request.query,
            readOAuthBinding(request),
          );
          if (userId) await deps.onChange(userId);
          return reply.header('cache-control', 'no-store').redirect(location, 302);
        },
      );

      routes.delete(
        `/${platform}/disconnect/:id`,
        {
          onRequest: app.authenticate,
          schema: {
            tags: ['connections'],
            summary: `Disconnect a ${name} connection: revoke where possible, then delete it and its tokens`,
            security: bearerSecurity,
            params: disconnectParamsSchema,
            response: { 200: disconnectResponseSchema, ...errors },
          },
        },
        async (request) => {
          const { userId } = requireSubject(request);
          const row = await service.disconnect(userId, platform, request.params.id);
          await deps.onChange(userId);
          const label = row.platformWorkspaceName ?? row.platformUserName ?? name;
          return { success: true as const, message: `Disconnected ${label}` };
        },
      );
    }

    routes.post(
      '/chatwork/reply',
      {
        onRequest: app.authenticate,
        schema: {
          tags: ['connections'],
          summary: 'Post a reply in a ChatWork room through one of the user’s connections',
          security: bearerSecurity,
          body: chatworkReplyRequestSchema,
          response: { 200: replyResponseSchema, ...errors, ...providerErrors },
        },
      },
      async (request) => {
        const { userId } = requireSubject(request);
        const { connection_id, room_id, reply_to } = request.body;
        const postedId = await calls.replyChatwork(userId, request.body);
        await deps.onReplied?.(userId, {
          platform: 'chatwork',
          connectionId: connection_id,
          conversationId: room_id,
          threadTs: null,
          replyTo: reply_to ?? null,
          postedId,
        });
        return { success: true as const, message: 'Reply sent' };
      },
    );

    routes.post(
      '/slack/reply',
      {
        onRequest: app.authenticate,
        schema: {
          tags: ['connections'],
          summary: 'Post a reply in a Slack channel or thread as the connected user',
          security: bearerSecurity,
          body: slackReplyRequestSchema,
          response: { 200: replyResponseSchema, ...errors, ...providerErrors },
        },
      },
      async (request) => {
        const { userId } = requireSubject(request);
        const { connection_id, channel_id, thread_ts, reply_to } = request.body;
        const postedId = await calls.replySlack(userId, request.body);
        await deps.onReplied?.(userId, {
          platform: 'slack',
          connectionId: connection_id,
          conversationId: channel_id,
          threadTs: thread_ts ?? null,
          replyTo: reply_to ?? null,
          postedId,
        });
        return { success: true as const, message: 'Reply sent' };
      },
    );
  };
}
