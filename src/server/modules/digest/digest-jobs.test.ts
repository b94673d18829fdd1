import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startChatworkEmulator } from '../../../../emulators/chatwork/chatwork-emulator.ts';
import { startMailCatcher, type MailCatcher } from '../../../../emulators/mail/mail-catcher.ts';
import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../../db/client.ts';
import { bearer, registerUser } from '../../test/auth-helpers.ts';
import { chatworkEmulatorSettings, connectAccount, control } from '../../test/emulator-helpers.ts';
import { dropRedisPrefix, redisReachable, testRedisPrefix, testRedisUrl } from '../../test/redis-helpers.ts';
import { createTestApp, createTestWorker, openTestDatabase, type TestApp } from '../../test/test-app.ts';

const reachable = await redisReachable();

/** A web instance and two workers on one database and one Redis: the digest job runs as a BullMQ job scheduler. */
describe.skipIf(!reachable)('the digest job on BullMQ', () => {
  const prefix = testRedisPrefix();
  let chatwork: { url: string; close(): Promise<void> };
  let database: DatabaseHandle;
  let web: TestApp;
  let workerMail: MailCatcher;
  let workers: FastifyInstance[] = [];
  const settings = () => ({
    ...chatworkEmulatorSettings(chatwork.url),
    REDIS_URL: testRedisUrl,
    REDIS_KEY_PREFIX: prefix,
    DIGEST_CHECK_SECONDS: '1',
  });

  beforeAll(async () => {
    chatwork = await startChatworkEmulator();
    await control(chatwork.url, 'settings', { autoApprove: true });
    database = await openTestDatabase();
    web = await createTestApp(settings(), { database });
    workerMail = await startMailCatcher();
    workers = await Promise.all(
      [1, 2].map(() => createTestWorker({ SMTP_URL: workerMail.smtpUrl, ...settings() }, database)),
    );
  });
  afterAll(async () => {
    await Promise.all(workers.map((worker) => worker.close()));
    await web?.close();
    await workerMail?.close();
    await database?.close();
    await chatwork?.close();
    await dropRedisPrefix(prefix);
  });

  it('a worker mails the digest that is due now, and no run sends it again that day', async () => {
    const person = await registerUser(web.app);
    await connectAccount(web.app, 'chatwork', person.tokens.accessToken);
    const now = new Date().toISOString().slice(11, 16);
    const saved = await web.app.inject({
      method: 'PUT',
      url: '/api/digest/settings',
      headers: bearer(person.tokens.accessToken),
      payload: { enabled: true, time: now, time_zone: 'UTC', language: 'en' },
    });
    expect(saved.statusCode, saved.body).toBe(200);

    const mail = await workerMail.waitFor(
      person.user.email,
      (caught) => caught.subject.startsWith('Matome morning digest'),
      20_000,
    );
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    // The web instance runs no jobs; every further run, on either worker or here, finds the day claimed.
    const again = await workers[1]!.digest.runDue();
    expect(again.sent).toBe(0);
    expect(await web.app.digest.runDue()).toMatchObject({ sent: 0 });
    expect(workerMail.messages().filter((caught) => caught.to.includes(person.user.email))).toHaveLength(1);
    expect(web.mail.messages().filter((caught) => caught.subject.includes('digest'))).toHaveLength(0);
  });
});
