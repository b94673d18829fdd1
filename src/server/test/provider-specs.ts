import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse as parseYaml } from 'yaml';

/**
 * The providers' own specifications, read at test time from `shared/apis` beside the repository (never copied into
 * it), turned into validators for what our emulators answer. Each loader undoes a short list of the
 * specification's known defects, named below; everything else is checked as published, and strictly: a field the
 * specification does not list, a missing required field, a wrong type or a status it does not document fails.
 */

const repositoryRoot = fileURLToPath(new URL('../../..', import.meta.url));

/** `PROVIDER_SPECS_DIR` when set, else `shared/apis` beside the repository (CI) or beside its worktree folder. */
export function providerSpecsDir(): string | undefined {
  const candidates = process.env.PROVIDER_SPECS_DIR
    ? [process.env.PROVIDER_SPECS_DIR]
    : [
        path.join(repositoryRoot, '..', 'shared', 'apis'),
        path.join(repositoryRoot, '..', '..', 'shared', 'apis'),
      ];
  return candidates.find((candidate) => existsSync(candidate));
}

/** The path of a specification file, or undefined (and a note saying which tests are skipped) when absent. */
export function specFile(relative: string): string | undefined {
  const dir = providerSpecsDir();
  const file = dir && path.join(dir, relative);
  if (file && existsSync(file)) return file;
  console.warn(
    `Contract tests skipped: ${relative} was not found in shared/apis beside the repository ` +
      '(or in PROVIDER_SPECS_DIR).',
  );
  return undefined;
}

type Schema = Record<string, unknown>;

function isObject(value: unknown): value is Schema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function describeErrors(errors: ErrorObject[] | null | undefined): string[] {
  return (errors ?? []).map(
    (error) =>
      `${error.instancePath || '/'} ${error.message ?? 'is invalid'}${
        error.keyword === 'additionalProperties'
          ? `: ${String((error.params as { additionalProperty?: string }).additionalProperty)}`
          : ''
      }`,
  );
}

export function newAjv(): Ajv {
  // The specifications carry `example`, `title` and other words ajv does not treat as keywords.
  return new Ajv({ strict: false, allErrors: true, validateFormats: false });
}

/** Walks a schema, replacing each node with `visit(node)` (children first). */
function mapSchema(node: unknown, visit: (node: Schema) => Schema): unknown {
  if (Array.isArray(node)) return node.map((item) => mapSchema(item, visit));
  if (!isObject(node)) return node;
  const mapped = Object.fromEntries(
    Object.entries(node).map(([key, value]) => [key, mapSchema(value, visit)]),
  );
  return visit(mapped);
}

/** A schema that accepts exactly the shape of a documented example: its keys, required, and their types. */
export function exampleShape(example: unknown): Schema {
  if (Array.isArray(example))
    return { type: 'array', ...(example.length ? { items: exampleShape(example[0]) } : {}) };
  if (example === null) return { type: 'null' };
  if (isObject(example)) {
    return {
      type: 'object',
      properties: Object.fromEntries(
        Object.entries(example).map(([key, value]) => [key, exampleShape(value)]),
      ),
      required: Object.keys(example),
      additionalProperties: false,
    };
  }
  return { type: typeof example === 'number' ? 'number' : typeof example };
}

// ---------------------------------------------------------------------------------------------------------------
// Slack: the Web API OpenAPI 2.0 document (slackapi/slack-api-specs, October 2020).
// ---------------------------------------------------------------------------------------------------------------

