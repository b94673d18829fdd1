import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { z } from 'zod';
import en from 'zod/v4/locales/en.js';
import type { ApiError } from '../../contract/errors.ts';
import { HttpError } from '../lib/http-error.ts';
import { logSecurityEvent } from '../lib/security-events.ts';

function errorBody(statusCode: number, message: string, code?: string): ApiError {
  return { statusCode, error: STATUS_CODES[statusCode] ?? 'Error', message, ...(code ? { code } : {}) };
}

// The contract's schemas are zod/mini, which brings no wording of its own (classic zod sets English when its first
// schema is made): the messages of refused input are English whichever kind of schema refused it.
z.config(en());

/** One error shape for every failure; 5xx answers never carry internal details. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      return reply
        .code(error.statusCode)
        .headers(error.headers)
        .send(errorBody(error.statusCode, error.message, error.code));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const [first] = error.validation;
      const location = [
        error.validationContext,
        ...(first?.instancePath.split('/').filter(Boolean) ?? []),
      ].join('.');
      logSecurityEvent(request, { event: 'input_rejected', where: location });
      return reply
        .code(400)
        .send(errorBody(400, `${location}: ${first?.message ?? 'is invalid'}`, 'VALIDATION_ERROR'));
    }
    const statusCode = error.statusCode ?? 500;
    if (statusCode >= 400 && statusCode < 500) {
      // Fastify's own refusals: malformed JSON, prototype keys, unsupported types, bodies too large.
      logSecurityEvent(request, { event: 'input_rejected', where: error.code });
      return reply.code(statusCode).send(errorBody(statusCode, error.message, error.code));
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send(errorBody(500, 'Something went wrong on our side. Please try again later.'));
  });
}

export function apiNotFound(method: string, url: string): ApiError {
  return errorBody(404, `Route ${method} ${url.split('?')[0]} not found`, 'NOT_FOUND');
}
