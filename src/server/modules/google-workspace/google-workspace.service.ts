import { createHash } from 'node:crypto';
import type { PlanType } from '../../../contract/auth.ts';
import type {
  CalendarEvent,
  CreateEventBody,
  CreateTaskBody,
  GoogleCalendarStatus,
  GoogleTaskDto,
} from '../../../contract/google.ts';
import type { GoogleApi, GoogleEvent, GoogleTask } from '../../connectors/google/google-api.ts';
import {
  googleAuthorizeUrl,
  googleToken,
  type GoogleEndpoints,
} from '../../connectors/google/google-sign-in.ts';
import { pkceChallenge } from '../../connectors/pkce.ts';
import { ProviderError } from '../../connectors/provider-error.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { TokenCipher } from '../../lib/token-cipher.ts';
import type { OAuthFlowsService } from '../oauth-flows/oauth-flows.service.ts';
import type { GoogleWorkspaceRepo } from './google-workspace.repo.ts';

export const CALENDAR_SCOPE = 'https://www.googleapis.com/auth/calendar.events';
export const TASKS_SCOPE = 'https://www.googleapis.com/auth/tasks';
/** An access token this close to its expiry is refreshed before use. */
const REFRESH_MARGIN_MS = 60_000;
/** How long a submitted form's key (and what Google created for it) is kept to answer a repeat: a day. */
export const SUBMISSION_KEY_MS = 24 * 60 * 60 * 1000;

export const calendarCallbackMessages = {
  denied: 'Access was not granted on the consent page.',
  invalidState:
    'This consent link has expired or was already used, or it was opened in a different browser from the one that started it. Please start again from Matome.',
  failed: 'Google Calendar could not be connected. Please try again.',
} as const;

export type GoogleWorkspaceDeps = {
  repo: GoogleWorkspaceRepo;
  cipher: TokenCipher;
  oauthFlows: OAuthFlowsService;
  /** Undefined when the server has no Google client credentials. */
  endpoints: GoogleEndpoints | undefined;
  api: GoogleApi;
  publicUrl: string;
  /** SPEC §6 makes Calendar a Pro feature; off during the beta (`PLAN_GATES`). */
  planGates: boolean;
  planOf: (userId: string) => Promise<PlanType>;
  clock: () => number;
};

const reconnectRequired = () =>
  new HttpError(
    409,
    'Google no longer accepts this connection. Please connect Google Calendar again.',
    'GOOGLE_RECONNECT_REQUIRED',
  );

/** A Google failure as the page's error: missing scope, revoked grant, or Google unwell (never a 5xx of ours). */
function httpErrorOf(error: ProviderError): HttpError {
  if (error.failure === 'forbidden' && error.providerCode === 'insufficientPermissions') {
    return new HttpError(
      403,
      'Google has not granted Matome this permission. Please authorise it again.',
      'INSUFFICIENT_SCOPE',
    );
  }
  if (error.failure === 'timeout')
    return new HttpError(504, 'Google did not answer in time. Please try again.', 'GOOGLE_TIMEOUT');
  if (error.failure === 'not_found')
    return new HttpError(404, 'Google found nothing there.', 'GOOGLE_NOT_FOUND');
  return new HttpError(502, 'Google could not complete the request. Please try again.', 'GOOGLE_UNAVAILABLE');
}

/** The meeting link SPEC §2 labels: the conference's video entry point, else the Meet link. */
function meetingUrlOf(event: GoogleEvent): string | null {
  const video = event.conferenceData?.entryPoints?.find((entry) => entry.entryPointType === 'video');
  return video?.uri ?? event.hangoutLink ?? null;
}

export function toCalendarEvent(event: GoogleEvent): CalendarEvent {
  return {
    id: event.id,
    summary: event.summary ?? '',
    ...(event.description ? { description: event.description } : {}),
    ...(event.location ? { location: event.location } : {}),
    start: event.start,
    end: event.end,
    ...(event.htmlLink ? { htmlLink: event.htmlLink } : {}),
    meetingUrl: meetingUrlOf(event),
  };
}

function toTask(task: GoogleTask, taskListId: string): GoogleTaskDto {
  return {
    id: task.id,
    title: task.title ?? '',
    ...(task.notes ? { notes: task.notes } : {}),
    status: task.status ?? 'needsAction',
    ...(task.due ? { due: task.due } : {}),
    ...(task.updated ? { updated: task.updated } : {}),
    ...(task.selfLink ? { selfLink: task.selfLink } : {}),
    taskListId,
  };
}

/** Calendar event ids are base32hex (0–9, a–v): the key's hash in that alphabet, the same for every retry. */
function eventIdFor(userId: string, key: string): string {
  const digest = createHash('sha256').update(`${userId}:${key}`).digest();
  return [...digest].map((byte) => '0123456789abcdefghijklmnopqrstuv'[byte % 32]).join('');
}

