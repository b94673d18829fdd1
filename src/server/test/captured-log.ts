import { Writable } from 'node:stream';
import type { FastifyServerOptions } from 'fastify';
import { loggerOptions } from '../plugins/logging.ts';

export type LogLine = Record<string, unknown> & { msg?: string; level?: number };

/** The app's real logger options (redaction, serialisers), at trace level unless told, written to memory for a test to read. */
export function capturedLog(level: Parameters<typeof loggerOptions>[0] = 'trace'): {
  logger: FastifyServerOptions['logger'];
  text: () => string;
  lines: () => LogLine[];
} {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      chunks.push(String(chunk));
      done();
    },
  });
  const options = loggerOptions(level);
  return {
    logger: typeof options === 'object' ? { ...options, stream } : options,
    text: () => chunks.join(''),
    lines: () =>
      chunks
        .join('')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as LogLine),
  };
}
