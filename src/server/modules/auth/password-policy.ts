import { HttpError } from '../../lib/http-error.ts';

/**
 * NIST SP 800-63B §3.1.1.2: no composition rules, but a new password is refused when it is on a list of commonly
 * used, expected or compromised values. The list is zxcvbn's (passwords most often found in public breaches),
 * shipped in the npm package, so nothing is fetched at run time; compared without letter case.
 */
let commonPasswords: Promise<ReadonlySet<string>> | undefined;

/** Loaded on the first password someone chooses, not at start: the list takes time and memory few requests need. */
function loadCommonPasswords(): Promise<ReadonlySet<string>> {
  commonPasswords ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) => new Set(dictionary['passwords-common'].map((value) => value.toLowerCase())),
  );
  return commonPasswords;
}
/** Words this service and its users are guessed with first. */
const serviceWords = ['matome', 'まとめ'];

/** Throws 400 `PASSWORD_TOO_COMMON`, naming `field` as validation errors do, for a password to refuse. */
export async function assertAcceptablePassword(
  password: string,
  context: { email: string; field: string },
): Promise<void> {
  const folded = password.normalize('NFKC').toLowerCase();
  const localPart = context.email.split('@')[0] ?? '';
  if (
    (await loadCommonPasswords()).has(folded) ||
    folded === context.email ||
    folded === localPart ||
    serviceWords.some((word) => folded === word || folded.replace(/[\d\W_]+$/u, '') === word)
  ) {
    throw new HttpError(
      400,
      `${context.field}: this password is too common or easy to guess; please choose another`,
      'PASSWORD_TOO_COMMON',
    );
  }
}