/** Google Calendar and Tasks for a signed-in user: the connection, its tokens and the calls (decision 102). */
export function createGoogleWorkspaceService(deps: GoogleWorkspaceDeps) {
  const { repo, cipher, api } = deps;
  const redirectUri = `${deps.publicUrl}/api/auth/google-calendar/callback`;
  const dashboard = (result: 'connected' | 'error', message?: string) =>
    `${deps.publicUrl}/dashboard?${new URLSearchParams({ googleCalendar: result, ...(message ? { message } : {}) })}`;
  /** One refresh per user at a time: concurrent calls wait for it rather than spend the refresh token twice. */
  const refreshing = new Map<string, Promise<string>>();

  function endpoints(): GoogleEndpoints {
    if (!deps.endpoints) {
      throw new HttpError(409, 'Google is not configured on this server', 'PROVIDER_NOT_CONFIGURED');
    }
    return deps.endpoints;
  }

  async function assertPlan(userId: string) {
    if (deps.planGates && (await deps.planOf(userId)) === 'free') {
      throw new HttpError(403, 'Google Calendar is a Pro feature. Upgrade to use it.', 'PLAN_REQUIRED');
    }
  }

  async function refresh(userId: string, refreshTokenSealed: string | null): Promise<string> {
    const refreshToken = refreshTokenSealed ? cipher.open(refreshTokenSealed, 'refresh') : null;
    if (!refreshToken) {
      await repo.markDisconnected(userId);
      throw reconnectRequired();
    }
    try {
      const answer = await googleToken(endpoints(), {
        grant_type: 'refresh_token',
        refresh_token: refreshToken,
      });
      await repo.saveAccessToken(
        userId,
        cipher.seal(answer.access_token, 'access'),
        new Date(deps.clock() + answer.expires_in * 1000),
      );
      return answer.access_token;
    } catch (error) {
      if (error instanceof ProviderError && error.failure === 'refresh_rejected') {
        await repo.markDisconnected(userId);
        throw reconnectRequired();
      }
      throw error instanceof ProviderError ? httpErrorOf(error) : error;
    }
  }

  function refreshOnce(userId: string, refreshTokenSealed: string | null): Promise<string> {
    let pending = refreshing.get(userId);
    if (!pending) {
      pending = refresh(userId, refreshTokenSealed).finally(() => refreshing.delete(userId));
      refreshing.set(userId, pending);
    }
    return pending;
  }

  /** Runs a call with a live access token, refreshing first when due and once more if Google refuses it. */
  async function withToken<T>(userId: string, call: (accessToken: string) => Promise<T>): Promise<T> {
    await assertPlan(userId);
    const row = await repo.connection(userId);
    if (!row) throw new HttpError(409, 'Google Calendar is not connected.', 'GOOGLE_NOT_CONNECTED');
    if (row.status === 'disconnected') throw reconnectRequired();
    const stored = cipher.open(row.accessTokenEncrypted, 'access');
    const due = row.tokenExpiresAt.getTime() - REFRESH_MARGIN_MS <= deps.clock();
    let accessToken = !stored || due ? await refreshOnce(userId, row.refreshTokenEncrypted) : stored;
    try {
      return await call(accessToken);
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      if (error.failure !== 'unauthorized') throw httpErrorOf(error);
      accessToken = await refreshOnce(userId, row.refreshTokenEncrypted);
      try {
        return await call(accessToken);
      } catch (retryError) {
        throw retryError instanceof ProviderError ? httpErrorOf(retryError) : retryError;
      }
    }
  }

  /** Runs a create once per idempotency key: a repeated submit answers what the first one created. */
  async function once<T>(
    userId: string,
    key: string | undefined,
    kind: 'event' | 'task',
    create: () => Promise<T>,
  ) {
    if (!key) return create();
    const claim = await repo.claim(userId, key, kind, new Date(deps.clock() - SUBMISSION_KEY_MS));
    if (claim === 'pending') {
      throw new HttpError(409, 'This form is already being sent.', 'REQUEST_IN_PROGRESS');
    }
    if (claim === 'other-kind')
      throw new HttpError(400, 'This idempotency key was used for something else.', 'IDEMPOTENCY_KEY_REUSED');
    if (claim !== 'claimed') return JSON.parse(claim.result) as T;
    try {
      const created = await create();
      await repo.complete(userId, key, JSON.stringify(created));
      return created;
    } catch (error) {
      await repo.release(userId, key);
      throw error;
    }
  }

  return {
    async connect(userId: string, browserBinding: string | undefined) {
      const google = endpoints();
      await assertPlan(userId);
      const { state, codeVerifier, binding } = await deps.oauthFlows.start({
        userId,
        platform: 'google-calendar',
        usesPkce: true,
        browserBinding,
      });
      const authUrl = googleAuthorizeUrl(google, {
        state,
        codeChallenge: pkceChallenge(codeVerifier ?? ''),
        redirectUri,
        scopes: [CALENDAR_SCOPE, TASKS_SCOPE],
        offline: true,
      });
      return { authUrl, binding };
    },

    /** Finishes the consent; answers the dashboard URL with `googleCalendar=connected` or `=error&message=…`. */
    async callback(
      query: { code?: string | undefined; state?: string | undefined; error?: string | undefined },
      browserBinding: string | undefined,
    ): Promise<string> {
      const pending = await deps.oauthFlows.finish({
        platform: 'google-calendar',
        state: query.state,
        browserBinding,
      });
      if (pending.kind !== 'bound' || !deps.endpoints)
        return dashboard('error', calendarCallbackMessages.invalidState);
      if (query.error || !query.code) return dashboard('error', calendarCallbackMessages.denied);
      try {
        const answer = await googleToken(deps.endpoints, {
          grant_type: 'authorization_code',
          code: query.code,
          code_verifier: pending.codeVerifier ?? '',
          redirect_uri: redirectUri,
        });
        await repo.saveGrant({
          userId: pending.userId,
          scopes: answer.scope,
          accessTokenEncrypted: cipher.seal(answer.access_token, 'access'),
          refreshTokenEncrypted: answer.refresh_token ? cipher.seal(answer.refresh_token, 'refresh') : null,
          tokenExpiresAt: new Date(deps.clock() + answer.expires_in * 1000),
        });
      } catch (error) {
        if (error instanceof ProviderError) return dashboard('error', calendarCallbackMessages.failed);
        throw error;
      }
      return dashboard('connected');
    },

    async status(userId: string): Promise<GoogleCalendarStatus> {
      const row = await repo.connection(userId);
      const scopes = (row?.scopes ?? '').split(' ');
      return {
        configured: deps.endpoints !== undefined,
        connected: row?.status === 'connected',
        reconnectRequired: row?.status === 'disconnected',
        scopes: { calendar: scopes.includes(CALENDAR_SCOPE), tasks: scopes.includes(TASKS_SCOPE) },
      };
    },

    async listEvents(userId: string, window: { timeMin: string; timeMax: string }) {
      const answer = await withToken(userId, (token) => api.listEvents(token, window));
      return { items: answer.items.filter((event) => event.status !== 'cancelled').map(toCalendarEvent) };
    },

    createEvent(userId: string, body: CreateEventBody, key: string | undefined): Promise<CalendarEvent> {
      return once(userId, key, 'event', () =>
        withToken(userId, async (token) => {
          const id = key ? eventIdFor(userId, key) : undefined;
          try {
            // Google's dateTime is RFC 3339: the form's minutes gain their seconds.
            const at = (time: CreateEventBody['start']) => ({
              dateTime: time.dateTime.length === 16 ? `${time.dateTime}:00` : time.dateTime,
              timeZone: time.timeZone,
            });
            const insert = { ...body, start: at(body.start), end: at(body.end), ...(id ? { id } : {}) };
            return toCalendarEvent(await api.insertEvent(token, insert));
          } catch (error) {
            // The first attempt reached Google but its answer was lost: the event exists under this id.
            if (id && error instanceof ProviderError && error.providerCode === 'duplicate') {
              return toCalendarEvent(await api.getEvent(token, id));
            }
            throw error;
          }
        }),
      );
    },

    async listTasks(userId: string, taskListId: string | undefined) {
      return withToken(userId, async (token) => {
        const listId = taskListId ?? (await api.listTaskLists(token))[0]?.id;
        if (!listId) return { items: [] };
        const answer = await api.listTasks(token, listId);
        return { items: answer.items.map((task) => toTask(task, listId)) };
      });
    },

    createTask(userId: string, body: CreateTaskBody, key: string | undefined): Promise<GoogleTaskDto> {
      const notes =
        body.notes ??
        ([body.sourceAuthor, body.sourceMessage, body.sourceUrl].filter(Boolean).join('\n\n') || undefined);
      return once(userId, key, 'task', () =>
        withToken(userId, async (token) => {
          const listId = body.taskListId ?? '@default';
          const task = await api.insertTask(token, listId, {
            title: body.title,
            ...(notes ? { notes } : {}),
            // Tasks keeps only the date; the person's calendar date at UTC midnight is how Google expects it.
            ...(body.due ? { due: `${body.due}T00:00:00.000Z` } : {}),
          });
          return toTask(task, listId);
        }),
      );
    },
  };
}

export type GoogleWorkspaceService = ReturnType<typeof createGoogleWorkspaceService>;
