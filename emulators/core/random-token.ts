import { randomBytes } from 'node:crypto';

export function randomToken(bytes: number): string {
  return randomBytes(bytes).toString('base64url');
}
