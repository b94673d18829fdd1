import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, nextAddress, registerUser } from '../../test/auth-helpers.ts';
import { createBillingTestApp, subscribe, type BillingTestApp } from '../../test/billing-helpers.ts';
import { databaseDigest } from '../../test/database-digest.ts';

let billing: BillingTestApp;
beforeAll(async () => {
  billing = await createBillingTestApp();
});
afterAll(async () => billing?.close());

function remove(accessToken: string, payload?: object) {
  return billing.app.inject({
    method: 'DELETE',
    url: '/api/account/delete',
    headers: bearer(accessToken),
    ...(payload ? { payload } : {}),
  });
}

async function rowsOf(userId: string) {
  const { rows } = (await billing.database.db.execute(
    `select (select count(*) from users where id = '${userId}')::int as users,
            (select count(*) from tags where user_id = '${userId}')::int as tags,
            (select count(*) from hidden_messages where user_id = '${userId}')::int as hidden,
            (select count(*) from snoozes where user_id = '${userId}')::int as snoozes,
            (select count(*) from done_marks where user_id = '${userId}')::int as done,
            (select count(*) from refresh_sessions where user_id = '${userId}')::int as sessions,
            (select count(*) from gathered_mention_days where user_id = '${userId}')::int as counts,
            (select count(*) from billing_customers where user_id = '${userId}')::int as customers`,
  )) as { rows: Record<string, number>[] };
  return rows[0];
}

describe('DELETE /api/account/delete', () => {
  it('asks an e-mail user for their password and refuses a wrong one, changing nothing', async () => {
    const { tokens } = await registerUser(billing.app);
    const before = await databaseDigest(billing.database);
    const missing = await remove(tokens.accessToken);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().code).toBe('PASSWORD_REQUIRED');
    const wrong = await remove(tokens.accessToken, { password: 'not my password' });
    expect(wrong.statusCode).toBe(403);
    expect(await databaseDigest(billing.database)).toEqual(before);
  });

  it('refuses with 409 ACTIVE_SUBSCRIPTION while subscribed, then deletes everything once cancelled', async () => {
    const { tokens, user, password } = await registerUser(billing.app);
    const token = tokens.accessToken;
    await billing.app.inject({
      method: 'POST',
      url: '/api/tags',
      headers: bearer(token),
      payload: { name: 'Urgent', color: '#EF4444' },
    });
    await billing.app.inject({
      method: 'POST',
      url: '/api/messages/hide',
      headers: bearer(token),
      payload: { platform: 'slack', platform_message_id: '1767225600.000100' },
    });
    await billing.app.inject({
      method: 'POST',
      url: '/api/snoozes',
      headers: bearer(token),
      payload: {
        messages: [{ platform: 'slack', platform_message_id: 'C1-1767225600.000200' }],
        until: new Date(Date.now() + 3_600_000).toISOString(),
      },
    });
    await billing.app.inject({
      method: 'POST',
      url: '/api/done',
      headers: bearer(token),
      payload: {
        messages: [{ platform: 'chatwork', platform_message_id: '5', thread_keys: ['chatwork:1:5'] }],
      },
    });
    await billing.database.db.execute(
      `insert into gathered_mention_days (user_id, connection_id, platform, day, count)
       values ('${user.id}', 'T0001', 'slack', current_date, 3)`,
    );
    await subscribe(billing, token, 'pro');
    const before = await databaseDigest(billing.database);
    const refused = await remove(token, { password });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'ACTIVE_SUBSCRIPTION' });
    expect(await databaseDigest(billing.database)).toEqual(before);

    await billing.app.inject({
      method: 'POST',
      url: '/api/stripe/cancel-subscription',
      headers: bearer(token),
      payload: { immediate: true },
    });
    await billing.webhooksSettled();
    expect(await rowsOf(user.id)).toMatchObject({
      users: 1,
      tags: 1,
      hidden: 1,
      snoozes: 1,
      done: 1,
      counts: 1,
      customers: 1,
    });
    const deleted = await remove(token, { password });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ success: true, message: 'Your account has been deleted.', data: null });
    expect(deleted.cookies.find((cookie) => cookie.name === 'matome_refresh')?.value).toBe('');
    expect(await rowsOf(user.id)).toEqual({
      users: 0,
      tags: 0,
      hidden: 0,
      snoozes: 0,
      done: 0,
      sessions: 0,
      counts: 0,
      customers: 0,
    });
    const customers = await billing.stripe.customers.list({ email: user.email });
    expect(customers.data).toEqual([]);
    const after = await billing.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
    expect(after.statusCode).toBe(401);
  });

  it('refuses a subscriber with 409 without looking at the password, so guesses learn nothing', async () => {
    const { tokens, user, password } = await registerUser(billing.app);
    await subscribe(billing, tokens.accessToken, 'pro');
    const answers = [];
    for (const guess of [...Array.from({ length: 10 }, (_, i) => `wrong guess ${i}`), password]) {
      const response = await remove(tokens.accessToken, { password: guess });
      answers.push(`${response.statusCode} ${response.json().code}`);
    }
    expect(new Set(answers)).toEqual(new Set(['409 ACTIVE_SUBSCRIPTION']));
    // No password was checked, so none was counted against the owner's sign-in.
    const login = await billing.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password },
      remoteAddress: nextAddress(),
    });
    expect(login.statusCode, login.body).toBe(200);
    expect(await rowsOf(user.id)).toMatchObject({ users: 1 });
  });

  it('refuses to delete a user without a password on the access token alone', async () => {
    const { tokens, user } = await registerUser(billing.app);
    await billing.database.db.execute(
      `update users set password_hash = null, oauth_provider = 'github' where id = '${user.id}'`,
    );
    const refused = await remove(tokens.accessToken);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('REAUTHENTICATION_REQUIRED');
    expect(await rowsOf(user.id)).toMatchObject({ users: 1 });
  });
});
