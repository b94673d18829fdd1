import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startChatworkEmulator } from '../../../../emulators/chatwork/chatwork-emulator.ts';
import type { CaughtMail } from '../../../../emulators/mail/mail-catcher.ts';
import { digestSettingsSchema } from '../../../contract/digest.ts';
import { expectApiError } from '../../test/api-error.ts';
import { bearer, registerUser } from '../../test/auth-helpers.ts';
import { doneItemOf } from '../../../contract/triage.ts';
import {
  chatworkEmulatorSettings,
  connectAccount,
  control,
  gatherAfresh,
} from '../../test/emulator-helpers.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { tampered } from '../../test/tampered.ts';

let emulator: { url: string; close(): Promise<void> };
let testApp: TestApp;
/** A second instance on the same database, as behind a load balancer. */
let otherInstance: TestApp;

beforeAll(async () => {
  emulator = await startChatworkEmulator();
  await control(emulator.url, 'settings', { autoApprove: true });
  testApp = await createTestApp(chatworkEmulatorSettings(emulator.url));
  otherInstance = await createTestApp(chatworkEmulatorSettings(emulator.url), { database: testApp.database });
});
afterAll(async () => {
  await otherInstance?.close();
  await testApp?.close();
  await emulator?.close();
});
beforeEach(() => testApp.mail.reset());

const app = () => testApp.app;

async function saveDigest(
  token: string,
  body: { enabled: boolean; time: string; time_zone: string; language: 'en' | 'jp' },
) {
  const response = await app().inject({
    method: 'PUT',
    url: '/api/digest/settings',
    headers: bearer(token),
    payload: body,
  });
  expect(response.statusCode, response.body).toBe(200);
  return digestSettingsSchema.parse(response.json());
}

/** A person with Aiko's ChatWork account connected (a mention, a DM and an all-mention wait in it). */
async function personWithMessages(timeZone: string, language: 'en' | 'jp' = 'en', time = '08:30') {
  const registered = await registerUser(app());
  const token = registered.tokens.accessToken;
  await connectAccount(app(), 'chatwork', token);
  await saveDigest(token, { enabled: true, time, time_zone: timeZone, language });
  return { ...registered, token };
}

/** Digests caught for `email`. */
function digestsTo(email: string, mail: TestApp['mail'] = testApp.mail): CaughtMail[] {
  return mail
    .messages()
    .filter((caught) => caught.to.includes(email) && /digest|ダイジェスト/.test(caught.subject));
}

/** The address of the mail's `List-Unsubscribe` header (RFC 8058: one https URL in angle brackets). */
function unsubscribeUrlOf(mail: CaughtMail): URL {
  const match = /^<(https:\/\/[^>]+)>$/.exec(mail.headers['list-unsubscribe'] ?? '');
  expect(match, mail.headers['list-unsubscribe']).not.toBeNull();
  return new URL(match![1]!);
}

describe('the digest setting', () => {
  it('is off by default, at 08:30, with no time zone until the person saves one', async () => {
    const { tokens } = await registerUser(app());
    const response = await app().inject({
      method: 'GET',
      url: '/api/digest/settings',
      headers: bearer(tokens.accessToken),
    });
    expect(response.json()).toEqual({ enabled: false, time: '08:30', time_zone: null });
  });

  it('refuses a time zone that does not exist and a time that is not HH:MM, changing nothing', async () => {
    const { tokens } = await registerUser(app());
    for (const payload of [
      { enabled: true, time: '08:30', time_zone: 'Mars/Olympus', language: 'en' },
      { enabled: true, time: '8:30', time_zone: 'Asia/Tokyo', language: 'en' },
      { enabled: true, time: '08:30', time_zone: 'Asia/Tokyo', language: 'fr' },
    ]) {
      const response = await app().inject({
        method: 'PUT',
        url: '/api/digest/settings',
        headers: bearer(tokens.accessToken),
        payload,
      });
      expectApiError(response, 400);
    }
    const after = await app().inject({
      method: 'GET',
      url: '/api/digest/settings',
      headers: bearer(tokens.accessToken),
    });
    expect(after.json()).toEqual({ enabled: false, time: '08:30', time_zone: null });
  });

  it('needs a signed-in person', async () => {
    expectApiError(await app().inject({ method: 'GET', url: '/api/digest/settings' }), 401);
  });
});

