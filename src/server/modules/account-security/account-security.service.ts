import { createHash, randomBytes } from 'node:crypto';
import {
  EMAIL_CONFIRMATION_TTL_HOURS,
  PASSWORD_RESET_TTL_MINUTES,
  type VerifyEmailResponse,
} from '../../../contract/account-security.ts';
import type { Language } from '../../../contract/auth.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { Mailer } from '../../lib/mailer.ts';
import type { AccessTokenSubject } from '../auth/access-tokens.ts';
import type { SignInProvider } from '../auth/auth.repo.ts';
import type { AuthService, SignedIn } from '../auth/auth.service.ts';
import type { ClientInfo } from '../../lib/client-info.ts';
import type { EmailTokensRepo } from './email-tokens.repo.ts';
import { mailTemplates } from './mail-templates.ts';

const HOUR_MS = 60 * 60_000;
const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url');
const invalidLink = () =>
  new HttpError(400, 'This link has expired or was already used. Please ask for a new one.', 'INVALID_LINK');
const demoRestricted = () =>
  new HttpError(
    403,
    'The demo accounts are shared, so their sign-in details cannot change',
    'DEMO_RESTRICTED',
  );

/** What every registration answers, whether or not the address already has an account (decision 066). */
export const REGISTRATION_ACCEPTED =
  'Check your inbox: we sent a link to confirm your email address and finish signing up.';
export const RESET_REQUESTED = 'If an account uses this address, we sent it a link to reset the password.';
export const EMAIL_CHANGE_REQUESTED = 'We sent a link to the new address. Open it to confirm the change.';
export const VERIFICATION_SENT = 'We sent a new confirmation link to your email address.';

export type AccountSecurityDeps = {
  tokens: EmailTokensRepo;
  auth: AuthService;
  mailer: Mailer;
  publicUrl: string;
  clock: () => number;
};

/**
 * Everything that proves or changes how a person signs in through their mailbox: confirming the address at
 * sign-up and on change, resetting a forgotten password, changing the password. Links carry a random token (only
 * its hash is stored), work once, and travel in the URL fragment so they reach no server log.
 */
