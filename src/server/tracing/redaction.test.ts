import { expect, it } from 'vitest';
import { redactText, redactUrl } from './redaction.ts';

it('keeps of a URL its origin and path, never its query, fragment, credentials or a capability in its path', () => {
  expect(redactUrl('https://slack.com/api/chat.postMessage?token=xoxb-1')).toBe(
    'https://slack.com/api/chat.postMessage',
  );
  expect(redactUrl('/api/digest/unsubscribe?token=abc#x')).toBe('/api/digest/unsubscribe');
  expect(redactUrl('https://user:secret@example.com/a')).toBe('https://example.com/a');
  const endpoint = `https://fcm.googleapis.com/fcm/send/${'e'.repeat(152)}`;
  expect(redactUrl(endpoint)).toBe('https://fcm.googleapis.com/fcm/send/{redacted}');
});

it('takes row ids and e-mail addresses out of any text', () => {
  expect(redactText('repeat:gather:0b7c5a8e-2f0f-4c1e-9a53-1f9c2a6d7e10:slack:1700000000000')).toBe(
    'repeat:gather:{id}:slack:1700000000000',
  );
  expect(redactText('/calendar/v3/calendars/grace%40example.com/events')).toBe(
    '/calendar/v3/calendars/{email}/events',
  );
  expect(redactText('mailto:grace@example.com')).toBe('mailto:{email}');
  expect(redactText('SELECT 1')).toBe('SELECT 1');
});
