import { expect } from 'vitest';
import { bearer, nextAddress } from './auth-helpers.ts';
import type { TestApp } from './test-app.ts';

/** The session family (`sid`) an access token belongs to. */
export function sessionOf(accessToken: string): string {
  return JSON.parse(Buffer.from(accessToken.split('.')[1]!, 'base64url').toString()).sid;
}

/** Ends two sign-ins the two ways a sign-in ends: one signs out, the other's session expires. */
export async function endSignIns(testApp: TestApp, sign: { signOut: string; expire: string }): Promise<void> {
  const signOut = await testApp.app.inject({
    method: 'DELETE',
    url: `/api/auth/sessions/${sessionOf(sign.signOut)}`,
    headers: bearer(sign.signOut),
    remoteAddress: nextAddress(),
  });
  expect(signOut.statusCode, signOut.body).toBe(204);
  await testApp.database.db.execute(
    `update auth_sessions set expires_at = now() - interval '1 second' where id = '${sessionOf(sign.expire)}'`,
  );
}
