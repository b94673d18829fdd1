/**
 * A local stand-in for ChatWork's OAuth 2.0 consent page (`/packages/oauth2/login.php`) and token endpoint and the
 * API v2 calls Matome makes: GET /me, GET and POST /rooms, GET /rooms/{id}, GET and POST /rooms/{id}/messages,
 * GET /rooms/{id}/messages/{id}; and it delivers account webhooks (chatwork-webhooks.ts). Its answers are held to
 * ChatWork's RAML by the connectors' contract tests.
 *
 * What it knowingly does not model, and what real ChatWork does there:
 * - the free plan's 40-day window: messages older than 40 days are not returned and answers carry
 *   `chatwork-message-limitation: true` (ChatWork changelog 2022-09-06);
 * - the per-room limit of 10 posts (messages and tasks) per 10 seconds (developer.chatwork.com, per third-party
 *   summaries; not in the RAML or PDF);
 * - whether the 300 requests per 5 minutes are counted per token or per account (undocumented): here per
 *   account, the stricter reading;
 * - where the `force=0` cursor lives (undocumented): here per access token and room, so a refreshed token starts
 *   from the beginning again;
 * - organisation approval of API use on Business and Enterprise plans (PDF, "Before You Start"), SAML sign-in on
 *   the consent page, and JWT signatures (its access tokens have the real claims and a random signature);
 * - contacts, tasks, files, members, read/unread marks (unread_num and mention_num are fixed by the seed), PUT and
 *   DELETE calls and `/my/status`;
 * - of the webhook settings page, anything but creating an account webhook with "Mention to me"
 *   (chatwork-webhook-page.ts; the control API does the rest), and what deliveries leave out (chatwork-webhooks.ts).
 */
import type { FastifyInstance } from 'fastify';
import {
  startEmulator,
  type EmulatorDefinition,
  type RunningEmulator,
  type StartOptions,
} from '../core/emulator-server.ts';
import { chatworkApiRoutes, chatworkErrors } from './chatwork-api.ts';
import { chatworkOAuthRoutes } from './chatwork-oauth.ts';
import { chatworkSeedSchema, defaultChatworkSeed, type ChatworkSeed } from './chatwork-seed.ts';
import { ChatworkStore } from './chatwork-store.ts';
import { chatworkWebhookPageRoutes } from './chatwork-webhook-page.ts';
import { chatworkWebhookRoutes } from './chatwork-webhooks.ts';

const statusTexts: Record<number, string> = {
  400: 'Bad Request',
  401: 'Invalid API token',
  403: 'Forbidden',
  404: 'Not Found',
  429: 'Rate limit exceeded',
};

const chatworkEmulator: EmulatorDefinition<ChatworkSeed, ChatworkStore> = {
  name: 'ChatWork',
  seedSchema: chatworkSeedSchema,
  createState: (seed) => new ChatworkStore(seed),
  errorBody: (status, message) => chatworkErrors(statusTexts[status] ?? message),
  routes(app: FastifyInstance, context) {
    chatworkOAuthRoutes(app, context);
    chatworkApiRoutes(app, context);
    chatworkWebhookRoutes(app, context);
    chatworkWebhookPageRoutes(app, context);
  },
};

export function startChatworkEmulator(options: StartOptions<ChatworkSeed> = {}): Promise<RunningEmulator> {
  return startEmulator(chatworkEmulator, options.seed ?? defaultChatworkSeed(), options);
}
