import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import negotiate from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * A JSON answer encoded once, to be sent many times: its UTF-8 bytes, their brotli and gzip forms and a strong
 * entity tag. Sending it costs no serialising, measuring or compressing (docs/decisions/090).
 */
export type EncodedAnswer = {
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
  /** Of the identity bytes, quoted; each compressed form has its own tag derived from it. */
  etag: string;
};

/**
 * Brotli's quality 11 takes seconds on a large answer; 5 compresses JSON nearly as well in a small fraction of
 * the time: it is done once per cached answer, and on every page the server sends.
 */
const BROTLI_QUALITY = 5;
const encodings = ['br', 'gzip', 'identity'] as const;
type Encoding = (typeof encodings)[number];

/** Text in one encoding. Compression runs on libuv's thread pool, so large text does not hold the event loop. */
export async function encodeText(text: Buffer, encoding: Encoding): Promise<Buffer> {
  if (encoding === 'gzip') return gzipAsync(text);
  if (encoding === 'identity') return text;
  return brotli(text, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: text.length,
    },
  });
}

/** The encoding the client prefers among brotli, gzip and none. */
export function acceptedEncoding(request: FastifyRequest): Encoding {
  const accepted = request.headers['accept-encoding'];
  return accepted ? (negotiate(accepted, [...encodings]) ?? 'identity') : 'identity';
}

export async function encodeAnswer(json: string): Promise<EncodedAnswer> {
  const identity = Buffer.from(json, 'utf8');
  const [br, gzipped] = await Promise.all([encodeText(identity, 'br'), encodeText(identity, 'gzip')]);
  const etag = `"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`;
  return { identity, br, gzip: gzipped, etag };
}

function etagOf(answer: EncodedAnswer, encoding: Encoding): string {
  return encoding === 'identity' ? answer.etag : `${answer.etag.slice(0, -1)}-${encoding}"`;
}

/** Whether If-None-Match names this answer in any of its encodings (a weak comparison, as RFC 9110 asks). */
function notModified(header: string | undefined, answer: EncodedAnswer): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const known = new Set(encodings.map((encoding) => etagOf(answer, encoding)));
  return header.split(',').some((tag) => known.has(tag.trim().replace(/^W\//, '')));
}

/**
 * Sends an encoded answer in the encoding the client prefers, or 304 when the client already has it. API answers
 * stay `no-store` (decision 072: personal data is not written to a browser's disk cache), so the conditional
 * request is the client's own: one that keeps the last answer in memory sends its ETag and gets 304 while the
 * answer is unchanged.
 */
export function sendEncodedAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: EncodedAnswer,
): FastifyReply {
  const encoding = acceptedEncoding(request);
  reply
    .header('cache-control', 'private, no-store')
    .header('vary', 'accept-encoding')
    .header('etag', etagOf(answer, encoding));
  if (notModified(request.headers['if-none-match'], answer)) return reply.code(304).send();
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  return reply.type('application/json; charset=utf-8').send(answer[encoding]);
}
