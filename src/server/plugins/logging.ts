import type { FastifyServerOptions } from 'fastify';
import type { Settings } from '../config.ts';

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

export function loggerOptions(
  level: Settings['LOG_LEVEL'],
  { pretty = false }: { pretty?: boolean } = {},
): FastifyServerOptions['logger'] {
  return {
    level,
    ...prettyTransport(pretty),
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'res.headers["set-cookie"]',
        '*.password',
        '*.refreshToken',
        '*.accessToken',
      ],
      censor: '[REDACTED]',
    },
    serializers: {
      req: (request: { method: string; url: string; ip?: string }) => ({
        method: request.method,
        url: redactUrl(request.url),
        remoteAddress: request.ip,
      }),
    },
  };
}
