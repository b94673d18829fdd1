import type { ValidateFunction } from 'ajv';
import { readFileSync } from 'node:fs';
import { describeErrors, newAjv, specFile } from './provider-specs.ts';

/**
 * Google's discovery documents for Calendar v3 and Tasks v1 (shared/apis/google, read at test time), turned into
 * validators for what the Google emulator answers. Discovery schemas are JSON-Schema-like; the loader changes only
 * what keeps ajv from reading them as published:
 * 1. `$ref` names a schema ("Event") rather than a JSON pointer: it becomes `#/definitions/Event`.
 * 2. Objects with `properties` and no `additionalProperties` list every field Google sends: nothing else is allowed.
 * 3. `required` on a property is a boolean (and only about requests): dropped; `type: "any"` means no type;
 *    a schema's `id` (its name) is dropped, since JSON Schema reads `id` as a URI.
 * The error body, the token endpoint and OpenID userinfo are outside the discovery documents; their shapes are
 * written below from Google's pages (cloud.google.com/apis/design/errors; the OpenID Connect reference).
 */

type Schema = Record<string, unknown>;
type DiscoveryMethod = {
  id: string;
  path: string;
  flatPath?: string;
  httpMethod: string;
  parameters?: Record<string, unknown>;
  response?: { $ref: string };
  scopes?: string[];
};
type DiscoveryResource = {
  methods?: Record<string, DiscoveryMethod>;
  resources?: Record<string, DiscoveryResource>;
};
type DiscoveryDocument = {
  servicePath: string;
  parameters: Record<string, unknown>;
  schemas: Record<string, Schema>;
  resources: Record<string, DiscoveryResource>;
};

function isObject(value: unknown): value is Schema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function toJsonSchema(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(toJsonSchema);
  if (!isObject(node)) return node;
  const result: Schema = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === 'properties' && isObject(value)) {
      result.properties = Object.fromEntries(
        Object.entries(value).map(([name, child]) => [name, toJsonSchema(child)]),
      );
    } else if (key === '$ref' && typeof value === 'string') result.$ref = `#/definitions/${value}`;
    else if (key === 'required' && !Array.isArray(value)) continue;
    else if (key === 'type' && value === 'any') continue;
    else if (key === 'id' && typeof value === 'string') continue;
    else if (['description', 'annotations', 'enumDescriptions'].includes(key)) continue;
    else result[key] = toJsonSchema(value);
  }
  if (result.properties && result.additionalProperties === undefined) result.additionalProperties = false;
  return result;
}

const googleErrorSchema = {
  type: 'object',
  properties: {
    error: {
      type: 'object',
      properties: {
        code: { type: 'integer' },
        message: { type: 'string' },
        status: { type: 'string' },
        errors: {
          type: 'array',
          items: {
            type: 'object',
            properties: {
              message: { type: 'string' },
              domain: { type: 'string' },
              reason: { type: 'string' },
              location: { type: 'string' },
              locationType: { type: 'string' },
            },
            required: ['message', 'domain', 'reason'],
            additionalProperties: false,
          },
        },
        details: { type: 'array', items: { type: 'object', required: ['@type'] } },
      },
      required: ['code', 'message', 'status'],
      additionalProperties: false,
    },
  },
  required: ['error'],
  additionalProperties: false,
};

/** The token endpoint (web-server flow reference): an id_token only with `openid`, a refresh_token only offline. */
const tokenAnswerSchema = {
  type: 'object',
  properties: {
    access_token: { type: 'string' },
    expires_in: { type: 'integer' },
    scope: { type: 'string' },
    token_type: { enum: ['Bearer'] },
    id_token: { type: 'string' },
    refresh_token: { type: 'string' },
    refresh_token_expires_in: { type: 'integer' },
  },
  required: ['access_token', 'expires_in', 'scope', 'token_type'],
  additionalProperties: false,
};
const oauthErrorSchema = {
  type: 'object',
  properties: { error: { type: 'string' }, error_description: { type: 'string' } },
  required: ['error'],
  additionalProperties: false,
};
/** OpenID Connect userinfo: the standard claims Google lists. */
const userinfoSchema = {
  type: 'object',
  properties: Object.fromEntries(
    ['sub', 'name', 'given_name', 'family_name', 'picture', 'email', 'locale', 'hd']
      .map((claim) => [claim, { type: 'string' }])
      .concat([['email_verified', { type: 'boolean' }]]),
  ),
  required: ['sub'],
  additionalProperties: false,
};

