import type { FastifyInstance } from 'fastify';
import { HttpError } from '../lib/http-error.ts';

export const INVALID_UTF8_MESSAGE = 'body: is not valid UTF-8';

/**
 * JSON bodies are read as bytes and decoded strictly: a byte sequence that is not UTF-8 is refused with 400 instead
 * of being turned into U+FFFD and stored as something the caller never sent (decision 070). Parsing itself, with
 * its refusal of prototype keys, stays Fastify's own.
 */
export function registerJsonBodyParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  const decoder = new TextDecoder('utf-8', { fatal: true });
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    let text: string;
    try {
      text = decoder.decode(body as Buffer);
    } catch {
      done(new HttpError(400, INVALID_UTF8_MESSAGE, 'VALIDATION_ERROR'), undefined);
      return;
    }
    parseJson(request, text, done);
  });
}
