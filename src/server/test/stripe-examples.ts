import { readFileSync } from 'node:fs';
import { specFile } from './provider-specs.ts';

/**
 * Stripe's own example object for each resource (`shared/apis/stripe/fixtures3.json`, from stripe/openapi), used as
 * the specification of what the Stripe emulator answers, strictly: an object must carry every field of its
 * resource's example and no other, each of the example's type. The examples cannot say which fields are nullable
 * (Stripe's OpenAPI, which can, is not in `shared/apis`), so null is accepted for any field, and a field whose
 * example is null accepts any type. An empty example object (`metadata: {}`) is a map and takes any keys.
 *
 * Documented fields the examples leave out, accepted here:
 * - `event.data.previous_attributes`, sent with `*.updated` events (docs.stripe.com/api/events/object).
 * The error body is not an example object; it is checked against the documented error object
 * (docs.stripe.com/api/errors): `{error: {type, message, code?, param?, doc_url?, decline_code?}}`.
 */
type Json = unknown;

function kind(value: Json): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

const errorTypes = new Set(['api_error', 'card_error', 'idempotency_error', 'invalid_request_error']);
const errorFields = new Set([
  'type',
  'message',
  'code',
  'param',
  'doc_url',
  'decline_code',
  'request_log_url',
]);

export type StripeExamples = {
  /** What is wrong with a Stripe API object (or a list, or a deleted object, or an error body): nothing when right. */
  check(value: Json): string[];
};

export function loadStripeExamples(): StripeExamples | undefined {
  const file = specFile('stripe/fixtures3.json');
  if (!file) return undefined;
  const resources = (JSON.parse(readFileSync(file, 'utf8')) as { resources: Record<string, Json> }).resources;

  function resourceExample(value: Record<string, Json>): Json {
    const name = String(value.object);
    return value.deleted === true ? resources[`deleted_${name}`] : resources[name];
  }

  function compare(value: Json, example: Json, path: string, errors: string[]): void {
    if (value === null || example === null) return;
    if (kind(value) === 'object' && kind(example) === 'string') {
      // An expanded id: the object in its place is checked against its own resource.
      const expanded = resourceExample(value as Record<string, Json>);
      if (expanded === undefined) errors.push(`${path} is an object where Stripe has an id`);
      else compare(value, expanded, path, errors);
      return;
    }
    if (kind(value) !== kind(example)) {
      errors.push(`${path} is ${kind(value)}, Stripe's example has ${kind(example)}`);
      return;
    }
    if (Array.isArray(value)) {
      const itemExample = (example as Json[])[0];
      if (itemExample !== undefined)
        value.forEach((item, index) => compare(item, itemExample, `${path}[${index}]`, errors));
      return;
    }
    if (kind(value) !== 'object') return;
    const object = value as Record<string, Json>;
    let shape = example as Record<string, Json>;
    if (typeof object.object === 'string' && object.object !== shape.object && object.object !== 'list') {
      const own = resourceExample(object);
      if (own === undefined) {
        errors.push(`${path} is a ${object.object}, which Stripe's examples do not have`);
        return;
      }
      shape = own as Record<string, Json>;
    }
    if (Object.keys(shape).length === 0) return;
    for (const key of Object.keys(object)) {
      if (!(key in shape))
        errors.push(`${path}.${key} is not in Stripe's example ${String(shape.object ?? '')}`);
    }
    for (const [key, field] of Object.entries(shape)) {
      if (!(key in object)) errors.push(`${path}.${key} is missing`);
      else compare(object[key], field, `${path}.${key}`, errors);
    }
  }

  function checkError(body: Record<string, Json>): string[] {
    const error = body.error as Record<string, Json> | undefined;
    if (kind(error) !== 'object') return ['error is not an object'];
    const problems = Object.keys(error!)
      .filter((key) => !errorFields.has(key))
      .map((key) => `error.${key} is not a documented error field`);
    if (!errorTypes.has(String(error!.type)))
      problems.push(`error.type ${String(error!.type)} is not documented`);
    if (typeof error!.message !== 'string') problems.push('error.message is not a string');
    return problems;
  }

  function check(value: Json): string[] {
    if (kind(value) !== 'object') return ['the answer is not an object'];
    const object = value as Record<string, Json>;
    if ('error' in object) return checkError(object);
    if (object.object === 'list') {
      if (!Array.isArray(object.data)) return ['a list without data'];
      return object.data.flatMap((item) => check(item));
    }
    const example = resourceExample(object);
    if (example === undefined) return [`${String(object.object)} is not one of Stripe's resources`];
    const errors: string[] = [];
    if (object.object === 'event') {
      const { data, ...envelope } = object;
      const { object: inner, previous_attributes: previous, ...rest } = (data ?? {}) as Record<string, Json>;
      compare(
        { ...envelope, data: rest },
        { ...(example as Record<string, Json>), data: {} },
        'event',
        errors,
      );
      if (previous !== undefined && kind(previous) !== 'object')
        errors.push('event.data.previous_attributes is not an object');
      return [...errors, ...check(inner).map((problem) => `event.data.object: ${problem}`)];
    }
    compare(object, example, String(object.object), errors);
    return errors;
  }

  return { check };
}
