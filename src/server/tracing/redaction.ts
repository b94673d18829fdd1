import type { AttributeValue, Context } from '@opentelemetry/api';
import type { ReadableSpan, Span, SpanProcessor } from '@opentelemetry/sdk-trace-node';

/** Attributes that hold a URL or its path: their query strings carry tokens (unsubscribe links, stream tickets,
 * OAuth codes), so none is ever kept. */
const URL_KEYS = new Set(['url.full', 'http.url', 'http.target', 'url.path', 'url.original']);
/** Dropped whole: a query string, and the end user's own address. */
const DROPPED_KEYS = new Set(['url.query', 'http.client_ip', 'client.address']);

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
const EMAIL = /[^\s@/:?#&=;,"'<>]+(?:@|%40)[^\s@/:?#&=;,"'<>]+\.[a-z]{2,}/gi;
/** A path segment this long is a capability (a push subscription's endpoint, a signed link), not a name. */
const LONG_SEGMENT = 40;

/** A URL or path without its query, fragment and credentials, and without segments that are secrets. */
export function redactUrl(value: string): string {
  const absolute = /^[a-z][a-z0-9+.-]*:\/\//i.test(value);
  let url: URL;
  try {
    url = new URL(value, 'http://relative.invalid');
  } catch {
    return value.replace(/[?#].*$/s, '');
  }
  const path = url.pathname
    .split('/')
    .map((segment) => (segment.length > LONG_SEGMENT ? '{redacted}' : segment))
    .join('/');
  return absolute ? `${url.protocol}//${url.host}${path}` : path;
}

/** No row id (every id of Matome's rows is a UUID, users' ones included) and no e-mail address in any attribute. */
export function redactText(value: string): string {
  return value.replace(EMAIL, '{email}').replace(UUID, '{id}');
}

function redactValue(key: string, value: AttributeValue): AttributeValue {
  if (typeof value === 'string') return redactText(URL_KEYS.has(key) ? redactUrl(value) : value);
  if (Array.isArray(value)) {
    return value.map((item) => (typeof item === 'string' ? redactText(item) : item)) as AttributeValue;
  }
  return value;
}

/**
 * The last word on what a span may say, whichever instrumentation made it: runs as each span ends, before any
 * exporter sees it (decision 163). Instrumentations already leave out headers (none is configured to be recorded,
 * so never `Authorization`), parameter values of SQL statements and Redis arguments; this removes what they do
 * record that could name a person or open something: query strings, user ids, e-mail addresses, long tokens in
 * paths, the client's address.
 */
export class RedactingSpanProcessor implements SpanProcessor {
  onStart(_span: Span, _parentContext: Context): void {}

  onEnding(span: Span): void {
    const attributes = span.attributes as Record<string, AttributeValue | undefined>;
    for (const [key, value] of Object.entries(attributes)) {
      if (DROPPED_KEYS.has(key)) delete attributes[key];
      else if (value !== undefined) attributes[key] = redactValue(key, value);
    }
    for (const event of span.events) {
      const eventAttributes = event.attributes as Record<string, AttributeValue | undefined> | undefined;
      for (const [key, value] of Object.entries(eventAttributes ?? {})) {
        if (eventAttributes && value !== undefined) eventAttributes[key] = redactValue(key, value);
      }
    }
    span.updateName(redactText(span.name));
  }

  onEnd(_span: ReadableSpan): void {}

  async forceFlush(): Promise<void> {}

  async shutdown(): Promise<void> {}
}