/**
 * Known defects of Slack's OpenAPI document, and what the loader does about them:
 * 1. Every method lists `token` as a required query or header parameter, where Slack takes it (and, for apps
 *    created after 2021-02-24, only takes it) as `Authorization: Bearer` or a form field: `token` is dropped.
 * 2. Many methods are listed as GET only, though Slack accepts GET or POST for every method (and `@slack/web-api`
 *    always POSTs): the HTTP verb is not checked.
 * 3. "One of" is written as a tuple, `items: [A, B]`, on things that are not arrays (a user is one of two user
 *    objects, `tz` is null or a string): such `items` become `anyOf`.
 * 4. Arguments and error codes added since 2020 are missing: `SLACK_ADDITIONS` lists the ones Matome meets, each
 *    with its source. Error schemas also leave out the `needed` and `provided` scopes Slack sends with
 *    `missing_scope` (docs.slack.dev/authentication/tokens, "missing_scope"): they are allowed.
 * 5. `search.messages` and `oauth.v2.access` have no response schema, only an example: their answers must have
 *    exactly the example's shape (`SLACK_EXAMPLE_ADJUSTMENTS` lists the documented differences).
 * Slack answers HTTP 200 (`ok: true` or `ok: false` with an error code) or 429 with `Retry-After` and
 * `{ok: false, error: "ratelimited"}` (docs.slack.dev/apis/web-api/rate-limits); nothing else is accepted.
 */
export const SLACK_ADDITIONS: Record<string, { arguments?: string[]; errors?: string[] }> = {
  // docs.slack.dev/reference/methods/oauth.v2.access: token rotation's refresh grant and PKCE.
  'oauth.v2.access': { arguments: ['grant_type', 'refresh_token', 'code_verifier'] },
  // docs.slack.dev/reference/methods/search.messages: cursor paging and the org-token team.
  'search.messages': { arguments: ['cursor', 'team_id'] },
  // docs.slack.dev/reference/methods/usergroups.list: free workspaces have no user groups; the scope is checked.
  'usergroups.list': { errors: ['plan_upgrade_required', 'missing_scope'] },
  // docs.slack.dev/reference/methods/users.info: the scope is checked.
  'users.info': { errors: ['missing_scope'] },
  // docs.slack.dev/reference/methods/chat.postMessage.
  'chat.postMessage': { errors: ['missing_scope', 'cannot_reply_to_message', 'thread_not_found'] },
};

/**
 * Where the example of a method without a response schema differs from what Slack documents for the case Matome
 * meets: keys absent in that case, and keys added (with their schema).
 */
const SLACK_EXAMPLE_ADJUSTMENTS: Record<string, { absent: string[]; added: Record<string, Schema> }[]> = {
  'oauth.v2.access': [
    {
      // A user-token-only install has no bot: the top-level token fields belong to a bot (installing-with-oauth).
      absent: ['access_token', 'scope', 'token_type', 'bot_user_id'],
      added: {
        is_enterprise_install: { type: 'boolean' },
        enterprise: { anyOf: [{ type: 'null' }, { type: 'object' }] },
      },
    },
  ],
  'search.messages': [{ absent: [], added: {} }],
};

/** Token rotation's extra `authed_user` fields (docs.slack.dev/authentication/using-token-rotation). */
const ROTATED_USER_FIELDS = { refresh_token: { type: 'string' }, expires_in: { type: 'integer' } };

export type SlackAnswer = { status: number; headers: Headers; body: unknown };

export type SlackSpec = {
  /** The arguments the specification (with its additions) lets a method take; undefined for an unknown method. */
  parametersOf(method: string): Set<string> | undefined;
  /** What is wrong with an answer to `method`, or nothing. `variant` picks the refresh grant's shape. */
  check(method: string, answer: SlackAnswer, variant?: 'refresh'): string[];
};

