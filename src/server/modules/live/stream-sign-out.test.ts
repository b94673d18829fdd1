import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { linkTokenOf } from '../../../../emulators/mail/mail-catcher.ts';
import { sessionsResponseSchema } from '../../../contract/sessions.ts';
import { createInProcessLiveEvents } from '../../lib/live-events.ts';
import { expectApiError } from '../../test/api-error.ts';
import { bearer, csrfHeader, nextAddress, registerUser, signIn } from '../../test/auth-helpers.ts';
import {
  announceMention,
  expectStreamDelivering,
  expectStreamEnded,
  openEventStream,
  streamedMessageIds,
  streamTicket,
  type OpenStream,
} from '../../test/event-stream-client.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * Issue 21, item 14: a sign-out reaches the live streams of the sign-in it ends, at once, and a ticket that sign-in
 * asked for opens nothing after it (decision 141). Across instances: `sign-out-across-instances.test.ts`.
 */
let testApp: TestApp;
let baseUrl: string;
const liveEvents = createInProcessLiveEvents();
const streams: OpenStream[] = [];

beforeAll(async () => {
  testApp = await createTestApp({ PUBLIC_URL: 'http://matome.test' }, { liveEvents });
  baseUrl = await testApp.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  for (const stream of streams) await stream.close();
  await testApp?.close();
});
beforeEach(() => testApp.mail.reset());

const app = () => testApp.app;

const ticketFor = (accessToken: string) => streamTicket(app(), accessToken);

async function streamOf(accessToken: string): Promise<OpenStream> {
  const stream = await openEventStream(baseUrl, await ticketFor(accessToken));
  expect(stream.response.status).toBe(200);
  streams.push(stream);
  return stream;
}

async function ownSessionId(accessToken: string): Promise<string> {
  const response = await app().inject({
    method: 'GET',
    url: '/api/auth/sessions',
    headers: bearer(accessToken),
  });
  return sessionsResponseSchema.parse(response.json()).sessions.find((session) => session.current)!.id;
}

const expectDelivering = (stream: OpenStream, userId: string, id: string) =>
  expectStreamDelivering(stream, liveEvents, userId, id);

const streamWith = (ticket: string) =>
  app().inject({ method: 'GET', url: `/api/events/stream?ticket=${encodeURIComponent(ticket)}` });

describe('a sign-out reaches the live streams', () => {
  it('a ticket asked for before signing out opens no stream after it', async () => {
    const { tokens } = await registerUser(app());
    const ticket = await ticketFor(tokens.accessToken);
    const signedOut = await app().inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: csrfHeader,
      cookies: { matome_refresh: tokens.refreshToken },
      remoteAddress: nextAddress(),
    });
    expect(signedOut.statusCode).toBe(204);
    expect(expectApiError(await streamWith(ticket), 401).code).toBe('UNAUTHENTICATED');
  });

  it('signing out ends that sign-in’s streams at once, and no other sign-in’s', async () => {
    const { user, password, tokens } = await registerUser(app());
    const laptop = await signIn(app(), user.email, password);
    const phone = await signIn(app(), user.email, password);
    const fromFirst = await streamOf(tokens.accessToken);
    const fromLaptop = await streamOf(laptop);
    const fromPhone = await streamOf(phone);

    const signedOut = await app().inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: csrfHeader,
      cookies: { matome_refresh: tokens.refreshToken },
      remoteAddress: nextAddress(),
    });
    expect(signedOut.statusCode).toBe(204);
    await expectStreamEnded(fromFirst);

    // Ending another session from the list ends that one's stream.
    const ended = await app().inject({
      method: 'DELETE',
      url: `/api/auth/sessions/${await ownSessionId(laptop)}`,
      headers: bearer(phone),
    });
    expect(ended.statusCode).toBe(204);
    await expectStreamEnded(fromLaptop);
    await expectDelivering(fromPhone, user.id, 'still-for-the-phone');
    expect(streamedMessageIds(fromLaptop)).toEqual([]);
  });

  it('signing out everywhere ends every stream of the user, and no one else’s', async () => {
    const owner = await registerUser(app());
    const stranger = await registerUser(app());
    const other = await signIn(app(), owner.user.email, owner.password);
    const mine = [await streamOf(owner.tokens.accessToken), await streamOf(other)];
    const theirs = await streamOf(stranger.tokens.accessToken);

    const everywhere = await app().inject({
      method: 'DELETE',
      url: '/api/auth/sessions',
      headers: bearer(owner.tokens.accessToken),
    });
    expect(everywhere.statusCode).toBe(204);
    for (const stream of mine) await expectStreamEnded(stream);
    await announceMention(liveEvents, owner.user.id, 'after-sign-out');
    await expectDelivering(theirs, stranger.user.id, 'for-the-stranger');
    for (const stream of mine) expect(streamedMessageIds(stream)).toEqual([]);
  });

  it('a password change ends the other sign-ins’ streams and keeps its own', async () => {
    const { user, password, tokens } = await registerUser(app());
    const other = await signIn(app(), user.email, password);
    const own = await streamOf(tokens.accessToken);
    const elsewhere = await streamOf(other);
    const changed = await app().inject({
      method: 'POST',
      url: '/api/auth/password',
      headers: bearer(tokens.accessToken),
      payload: { currentPassword: password, newPassword: 'another long passphrase' },
    });
    expect(changed.statusCode, changed.body).toBe(204);
    await expectStreamEnded(elsewhere);
    await expectDelivering(own, user.id, 'after-the-change');
  });

  it('a password reset ends every stream of the account', async () => {
    const { user, tokens } = await registerUser(app());
    const stream = await streamOf(tokens.accessToken);
    const ticket = await ticketFor(tokens.accessToken);
    const asked = await app().inject({
      method: 'POST',
      url: '/api/auth/password-reset/request',
      payload: { email: user.email },
      remoteAddress: nextAddress(),
    });
    expect(asked.statusCode).toBe(202);
    const token = linkTokenOf(
      await testApp.mail.waitFor(user.email, (mail) => mail.text.includes('reset')),
      'reset-password',
    );
    const reset = await app().inject({
      method: 'POST',
      url: '/api/auth/password-reset',
      payload: { token, password: 'a passphrase after the reset' },
      remoteAddress: nextAddress(),
    });
    expect(reset.statusCode, reset.body).toBe(204);
    await expectStreamEnded(stream);
    expectApiError(await streamWith(ticket), 401);
  });

  it('deleting the account ends its streams', async () => {
    const { user, password, tokens } = await registerUser(app());
    const other = await signIn(app(), user.email, password);
    const streamsOfTheAccount = [await streamOf(tokens.accessToken), await streamOf(other)];
    const deleted = await app().inject({
      method: 'DELETE',
      url: '/api/account/delete',
      headers: bearer(tokens.accessToken),
      payload: { password },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    for (const stream of streamsOfTheAccount) await expectStreamEnded(stream);
  });
});
