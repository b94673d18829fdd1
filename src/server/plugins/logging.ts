import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';
import type { Settings } from '../config.ts';
import { failedStatementOf } from '../db/errors.ts';

const SENSITIVE_QUERY_KEY = /token|code|state|password|secret|key/i;

/** Query values that may carry credentials (OAuth codes, tokens) never reach the logs. */
export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart === -1) return url;
  const params = new URLSearchParams(url.slice(queryStart + 1));
  for (const key of [...params.keys()]) {
    if (SENSITIVE_QUERY_KEY.test(key)) params.set(key, '[REDACTED]');
  }
  return `${url.slice(0, queryStart)}?${params.toString()}`;
}

/**
 * JSON lines for log collectors; readable lines (pino-pretty) when a person watches the terminal. pino-pretty is
 * a dev dependency, so a production install without it writes JSON even on a terminal.
 */
function prettyTransport(pretty: boolean) {
  if (!pretty || !isPrettyAvailable()) return {};
  return {
    transport: {
      target: 'pino-pretty',
      options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname,reqId', singleLine: true },
    },
  };
}

function isPrettyAvailable(): boolean {
  try {
    import.meta.resolve('pino-pretty');
    return true;
  } catch {
    return false;
  }
}

/** Keys whose values are censored wherever a log call puts them, up to three levels deep. */
const SECRET_KEYS = [
  'authorization',
  'cookie',
  '["set-cookie"]',
  'password',
  'currentPassword',
  'newPassword',
  'passwordHash',
  'token',
  'accessToken',
  'refreshToken',
  'idToken',
  'tokenHash',
  'authorizationCode',
  'codeVerifier',
  'clientSecret',
  'secret',
  'jwtSecret',
  'tokenEncryptionKey',
];
const redactPaths = SECRET_KEYS.flatMap((key) => {
  const member = key.startsWith('[') ? key : `.${key}`;
  return [member.replace(/^\./, ''), `*${member}`, `*.*${member}`];
});

/** Fields of an error that describe what failed without carrying data: SQLSTATE, table, constraint, syscall. */
const SAFE_ERROR_FIELDS = [
  'code',
  'statusCode',
  'failure',
  'providerCode',
  'retryAfterSeconds',
  'severity',
  'schema',
  'table',
  'column',
  'dataType',
  'constraint',
  'routine',
  'errno',
  'syscall',
  'address',
  'port',
] as const;
const MAX_CAUSES = 5;
const SQLSTATE = /^[0-9A-Z]{5}$/;

function safeMessage(error: Error): string {
  const statement = failedStatementOf(error);
  if (statement !== undefined) return `Failed query: ${statement}`;
  // PostgreSQL ends some messages with the offending input: `invalid input syntax for type uuid: "…"`.
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && SQLSTATE.test(code))
    return error.message.replace(/: ".*"$/s, ': [REDACTED]');
  return error.message;
}

type LoggedError = { [field: string]: unknown; type: string; message: string; stack: string };

/**
 * An error as the log shows it: type, message, stack frames and a few descriptive fields, through its causes.
 * Everything else an error object may carry is left out, because libraries attach the data they worked on:
 * Drizzle and PGlite the statement's parameters, node-postgres the failing row (`detail`), HTTP clients the
 * request with its Authorization header.
 */
export function errorForLog(error: unknown, depth = 0): LoggedError {
  if (!(error instanceof Error)) {
    return { type: typeof error, message: 'A value that is not an Error was thrown', stack: '' };
  }
  const message = safeMessage(error);
  const type = error.constructor.name;
  const framesStart = error.stack?.indexOf('\n    at ') ?? -1;
  const logged: LoggedError = {
    type,
    message,
    stack: `${type}: ${message}${framesStart === -1 ? '' : error.stack!.slice(framesStart)}`,
  };
  for (const field of SAFE_ERROR_FIELDS) {
    const value = (error as unknown as Record<string, unknown>)[field];
    if (typeof value === 'string' || typeof value === 'number') logged[field] = value;
  }
  if (error instanceof AggregateError && depth < MAX_CAUSES) {
    logged.errors = error.errors.map((inner: unknown) => errorForLog(inner, depth + 1));
  }
  if (error.cause !== undefined && depth < MAX_CAUSES) logged.cause = errorForLog(error.cause, depth + 1);
  return logged;
}

export function loggerOptions(
  level: Settings['LOG_LEVEL'],
  { pretty = false }: { pretty?: boolean } = {},
): FastifyServerOptions['logger'] {
  return {
    level,
    ...prettyTransport(pretty),
    redact: { paths: redactPaths, censor: '[REDACTED]' },
    serializers: {
      req: (request: { method: string; url: string; ip?: string }) => ({
        method: request.method,
        url: redactUrl(request.url),
        remoteAddress: request.ip,
      }),
      err: (error: unknown) => errorForLog(error),
      error: (error: unknown) => errorForLog(error),
    },
  };
}

const LEVEL_VALUES: Record<string, number> = {
  trace: 10,
  debug: 20,
  info: 30,
  warn: 40,
  error: 50,
  fatal: 60,
  silent: Number.POSITIVE_INFINITY,
};
type ChildLoggerFactory = NonNullable<FastifyServerOptions['childLoggerFactory']>;
type Bindings = Parameters<ChildLoggerFactory>[1];
type ChildLoggerOptions = Parameters<ChildLoggerFactory>[2];
type LogMethod = 'trace' | 'debug' | 'info' | 'warn' | 'error' | 'fatal';

/**
 * Each request's logger, made only when the request logs something at an enabled level. pino runs the redaction
 * over a child's bindings when the child is made, which cost about a tenth of a warm request's CPU, and at the
 * usual levels most requests never log. A class rather than an object of closures: every request makes one, so
 * its methods live once on the prototype (decision 167).
 */
class LazyChildLogger {
  #child: FastifyBaseLogger | undefined;
  readonly #parent: FastifyBaseLogger;
  readonly #bindings: Bindings;
  readonly #options: ChildLoggerOptions;

  constructor(parent: FastifyBaseLogger, bindings: Bindings, options: ChildLoggerOptions) {
    this.#parent = parent;
    this.#bindings = bindings;
    this.#options = options;
  }

  #real(): FastifyBaseLogger {
    return (this.#child ??= this.#parent.child(this.#bindings, this.#options));
  }

  #log(method: LogMethod, args: unknown[]): void {
    if (LEVEL_VALUES[method]! < (LEVEL_VALUES[this.level] ?? 0)) return;
    (this.#real()[method] as (...logged: unknown[]) => void)(...args);
  }

  get level(): string {
    return this.#child?.level ?? this.#options.level ?? this.#parent.level;
  }

  set level(level: string) {
    this.#real().level = level;
  }

  child(...args: Parameters<FastifyBaseLogger['child']>): FastifyBaseLogger {
    return this.#real().child(...args);
  }

  silent(): void {}

  trace(...args: unknown[]): void {
    this.#log('trace', args);
  }

  debug(...args: unknown[]): void {
    this.#log('debug', args);
  }

  info(...args: unknown[]): void {
    this.#log('info', args);
  }

  warn(...args: unknown[]): void {
    this.#log('warn', args);
  }

  error(...args: unknown[]): void {
    this.#log('error', args);
  }

  fatal(...args: unknown[]): void {
    this.#log('fatal', args);
  }
}

export const lazyChildLoggerFactory: ChildLoggerFactory = (logger, bindings, options) =>
  new LazyChildLogger(logger, bindings, options) as unknown as FastifyBaseLogger;