export function loadSlackSpec(): SlackSpec | undefined {
  const file = specFile('slack/slack_web_openapi_v2.json');
  if (!file) return undefined;
  const document = JSON.parse(readFileSync(file, 'utf8')) as {
    paths: Record<string, Record<string, { parameters?: { name: string }[]; responses: Schema }>>;
    definitions: Schema;
  };
  const tuplesAsAnyOf = (node: Schema): Schema => {
    if (!Array.isArray(node.items) || node.type === 'array') return node;
    const { items, ...rest } = node;
    return { ...rest, anyOf: items };
  };
  const definitions = mapSchema(document.definitions, tuplesAsAnyOf) as Schema;
  const ajv = newAjv();
  const compiled = new Map<string, ValidateFunction>();

  function operation(method: string) {
    const entry = document.paths[`/${method}`];
    return entry && Object.values(entry)[0];
  }

  function validator(key: string, schema: Schema): ValidateFunction {
    let validate = compiled.get(key);
    if (!validate) {
      validate = ajv.compile({ ...(mapSchema(schema, tuplesAsAnyOf) as Schema), definitions });
      compiled.set(key, validate);
    }
    return validate;
  }

  function successSchema(method: string, variant: 'refresh' | undefined): Schema {
    const response = operation(method)!.responses['200'] as {
      schema: Schema;
      examples?: Record<string, unknown>;
    };
    const adjustments = SLACK_EXAMPLE_ADJUSTMENTS[method];
    if (!adjustments) return response.schema;
    const shape = exampleShape(response.examples?.['application/json']);
    const properties = { ...(shape.properties as Record<string, Schema>) };
    let required = shape.required as string[];
    for (const { absent, added } of adjustments) {
      for (const key of absent) delete properties[key];
      required = required.filter((key) => !absent.includes(key));
      Object.assign(properties, added);
    }
    if (method === 'oauth.v2.access') {
      const authedUser = properties.authed_user as Schema;
      if (variant === 'refresh') {
        // The refresh grant answers flat: the user's token fields at the top level, no authed_user
        // (@slack/oauth OAuthV2TokenRefreshResponse).
        delete properties.authed_user;
        required = required.filter((key) => key !== 'authed_user');
        Object.assign(properties, {
          access_token: { type: 'string' },
          scope: { type: 'string' },
          token_type: { enum: ['user'] },
          ...ROTATED_USER_FIELDS,
        });
        required.push('access_token', 'scope', 'token_type', 'refresh_token', 'expires_in');
      } else {
        properties.authed_user = {
          ...authedUser,
          properties: { ...(authedUser.properties as Schema), ...ROTATED_USER_FIELDS },
        };
      }
    }
    return { ...shape, properties, required };
  }

  function errorSchema(method: string): Schema {
    const schema = operation(method)!.responses.default as { schema: Schema };
    const properties = schema.schema.properties as Record<string, Schema> | undefined;
    const codes = properties?.error?.enum as string[] | undefined;
    if (!codes) return schema.schema;
    const extra = SLACK_ADDITIONS[method]?.errors ?? [];
    return {
      ...schema.schema,
      properties: {
        ...properties,
        error: { type: 'string', enum: [...codes, ...extra] },
        needed: { type: 'string' },
        provided: { type: 'string' },
      },
    };
  }

  return {
    parametersOf(method) {
      const found = operation(method);
      if (!found) return undefined;
      const names = (found.parameters ?? [])
        .map((parameter) => parameter.name)
        .filter((name) => name !== 'token');
      return new Set([...names, ...(SLACK_ADDITIONS[method]?.arguments ?? [])]);
    },

    check(method, answer, variant) {
      if (!operation(method)) return [`${method} is not in Slack's specification`];
      if (answer.status === 429) {
        const problems: string[] = [];
        if (!answer.headers.get('retry-after')) problems.push('429 without Retry-After');
        const body = answer.body as { ok?: unknown; error?: unknown };
        if (body?.ok !== false || body.error !== 'ratelimited')
          problems.push(`429 body is not {ok: false, error: "ratelimited"}: ${JSON.stringify(body)}`);
        return problems;
      }
      if (answer.status !== 200) return [`HTTP ${answer.status}: Slack answers only 200 or 429`];
      const ok = isObject(answer.body) && answer.body.ok === true;
      const schema = ok ? successSchema(method, variant) : errorSchema(method);
      const validate = validator(`${method}:${ok ? (variant ?? 'ok') : 'error'}`, schema);
      return validate(answer.body) ? [] : describeErrors(validate.errors);
    },
  };
}

