import { DrizzleQueryError } from 'drizzle-orm';

/** PostgreSQL error codes; node-postgres and PGlite both report them, and Drizzle wraps the error as its `cause`. */
const pgErrorCodes = { uniqueViolation: '23505', foreignKeyViolation: '23503' } as const;

function hasPgCode(error: unknown, code: string): boolean {
  let current = error;
  while (typeof current === 'object' && current !== null) {
    if ('code' in current && current.code === code) return true;
    current = 'cause' in current ? current.cause : undefined;
  }
  return false;
}

export function isUniqueViolation(error: unknown): boolean {
  return hasPgCode(error, pgErrorCodes.uniqueViolation);
}

export function isForeignKeyViolation(error: unknown): boolean {
  return hasPgCode(error, pgErrorCodes.foreignKeyViolation);
}

/**
 * The statement of a failed query, without the values bound to it (they hold hashes, tokens and addresses), or
 * undefined when the error is not a failed query.
 */
export function failedStatementOf(error: unknown): string | undefined {
  return error instanceof DrizzleQueryError ? error.query : undefined;
}
