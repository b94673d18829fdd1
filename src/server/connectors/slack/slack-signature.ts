import { createHmac, timingSafeEqual } from 'node:crypto';

/** Slack refuses nothing older itself; it asks receivers to refuse requests more than five minutes from now. */
export const SLACK_SIGNATURE_MAX_AGE_SECONDS = 5 * 60;

export type SlackSignatureCheck = 'valid' | 'missing' | 'stale' | 'forged';

/** `v0=` and the hex HMAC-SHA256 of `v0:{timestamp}:{body}` under the signing secret. */
export function slackSignature(secret: string, timestamp: string, rawBody: Buffer | string): string {
  const hmac = createHmac('sha256', secret);
  hmac.update(`v0:${timestamp}:`);
  hmac.update(rawBody);
  return `v0=${hmac.digest('hex')}`;
}

/** Checks a request's `X-Slack-Signature` against its raw body, in constant time. `now` is Unix seconds. */
export function checkSlackSignature(input: {
  secret: string;
  timestamp: string | undefined;
  signature: string | undefined;
  rawBody: Buffer;
  now: number;
}): SlackSignatureCheck {
  const { timestamp, signature } = input;
  if (!timestamp || !signature || !/^\d{1,12}$/.test(timestamp)) return 'missing';
  if (Math.abs(input.now - Number(timestamp)) > SLACK_SIGNATURE_MAX_AGE_SECONDS) return 'stale';
  const expected = Buffer.from(slackSignature(input.secret, timestamp, input.rawBody));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected) ? 'valid' : 'forged';
}
