import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { z } from 'zod';
import { createCallCounts } from './call-counts.ts';
import { Clock } from './clock.ts';
import { FaultList, faultSchema } from './faults.ts';
import { FixedWindowLimiter } from './fixed-window-limiter.ts';
import { loggedBody, redactSecrets, type LoggedRequest } from './request-log.ts';

export interface RunningEmulator {
  /** `http://127.0.0.1:PORT`, without a trailing slash. */
  url: string;
  close(): Promise<void>;
}

export interface StartOptions<Seed> {
  /** 0 (the default) picks a free port. */
  port?: number;
  host?: string;
  seed?: Seed;
}

export interface EmulatorSettings {
  /** The consent page approves at once, as `approveAs` or the first seeded user, without showing itself. */
  autoApprove: boolean;
  approveAs?: string;
  /** Whether the provider's rate limits are enforced. */
  rateLimits: boolean;
}

/** What an emulator's routes see: its clock, settings, limiter and the current state built from the seed. */
export interface EmulatorContext<State> {
  readonly clock: Clock;
  readonly settings: EmulatorSettings;
  readonly limiter: FixedWindowLimiter;
  state(): State;
}

export interface EmulatorDefinition<Seed, State> {
  name: string;
  seedSchema: z.ZodType<Seed>;
  createState(seed: Seed): State;
  /** The provider's API method a path calls, so faults can name it (Slack's `search.messages`). */
  apiMethodOf?(path: string): string | undefined;
  /** The body the provider sends with an error status. */
  errorBody(status: number, message: string): unknown;
  routes(app: FastifyInstance, context: EmulatorContext<State>): void;
}

const settingsSchema = z
  .object({
    autoApprove: z.boolean().optional(),
    // A Slack user id, or a ChatWork account id (a number there, so either is accepted).
    approveAs: z.union([z.string(), z.number()]).transform(String).optional(),
    rateLimits: z.boolean().optional(),
  })
  .strict();

const clockSchema = z
  .object({
    now: z.union([z.number(), z.iso.datetime({ offset: true })]).optional(),
    advanceMs: z.number().optional(),
  })
  .strict();

/** A long-running sandbox keeps only the most recent calls. */
const maxLoggedRequests = 5_000;

function defaultSettings(): EmulatorSettings {
  return { autoApprove: false, rateLimits: true };
}

function pathOf(request: FastifyRequest): string {
  return request.url.split('?')[0] ?? '/';
}

function isControl(request: FastifyRequest): boolean {
  return pathOf(request).startsWith('/_control');
}

function parseControl<T>(schema: z.ZodType<T>, body: unknown, reply: FastifyReply): T | undefined {
  const parsed = schema.safeParse(body ?? {});
  if (parsed.success) return parsed.data;
  void reply.code(400).send({ error: 'invalid_control_request', message: z.prettifyError(parsed.error) });
  return undefined;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
}

