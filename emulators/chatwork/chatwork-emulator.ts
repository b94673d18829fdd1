/**
 * A local stand-in for ChatWork's OAuth 2.0 consent page and token endpoint and the API v2 calls Matome makes:
 * GET /me, GET and POST /rooms, GET /rooms/{id}, GET and POST /rooms/{id}/messages, GET /rooms/{id}/messages/{id}.
 *
 * It does not model: contacts, tasks, files, members, read/unread marks (unread_num and mention_num are fixed by
 * the seed), PUT and DELETE calls, webhooks, `/my/status`, the per-room limit of 10 posts per 10 seconds, the free
 * plan's 40-day window, organisation approval for Business plans, or JWT signatures (its access tokens have the
 * real claims but a random signature). The `force=0` cursor belongs to each access token, so a refreshed token
 * starts from the beginning again.
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
  },
};

export function startChatworkEmulator(options: StartOptions<ChatworkSeed> = {}): Promise<RunningEmulator> {
  return startEmulator(chatworkEmulator, options.seed ?? defaultChatworkSeed(), options);
}