export type GoogleAnswer = { status: number; body: unknown };

export type GoogleSpec = {
  /** The discovery method a request path and verb call (`calendar.events.list`), or undefined. */
  methodOf(httpMethod: string, path: string): DiscoveryMethod | undefined;
  /** Query parameters the method (and the API's common parameters) accept. */
  parametersOf(method: DiscoveryMethod): Set<string>;
  check(method: DiscoveryMethod, answer: GoogleAnswer): string[];
  checkToken(answer: GoogleAnswer): string[];
  checkUserinfo(answer: GoogleAnswer): string[];
};

export function loadGoogleSpec(): GoogleSpec | undefined {
  const files = [specFile('google/calendar-v3.json'), specFile('google/tasks-v1.json')];
  if (files.some((file) => !file)) return undefined;
  const documents = files.map((file) => JSON.parse(readFileSync(file!, 'utf8')) as DiscoveryDocument);
  const ajv = newAjv();
  const methods: { method: DiscoveryMethod; pattern: RegExp; document: DiscoveryDocument }[] = [];
  const validators = new Map<string, ValidateFunction>();

  for (const document of documents) {
    const walk = (resource: DiscoveryResource) => {
      for (const method of Object.values(resource.methods ?? {})) {
        const template = `/${document.servicePath}${method.flatPath ?? method.path}`;
        const pattern = new RegExp(
          `^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`,
        );
        methods.push({ method, pattern, document });
      }
      for (const child of Object.values(resource.resources ?? {})) walk(child);
    };
    for (const resource of Object.values(document.resources)) walk(resource);
  }
  const documentOf = (method: DiscoveryMethod) => methods.find((entry) => entry.method === method)!.document;

  function responseValidator(method: DiscoveryMethod): ValidateFunction | undefined {
    if (!method.response) return undefined;
    let validate = validators.get(method.id);
    if (!validate) {
      const definitions = toJsonSchema(documentOf(method).schemas) as Schema;
      validate = ajv.compile({ $ref: `#/definitions/${method.response.$ref}`, definitions });
      validators.set(method.id, validate);
    }
    return validate;
  }
  const errorBody = ajv.compile(googleErrorSchema);
  const tokenAnswer = ajv.compile(tokenAnswerSchema);
  const oauthError = ajv.compile(oauthErrorSchema);
  const userinfo = ajv.compile(userinfoSchema);

  return {
    methodOf(httpMethod, path) {
      const decoded = decodeURIComponent(path);
      return methods.find((entry) => entry.method.httpMethod === httpMethod && entry.pattern.test(decoded))
        ?.method;
    },
    parametersOf(method) {
      return new Set([
        ...Object.keys(method.parameters ?? {}),
        ...Object.keys(documentOf(method).parameters),
      ]);
    },
    check(method, answer) {
      if (answer.status >= 400) return errorBody(answer.body) ? [] : describeErrors(errorBody.errors);
      if (answer.status !== 200) return [`${method.id} answered ${answer.status}`];
      const validate = responseValidator(method);
      if (!validate) return [`${method.id} has no response schema`];
      return validate(answer.body) ? [] : describeErrors(validate.errors);
    },
    checkToken(answer) {
      const validate = answer.status === 200 ? tokenAnswer : oauthError;
      if (![200, 400, 401].includes(answer.status)) return [`the token endpoint answered ${answer.status}`];
      return validate(answer.body) ? [] : describeErrors(validate.errors);
    },
    checkUserinfo(answer) {
      const validate = answer.status === 200 ? userinfo : oauthError;
      return validate(answer.body) ? [] : describeErrors(validate.errors);
    },
  };
}