/** Builds (without listening) a Fastify app serving one provider's routes and the shared control API. */
function buildEmulatorApp<Seed, State>(
  definition: EmulatorDefinition<Seed, State>,
  seed: Seed,
): FastifyInstance {
  const app = Fastify({ logger: false });
  /** Requests delayed by a latency fault, and when their answer may leave. */
  const answerNotBefore = new WeakMap<object, number>();
  const clock = new Clock();
  const limiter = new FixedWindowLimiter();
  const faults = new FaultList();
  const settings = defaultSettings();
  let requests: LoggedRequest[] = [];
  const calls = createCallCounts();
  let currentSeed = seed;
  let state = definition.createState(structuredClone(seed));
  const context: EmulatorContext<State> = { clock, settings, limiter, state: () => state };

  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );

  app.addHook('preHandler', async (request, reply) => {
    if (isControl(request)) return;
    const path = pathOf(request);
    const fault = faults.take({
      httpMethod: request.method,
      path,
      apiMethod: definition.apiMethodOf?.(path),
    });
    if (!fault) return;
    const status = fault.status ?? (fault.retryAfter === undefined ? undefined : 429);
    if (status === undefined && fault.body === undefined) {
      // Latency alone: the answer is worked out meanwhile and leaves once the time is up, as a provider's would.
      if (fault.latencyMs) answerNotBefore.set(request, Date.now() + fault.latencyMs);
      return;
    }
    if (fault.latencyMs) await sleep(fault.latencyMs);
    if (fault.retryAfter !== undefined) void reply.header('retry-after', String(fault.retryAfter));
    void reply.code(status ?? 200);
    if (fault.body !== undefined) {
      return reply.type('application/json; charset=utf-8').send(fault.body);
    }
    return reply.send(definition.errorBody(status ?? 200, 'Fault injected by the emulator control API'));
  });

  /** Each answer as sent, for the request log. */
  const answers = new WeakMap<object, unknown>();
  app.addHook('onSend', async (request, _reply, payload) => {
    if (!isControl(request)) answers.set(request, payload);
    const due = answerNotBefore.get(request);
    if (due !== undefined) await sleep(due - Date.now());
  });

  app.addHook('onResponse', async (request, reply) => {
    if (isControl(request)) return;
    const path = pathOf(request);
    calls.record(request, definition.apiMethodOf?.(path) ?? path, reply.statusCode, clock.now());
    if (requests.length >= maxLoggedRequests) requests.shift();
    requests.push({
      method: request.method,
      path,
      query: redactSecrets({ ...(request.query as object) }) as Record<string, unknown>,
      body: redactSecrets(request.body ?? null),
      status: reply.statusCode,
      response: {
        headers: Object.fromEntries(
          Object.entries(reply.getHeaders()).map(([name, value]) => [name, String(value)]),
        ),
        body: redactSecrets(loggedBody(answers.get(request))),
      },
      at: new Date(clock.now()).toISOString(),
    });
  });

  app.setNotFoundHandler((request, reply) => {
    void reply.code(501).send({
      error: 'not_implemented',
      message: `The ${definition.name} emulator does not implement ${request.method} ${pathOf(request)}`,
    });
  });

  app.setErrorHandler((error: { statusCode?: number; message: string }, _request, reply) => {
    const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 500;
    void reply.code(status).send(definition.errorBody(status, error.message));
  });

  function restart(nextSeed: Seed): void {
    currentSeed = nextSeed;
    state = definition.createState(structuredClone(nextSeed));
    limiter.clear();
  }

  app.post('/_control/reset', async () => {
    restart(currentSeed);
    requests = [];
    calls.clear();
    faults.clear();
    clock.reset();
    Object.assign(settings, defaultSettings(), { approveAs: undefined });
    return { ok: true };
  });
  app.post('/_control/seed', async (request, reply) => {
    const nextSeed = parseControl(definition.seedSchema, request.body, reply);
    if (nextSeed === undefined) return reply;
    restart(nextSeed);
    return { ok: true };
  });
  app.get('/_control/requests', async () => ({ requests }));
  app.get('/_control/calls', async () => ({ calls: calls.list() }));
  app.delete('/_control/requests', async () => {
    requests = [];
    return { ok: true };
  });
  app.post('/_control/faults', async (request, reply) => {
    const fault = parseControl(faultSchema, request.body, reply);
    if (fault === undefined) return reply;
    faults.add(fault);
    return { ok: true };
  });
  app.delete('/_control/faults', async () => {
    faults.clear();
    return { ok: true };
  });
  app.post('/_control/settings', async (request, reply) => {
    const changes = parseControl(settingsSchema, request.body, reply);
    if (changes === undefined) return reply;
    Object.assign(settings, changes);
    return { settings };
  });
  app.get('/_control/clock', async () => ({ now: new Date(clock.now()).toISOString() }));
  app.post('/_control/clock', async (request, reply) => {
    const change = parseControl(clockSchema, request.body, reply);
    if (change === undefined) return reply;
    if (change.now !== undefined) clock.set(new Date(change.now).getTime());
    if (change.advanceMs !== undefined) clock.advance(change.advanceMs);
    return { now: new Date(clock.now()).toISOString() };
  });

  definition.routes(app, context);
  return app;
}

/** Starts an emulator on `host:port` (default 127.0.0.1 and a free port). */
export async function startEmulator<Seed, State>(
  definition: EmulatorDefinition<Seed, State>,
  seed: Seed,
  options: Omit<StartOptions<Seed>, 'seed'> = {},
): Promise<RunningEmulator> {
  const parsedSeed = definition.seedSchema.parse(seed);
  const app = buildEmulatorApp(definition, parsedSeed);
  const host = options.host ?? '127.0.0.1';
  await app.listen({ port: options.port ?? 0, host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  const urlHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  return { url: `http://${urlHost}:${port}`, close: () => app.close() };
}
