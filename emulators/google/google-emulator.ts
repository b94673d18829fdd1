/**
 * A local stand-in for Google's OAuth 2.0 web-server flow (authorize page with granular consent, token, revoke,
 * OpenID userinfo and signing keys) and the Calendar v3 and Tasks v1 calls Matome makes, served at the root of one
 * origin with Google's own paths (`/o/oauth2/v2/auth`, `/token`, `/v1/userinfo`, `/calendar/v3/…`, `/tasks/v1/…`).
 * Its answers are held to Google's discovery documents by the contract tests.
 *
 * What it knowingly does not model: recurring events (every event is a single one, as `singleEvents=true` shows
 * them), attendees and invitations, paging tokens, sync tokens, Meet link creation (`conferenceDataVersion`), task
 * moves and sub-tasks, per-user quotas, and the seven-day life of refresh tokens for apps in testing status.
 */
import type { FastifyInstance } from 'fastify';
import {
  startEmulator,
  type EmulatorDefinition,
  type RunningEmulator,
  type StartOptions,
} from '../core/emulator-server.ts';
import { googleApiRoutes, googleError } from './google-api.ts';
import { googleOAuthRoutes } from './google-oauth.ts';
import { defaultGoogleSeed, googleSeedSchema, type GoogleSeed } from './google-seed.ts';
import { GoogleStore } from './google-store.ts';

const googleEmulator: EmulatorDefinition<GoogleSeed, GoogleStore> = {
  name: 'Google',
  seedSchema: googleSeedSchema,
  createState: (seed) => new GoogleStore(seed, Date.now()),
  errorBody: (status, message) => googleError(status, message),
  routes(app: FastifyInstance, context) {
    googleOAuthRoutes(app, context);
    googleApiRoutes(app, context);
  },
};

export function startGoogleEmulator(options: StartOptions<GoogleSeed> = {}): Promise<RunningEmulator> {
  return startEmulator(googleEmulator, options.seed ?? defaultGoogleSeed(), options);
}
