import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_LIMIT_BYTES } from './app.ts';
import { expectApiError } from './test/api-error.ts';
import { bearer, nextAddress, registerUser, signIn } from './test/auth-helpers.ts';
import { createTestApp, type TestApp } from './test/test-app.ts';

/**
 * Walks the OpenAPI document and sends every documented route hostile input. Whatever the route, the
 * answer must be a 4xx in the project's error shape: never a 5xx, never a stack trace. Routes added later
 * are covered as soon as they are documented.
 */

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
};
type Operation = {
  security?: unknown[];
  parameters?: { in: string; name: string }[];
  requestBody?: { content: { 'application/json': { schema: JsonSchema } } };
};

const HUGE_STRING = 'x'.repeat(BODY_LIMIT_BYTES);
const LARGE_STRING = 'x'.repeat(BODY_LIMIT_BYTES - 1024);

function objectSchema(schema: JsonSchema): JsonSchema | undefined {
  if (schema.properties) return schema;
  return schema.anyOf?.find((option) => option.properties);
}

function wrongValueFor(schema: JsonSchema | undefined): unknown {
  const type = Array.isArray(schema?.type) ? schema.type[0] : schema?.type;
  return type === 'string' ? 12345 : 'not-the-right-type';
}

/** Bodies that no route may accept, each with a label for the failure message. */
function hostileBodies(schema: JsonSchema | undefined): [string, string | undefined, string][] {
  const cases: [string, string | undefined, string][] = [
    ['malformed JSON', '{"a": ', 'application/json'],
    ['JSON array', '[]', 'application/json'],
    ['JSON number', '42', 'application/json'],
    ['over 1 MB', JSON.stringify({ value: HUGE_STRING }), 'application/json'],
    ['form encoded', 'a=1', 'application/x-www-form-urlencoded'],
  ];
  const object = schema && objectSchema(schema);
  if (!object?.properties) return cases;
  const valid = Object.fromEntries(
    Object.entries(object.properties).map(([name, property]) => [
      name,
      property.type === 'string' ? 'a@example.com' : 1,
    ]),
  );
  cases.push(['extra field', JSON.stringify({ ...valid, unexpectedField: true }), 'application/json']);
  for (const name of object.required ?? []) {
    const { [name]: _omitted, ...rest } = valid;
    cases.push([`missing ${name}`, JSON.stringify(rest), 'application/json']);
  }
  for (const [name, property] of Object.entries(object.properties)) {
    cases.push([
      `wrong type for ${name}`,
      JSON.stringify({ ...valid, [name]: wrongValueFor(property) }),
      'application/json',
    ]);
    cases.push([`null ${name}`, JSON.stringify({ ...valid, [name]: null }), 'application/json']);
    cases.push([
      `nested object for ${name}`,
      JSON.stringify({ ...valid, [name]: { $ne: '' } }),
      'application/json',
    ]);
    if (property.type === 'string') {
      cases.push([`1 MB ${name}`, JSON.stringify({ ...valid, [name]: LARGE_STRING }), 'application/json']);
    }
  }
  return cases;
}

let testApp: TestApp;
let operations: [string, string, Operation][] = [];
let account: { email: string; password: string };
beforeAll(async () => {
  testApp = await createTestApp();
  const { user, password } = await registerUser(testApp.app);
  account = { email: user.email, password };
  const document = (await testApp.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
    paths: Record<string, Record<string, Operation>>;
  };
  operations = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]): [string, string, Operation] => [
      method.toUpperCase(),
      path,
      operation,
    ]),
  );
});
afterAll(() => testApp.close());

describe('every documented route rejects hostile input with a 4xx in the error shape', () => {
  it('covers the routes that exist', () => {
    expect(operations.length).toBeGreaterThanOrEqual(6);
  });

  it('answers bad bodies with a 4xx', async () => {
    let checked = 0;
    for (const [method, path, operation] of operations) {
      if (!operation.requestBody) continue;
      const url = path.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000');
      for (const [label, payload, contentType] of hostileBodies(
        operation.requestBody.content['application/json'].schema,
      )) {
        // A fresh session per case: a body that happens to be valid for logout would end a shared one.
        const headers: Record<string, string> = { 'content-type': contentType };
        if (operation.security)
          Object.assign(headers, bearer(await signIn(testApp.app, account.email, account.password)));
        const response = await testApp.app.inject({
          method: method as 'POST',
          url,
          headers,
          payload,
          remoteAddress: nextAddress(),
        });
        expect(
          response.statusCode,
          `${method} ${path} with ${label}: ${response.body}`,
        ).toBeGreaterThanOrEqual(400);
        expect(response.statusCode, `${method} ${path} with ${label}: ${response.body}`).toBeLessThan(500);
        expectApiError(response, response.statusCode);
        expect(response.body).not.toMatch(/\bat .+\.(ts|js):\d+/);
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(20);
  });

  it('answers protected routes without a valid token with 401', async () => {
    for (const [method, path, operation] of operations) {
      if (!operation.security) continue;
      const url = path.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000');
      for (const authorization of [undefined, 'Bearer nonsense', `Bearer ${'a'.repeat(10_000)}`]) {
        const response = await testApp.app.inject({
          method: method as 'GET',
          url,
          headers: authorization ? { authorization } : {},
        });
        expectApiError(response, 401);
      }
    }
  });

  it('answers unknown query parameters and odd paths without a 5xx', async () => {
    for (const [method, path] of operations) {
      const url = `${path.replace(/\{[^}]+\}/g, '%00%ff')}?${'q'.repeat(5000)}=1&x[y]=2`;
      const response = await testApp.app.inject({
        method: method as 'GET',
        url,
        remoteAddress: nextAddress(),
      });
      expect(response.statusCode, `${method} ${url.slice(0, 80)}`).toBeLessThan(500);
    }
  });
});