describe('the digest job', () => {
  it('mails a person in Tokyo at 08:30 their time and one in New York at 08:30 theirs, once a day across instances', async () => {
    const tokyo = await personWithMessages('Asia/Tokyo', 'jp');
    const newYork = await personWithMessages('America/New_York', 'en');
    // 2026-12-01 23:31 UTC is 08:31 on 2 December in Tokyo and 18:31 on 1 December in New York.
    const tokyoMorning = new Date('2026-12-01T23:31:00Z');
    await app().digest.runDue(tokyoMorning);
    expect(digestsTo(tokyo.user.email)).toHaveLength(1);
    expect(digestsTo(newYork.user.email)).toHaveLength(0);

    // The same run again, here and on the other instance, sends nothing more that day.
    await app().digest.runDue(new Date('2026-12-01T23:40:00Z'));
    await otherInstance.app.digest.runDue(new Date('2026-12-01T23:45:00Z'));
    await Promise.all([app().digest.runDue(tokyoMorning), otherInstance.app.digest.runDue(tokyoMorning)]);
    expect(digestsTo(tokyo.user.email)).toHaveLength(1);
    expect(digestsTo(tokyo.user.email, otherInstance.mail)).toHaveLength(0);

    // 13:30 UTC is 08:30 in New York (EST) and 22:30 in Tokyo.
    await app().digest.runDue(new Date('2026-12-02T13:30:00Z'));
    expect(digestsTo(newYork.user.email)).toHaveLength(1);
    expect(digestsTo(tokyo.user.email)).toHaveLength(1);

    // The next Tokyo morning is a new day.
    await otherInstance.app.digest.runDue(new Date('2026-12-02T23:35:00Z'));
    expect(digestsTo(tokyo.user.email, otherInstance.mail)).toHaveLength(1);

    const [japanese] = digestsTo(tokyo.user.email);
    expect(japanese!.subject).toBe('【まとめ】朝のダイジェスト：未対応 4件');
    expect(japanese!.text).toContain('メンション 1件');
    const [english] = digestsTo(newYork.user.email);
    expect(english!.subject).toBe('Matome morning digest: 4 waiting');
    expect(english!.text).toContain(': 1 mention, 1 DM, 1 reply, 1 all-mention');
    expect(english!.text).toContain('Ben Carter (ChatWork): 3');
  });

  it('does not mail before the time, nor hours after it', async () => {
    const person = await personWithMessages('Asia/Tokyo');
    await app().digest.runDue(new Date('2026-12-04T23:29:00Z')); // 08:29 JST
    await app().digest.runDue(new Date('2026-12-05T04:00:00Z')); // 13:00 JST, long after
    expect(digestsTo(person.user.email)).toHaveLength(0);
  });

  it('sends nothing, and keeps the day open, when nothing is waiting', async () => {
    const { tokens, user } = await registerUser(app());
    await saveDigest(tokens.accessToken, {
      enabled: true,
      time: '08:30',
      time_zone: 'Asia/Tokyo',
      language: 'en',
    });
    await app().digest.runDue(new Date('2026-12-06T23:31:00Z'));
    expect(digestsTo(user.email)).toHaveLength(0);
    // Something arrives later that morning: a run within the window sends it.
    await connectAccount(app(), 'chatwork', tokens.accessToken);
    await app().digest.runDue(new Date('2026-12-07T00:30:00Z'));
    expect(digestsTo(user.email)).toHaveLength(1);
  });

  it('holds both parts, the RFC 8058 headers and links into Matome, and no message text', async () => {
    const person = await personWithMessages('Europe/London');
    await app().digest.runDue(new Date('2026-12-08T08:31:00Z'));
    const [mail] = digestsTo(person.user.email);
    expect(mail).toBeDefined();
    expect(mail!.text).toContain('https://matome.test/dashboard');
    expect(mail!.html).toContain('href="https://matome.test/dashboard"');
    expect(mail!.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    const unsubscribe = unsubscribeUrlOf(mail!);
    expect(unsubscribe.pathname).toBe('/api/digest/unsubscribe');
    expect(mail!.text).toContain(unsubscribe.toString());
    expect(mail!.html).toContain(unsubscribe.toString().replace(/&/g, '&#38;'));
    // Names, counts and times only: not a word of the messages themselves.
    for (const body of [
      'Could you review the plan?',
      'Are you free for lunch?',
      'Stand-up moves to 10:00.',
    ]) {
      expect(mail!.text).not.toContain(body);
      expect(mail!.html).not.toContain(body);
    }
    expect(mail!.text).toContain('Ben Carter');
  });

  it('leaves out hidden and done messages', async () => {
    const person = await personWithMessages('Europe/London');
    const inbox = await gatherAfresh(app(), 'chatwork', person.token);
    const mention = inbox.messages.find((message) => message.body.includes('review the plan'))!;
    const hidden = await app().inject({
      method: 'POST',
      url: '/api/messages/hide',
      headers: bearer(person.token),
      payload: { platform: 'chatwork', platform_message_id: mention.platform_message_id },
    });
    expect(hidden.statusCode, hidden.body).toBe(200);
    const dm = inbox.messages.find((message) => message.is_dm)!;
    const done = await app().inject({
      method: 'POST',
      url: '/api/done',
      headers: bearer(person.token),
      payload: { messages: [doneItemOf(dm)] },
    });
    expect(done.statusCode, done.body).toBe(200);
    await app().digest.runDue(new Date('2026-12-09T08:31:00Z'));
    const [mail] = digestsTo(person.user.email);
    expect(mail!.subject).toBe('Matome morning digest: 2 waiting');
    expect(mail!.text).toContain(': 1 reply, 1 all-mention');
  });

  it('mails nobody who turned it off', async () => {
    const person = await personWithMessages('Europe/London');
    await saveDigest(person.token, {
      enabled: false,
      time: '08:30',
      time_zone: 'Europe/London',
      language: 'en',
    });
    await app().digest.runDue(new Date('2026-12-09T08:31:00Z'));
    expect(digestsTo(person.user.email)).toHaveLength(0);
  });
});

describe('the unsubscribe link', () => {
  async function mailedPerson() {
    const person = await personWithMessages('Europe/London');
    await app().digest.runDue(new Date('2026-12-10T08:31:00Z'));
    const [mail] = digestsTo(person.user.email);
    return { ...person, link: unsubscribeUrlOf(mail!) };
  }
  const settingsOf = async (token: string) =>
    (await app().inject({ method: 'GET', url: '/api/digest/settings', headers: bearer(token) })).json();
  const pathOf = (link: URL) => `${link.pathname}${link.search}`;

  it('asks on GET and turns the digest off on the one-click POST, without signing in', async () => {
    const person = await mailedPerson();
    const page = await app().inject({
      method: 'GET',
      url: pathOf(person.link),
      headers: { accept: 'text/html' },
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('<form method="post"');
    expect((await settingsOf(person.token)).enabled).toBe(true);

    const oneClick = await app().inject({
      method: 'POST',
      url: pathOf(person.link),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode, oneClick.body).toBe(200);
    expect((await settingsOf(person.token)).enabled).toBe(false);
    await app().digest.runDue(new Date('2026-12-11T08:31:00Z'));
    expect(digestsTo(person.user.email)).toHaveLength(1);
  });

  it('turns off only its owner: a link of one person leaves another subscribed, a changed token is a 400', async () => {
    const owner = await mailedPerson();
    const other = await personWithMessages('Europe/London');
    const token = owner.link.searchParams.get('token')!;
    const [ownerId, signature] = token.split('.');
    expect(ownerId).toBe(owner.user.id);

    const forged = `${other.user.id}.${signature}`;
    const changed = `${ownerId}.${tampered(signature!)}`;
    for (const bad of [forged, changed, 'nonsense', `${ownerId}`]) {
      const post = await app().inject({
        method: 'POST',
        url: `/api/digest/unsubscribe?token=${encodeURIComponent(bad)}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
      expectApiError(post, 400);
      const page = await app().inject({
        method: 'GET',
        url: `/api/digest/unsubscribe?token=${encodeURIComponent(bad)}`,
      });
      expect(page.statusCode).toBe(400);
      expect(page.body).toContain('not valid');
    }
    expect((await settingsOf(other.token)).enabled).toBe(true);
    expect((await settingsOf(owner.token)).enabled).toBe(true);

    await app().inject({ method: 'POST', url: pathOf(owner.link) });
    expect((await settingsOf(owner.token)).enabled).toBe(false);
    expect((await settingsOf(other.token)).enabled).toBe(true);
  });
});