// ---------------------------------------------------------------------------------------------------------------
// ChatWork: the RAML 0.8 document (chatwork/api, RAML/api-ja.raml) with JSON schemas per response.
// ---------------------------------------------------------------------------------------------------------------

/**
 * Known defects of ChatWork's RAML, and what the loader does about them:
 * 1. Each schema is a string whose first line is a stray `|` (a block-scalar marker exported twice): dropped.
 * 2. `"$schema": "http://json-schema.org/schema#"` names no draft ajv knows: dropped (the schemas are draft 4).
 * 3. "An array of X" is written as a one-item tuple, `items: [X]`, which in JSON Schema checks only the first
 *    element: such `items` become `X`, so every element is checked.
 * 4. Objects do not say `additionalProperties`; each lists every field ChatWork's example shows, so a field not
 *    listed is treated as one ChatWork does not send.
 * 5. Only 200 (and 204 where a trait says so) and 401 are documented per call. ChatWork's documentation of
 *    errors (the PDF's "Response" and "API Usage Limits" sections, shared/providers/chatwork.md §2–3) adds
 *    400, 403, 404 and 429 for every call, with the body `{"errors": [...]}`, and community clients rely on 204
 *    from `GET /rooms/{room_id}/messages` when there is nothing to list (not in the RAML): both are accepted.
 */
const CHATWORK_ERROR_STATUSES = [400, 401, 403, 404, 429];
const CHATWORK_NO_CONTENT = new Set(['GET /rooms/{room_id}/messages']);

export type ChatworkAnswer = { status: number; body: unknown };

/**
 * ChatWork's token endpoint is outside the RAML and shown only as images in its PDF (pp. 39–47, transcribed in
 * shared/providers/chatwork.md §1): `access_token`, `refresh_token`, `token_type` "Bearer", `expires_in` and
 * `scope` on success (`expires_in` appears both as seconds and as a string of milliseconds), and `error`,
 * `error_description` and `error_uri` (always null) on failure.
 */
const CHATWORK_TOKEN_ANSWER = {
  type: 'object',
  properties: {
    access_token: { type: 'string' },
    refresh_token: { type: 'string' },
    token_type: { enum: ['Bearer'] },
    expires_in: { type: ['integer', 'string'] },
    scope: { type: 'string' },
  },
  required: ['access_token', 'refresh_token', 'token_type', 'expires_in', 'scope'],
  additionalProperties: false,
};
const CHATWORK_TOKEN_ERROR = {
  type: 'object',
  properties: {
    error: { type: 'string' },
    error_description: { type: 'string' },
    error_uri: { type: 'null' },
  },
  required: ['error', 'error_description', 'error_uri'],
  additionalProperties: false,
};

export type ChatworkSpec = {
  /** The consent page's address (`securitySchemes.oauth_2_0.settings.authorizationUri`). */
  authorizationUri: string;
  /** The token endpoint (`accessTokenUri`). */
  accessTokenUri: string;
  /** The scopes the RAML lets a call use. */
  scopesOf(method: string, resource: string): string[] | undefined;
  /** What is wrong with an answer to `method resource` (`GET /rooms/{room_id}`), or nothing. */
  check(method: string, resource: string, answer: ChatworkAnswer): string[];
  /** What is wrong with an answer of the token endpoint, or nothing. */
  checkToken(answer: ChatworkAnswer): string[];
};

type RamlMethod = { is?: string[]; responses?: Record<string, RamlResponse>; securedBy?: unknown[] };
type RamlResponse = { body?: { 'application/json'?: { schema?: string } } } | null;

