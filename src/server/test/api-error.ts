import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { z } from 'zod';
import { apiErrorSchema, type ApiError } from '../../contract/errors.ts';

/** Asserts the response is an error of the given status in the project's one error shape. */
export function expectApiError(response: LightMyRequestResponse, statusCode: number): ApiError {
  expect(response.statusCode, response.body).toBe(statusCode);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  const body = z.strictObject(apiErrorSchema.shape).parse(response.json());
  expect(body.statusCode).toBe(statusCode);
  return body;
}
