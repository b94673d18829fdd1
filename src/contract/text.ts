import { z } from 'zod/mini';

export const ILL_FORMED_TEXT_MESSAGE = 'must not contain NUL characters or unpaired surrogates';

/**
 * Text PostgreSQL can store exactly: no NUL (a text value cannot hold one) and no lone UTF-16 surrogate (it would
 * be stored as U+FFFD, so `a\ud800b` and `a\udc00b` would become the same value).
 */
export function isWellFormedText(value: string): boolean {
  return !value.includes('\u0000') && value.isWellFormed();
}

/**
 * The string schema for every string a caller sends (bodies, path ids, query values): refuses ill-formed text
 * with a 400 before anything else looks at it. Chain `.trim()`, `.min()`, `.max()` and the rest as on `z.string()`.
 */
export function inputText() {
  return z.string().check(z.refine(isWellFormedText, { message: ILL_FORMED_TEXT_MESSAGE }));
}