export function loadChatworkSpec(): ChatworkSpec | undefined {
  const file = specFile('chatwork/api-ja.raml');
  if (!file) return undefined;
  const document = parseYaml(readFileSync(file, 'utf8')) as Schema & {
    traits: Record<string, RamlMethod>[];
    securitySchemes: Record<string, { settings: { authorizationUri: string; accessTokenUri: string } }>[];
  };
  const traits = Object.assign({}, ...document.traits) as Record<string, RamlMethod>;
  const methods = new Map<string, RamlMethod>();
  const walk = (node: Schema, prefix: string) => {
    for (const [key, value] of Object.entries(node)) {
      if (!isObject(value)) continue;
      if (key.startsWith('/')) walk(value, prefix + key);
      else if (/^(GET|POST|PUT|DELETE)$/.test(key)) methods.set(`${key} ${prefix}`, value as RamlMethod);
    }
  };
  walk(document, '');
  const oauth = Object.assign({}, ...document.securitySchemes).oauth_2_0!.settings;
  const ajv = newAjv();
  const compiled = new Map<string, ValidateFunction>();

  const strict = (node: Schema): Schema => {
    const { $schema: _ignored, ...rest } = node;
    if (Array.isArray(rest.items) && rest.items.length === 1) rest.items = rest.items[0];
    if (rest.type === 'object' && rest.additionalProperties === undefined) rest.additionalProperties = false;
    return rest;
  };

  function responsesOf(key: string): Record<string, RamlResponse> {
    const method = methods.get(key);
    const fromTraits = (method?.is ?? []).map((name) => traits[name]?.responses ?? {});
    return Object.assign({}, ...fromTraits, method?.responses ?? {});
  }

  function schemaOf(key: string, status: number): ValidateFunction | undefined {
    const cacheKey = `${key} ${status}`;
    if (compiled.has(cacheKey)) return compiled.get(cacheKey);
    const text = responsesOf(key)[String(status)]?.body?.['application/json']?.schema;
    if (!text) return undefined;
    const schema = mapSchema(JSON.parse(text.replace(/^\s*\|\s*\n/, '')), strict) as Schema;
    const validate = ajv.compile(schema);
    compiled.set(cacheKey, validate);
    return validate;
  }

  const tokenAnswer = ajv.compile(CHATWORK_TOKEN_ANSWER);
  const tokenError = ajv.compile(CHATWORK_TOKEN_ERROR);
  const errorsBody = ajv.compile({
    type: 'object',
    properties: { errors: { type: 'array', items: { type: 'string' }, minItems: 1 } },
    required: ['errors'],
    additionalProperties: false,
  });

  return {
    authorizationUri: oauth.authorizationUri.trim(),
    accessTokenUri: oauth.accessTokenUri.trim(),

    scopesOf(method, resource) {
      const secured = methods.get(`${method} ${resource}`)?.securedBy?.[0] as
        { oauth_2_0?: { scopes?: string[] } } | undefined;
      return secured?.oauth_2_0?.scopes;
    },

    check(method, resource, answer) {
      const key = `${method} ${resource}`;
      if (!methods.has(key)) return [`${key} is not in ChatWork's specification`];
      const documented = Object.keys(responsesOf(key)).map(Number);
      if (answer.status === 204) {
        const allowed = documented.includes(204) || CHATWORK_NO_CONTENT.has(key);
        if (!allowed) return [`${key} answered 204, which ChatWork does not document for it`];
        return answer.body === '' || answer.body === undefined ? [] : ['204 with a body'];
      }
      if (answer.status >= 400 && answer.status !== 401 && !CHATWORK_ERROR_STATUSES.includes(answer.status))
        return [`${key} answered ${answer.status}, which ChatWork does not document`];
      if (answer.status >= 400) return errorsBody(answer.body) ? [] : describeErrors(errorsBody.errors);
      if (!documented.includes(answer.status))
        return [`${key} answered ${answer.status}, which ChatWork does not document for it`];
      const validate = schemaOf(key, answer.status);
      if (!validate) return [`${key} ${answer.status} has no schema to check against`];
      return validate(answer.body) ? [] : describeErrors(validate.errors);
    },

    checkToken(answer) {
      if (answer.status === 200) return tokenAnswer(answer.body) ? [] : describeErrors(tokenAnswer.errors);
      if (answer.status === 400 || answer.status === 401)
        return tokenError(answer.body) ? [] : describeErrors(tokenError.errors);
      return [`the token endpoint answered ${answer.status}`];
    },
  };
}