export function createAccountSecurityService(deps: AccountSecurityDeps) {
  const { tokens, auth, mailer } = deps;
  const link = (page: string, token: string) => `${deps.publicUrl}/${page}#token=${token}`;

  async function issue(
    values: {
      purpose: 'register' | 'verify_email' | 'reset_password';
      email: string;
      userId?: string;
      name?: string;
      passwordHash?: string;
      language: Language;
    },
    ttlMs: number,
  ): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    const now = deps.clock();
    await tokens.insert(
      { ...values, tokenHash: sha256(token), expiresAt: new Date(now + ttlMs) },
      new Date(now),
    );
    return token;
  }

  async function sendAddressConfirmation(
    user: { id: string; name: string },
    email: string,
    language: Language,
  ): Promise<void> {
    const token = await issue(
      { purpose: 'verify_email', email, userId: user.id, language },
      EMAIL_CONFIRMATION_TTL_HOURS * HOUR_MS,
    );
    mailer.deliver({
      to: email,
      purpose: 'confirm address',
      ...mailTemplates.confirmNewAddress(language, {
        name: user.name,
        link: link('verify-email', token),
        hours: EMAIL_CONFIRMATION_TTL_HOURS,
      }),
    });
  }

  /** Taking an unconfirmed address back removed sign-ins someone else may have linked: the owner hears which. */
  function tellAboutUnlinkedSignIns(
    user: { name: string; email: string },
    unlinked: readonly SignInProvider[],
    language: Language,
  ): void {
    if (unlinked.length === 0) return;
    mailer.deliver({
      to: user.email,
      purpose: 'sign-ins unlinked',
      ...mailTemplates.signInsUnlinked(language, { name: user.name, providers: [...new Set(unlinked)] }),
    });
  }

  return {
    /**
     * A sign-up. Nothing tells the caller whether the address is taken: a new address gets a confirmation link
     * (the account is created when it is followed), a taken one a note to its owner; both answer the same.
     */
    async register(input: { email: string; password: string; name: string; language?: Language }) {
      const language = input.language ?? 'en';
      // Hashed either way, so both outcomes take as long.
      const passwordHash = await auth.hashNewPassword(input.password, {
        email: input.email,
        field: 'body.password',
      });
      const existing = await auth.findUserByEmail(input.email);
      if (existing) {
        mailer.deliver({
          to: input.email,
          purpose: 'already registered',
          ...mailTemplates.alreadyRegistered(language, {
            loginLink: `${deps.publicUrl}/login`,
            resetLink: `${deps.publicUrl}/forgot-password`,
          }),
        });
        return;
      }
      const token = await issue(
        { purpose: 'register', email: input.email, name: input.name, passwordHash, language },
        EMAIL_CONFIRMATION_TTL_HOURS * HOUR_MS,
      );
      mailer.deliver({
        to: input.email,
        purpose: 'confirm registration',
        ...mailTemplates.confirmRegistration(language, {
          name: input.name,
          link: link('verify-email', token),
          hours: EMAIL_CONFIRMATION_TTL_HOURS,
        }),
      });
    },

    /** Follows a confirmation link: creates and signs in a confirmed sign-up, or confirms a changed address. */
    async verifyEmail(
      token: string,
      client: ClientInfo,
    ): Promise<{ response: VerifyEmailResponse; signedIn: SignedIn | null }> {
      const row = await tokens.take(sha256(token), ['register', 'verify_email'], new Date(deps.clock()));
      if (!row) throw invalidLink();
      if (row.purpose === 'register') {
        const user = await auth.createConfirmedUser({
          email: row.email,
          name: row.name ?? '',
          passwordHash: row.passwordHash ?? '',
        });
        // The address got an account meanwhile (another sign-up link for it was followed first).
        if (!user) throw invalidLink();
        const signedIn = await auth.signIn(user.id, client);
        return { response: { user, tokens: { accessToken: signedIn.accessToken } }, signedIn };
      }
      if (!row.userId) throw invalidLink();
      const { confirmed, unlinked } = await auth.confirmEmail(row.userId, row.email);
      if (!confirmed) throw invalidLink();
      const user = await auth.getUser(row.userId);
      tellAboutUnlinkedSignIns(user, unlinked, row.language);
      return { response: { user }, signedIn: null };
    },

    /** A new confirmation link for the signed-in user's current, unconfirmed address. */
    async resendVerification(userId: string, language: Language = 'en'): Promise<void> {
      const user = await auth.getUser(userId);
      if (user.emailVerified) {
        throw new HttpError(409, 'Your email address is already confirmed', 'ALREADY_VERIFIED');
      }
      await sendAddressConfirmation(user, user.email, language);
    },

    /** Starts moving the account to another address: nothing changes until the link sent there is followed. */
    async changeEmail(
      subject: AccessTokenSubject,
      input: { newEmail: string; password: string; language?: Language },
    ): Promise<void> {
      const language = input.language ?? 'en';
      const user = await auth.getUser(subject.userId);
      if (user.isDemo) throw demoRestricted();
      await auth.confirmPassword(user.id, input.password);
      if (input.newEmail === user.email) {
        throw new HttpError(400, 'body.newEmail: is already your email address', 'VALIDATION_ERROR');
      }
      if (await auth.findUserByEmail(input.newEmail)) {
        mailer.deliver({
          to: input.newEmail,
          purpose: 'address in use',
          ...mailTemplates.addressInUse(language),
        });
        return;
      }
      await sendAddressConfirmation(user, input.newEmail, language);
    },

    async changePassword(
      subject: AccessTokenSubject,
      input: { currentPassword: string; newPassword: string },
    ): Promise<void> {
      if ((await auth.getUser(subject.userId)).isDemo) throw demoRestricted();
      await auth.changePassword(subject, input);
    },

    /** Sends a reset link when an account (other than a shared demo one) uses the address; answers the same either way. */
    async requestPasswordReset(input: { email: string; language?: Language }): Promise<void> {
      const user = await auth.findUserByEmail(input.email);
      if (!user || user.isDemo) return;
      const language = input.language ?? 'en';
      const token = await issue(
        { purpose: 'reset_password', email: user.email, userId: user.id, language },
        PASSWORD_RESET_TTL_MINUTES * 60_000,
      );
      mailer.deliver({
        to: user.email,
        purpose: 'reset password',
        ...mailTemplates.resetPassword(language, {
          name: user.name,
          link: link('reset-password', token),
          minutes: PASSWORD_RESET_TTL_MINUTES,
        }),
      });
    },

    /** Sets a new password through a reset link: the address counts as confirmed and every session ends. */
    async resetPassword(input: { token: string; password: string }): Promise<void> {
      const tokenHash = sha256(input.token);
      const found = await tokens.find(tokenHash, 'reset_password', new Date(deps.clock()));
      if (!found?.userId) throw invalidLink();
      // A refused password leaves the link usable for a better one.
      const passwordHash = await auth.hashNewPassword(input.password, {
        email: found.email,
        field: 'body.password',
      });
      const row = await tokens.take(tokenHash, ['reset_password'], new Date(deps.clock()));
      if (!row?.userId) throw invalidLink();
      const user = await auth.getUser(row.userId);
      // The address may have changed since the link was sent; the link proved only the old one.
      if (user.email !== row.email) throw invalidLink();
      const unlinked = await auth.resetPassword(user.id, user.email, passwordHash);
      await tokens.deleteForUser(user.id, 'reset_password');
      tellAboutUnlinkedSignIns(user, unlinked, row.language);
    },
  };
}

export type AccountSecurityService = ReturnType<typeof createAccountSecurityService>;
