import { z } from 'zod/mini';
import { inputText } from './text.ts';
import { emailSchema, languageSchema, newPasswordSchema, tokensSchema, userSchema } from './auth.ts';

/** A link's token as the web page found it in the link's fragment. */
const emailLinkTokenSchema = inputText().check(z.minLength(1), z.maxLength(200));
const currentPasswordSchema = inputText().check(z.minLength(1), z.maxLength(200));

export const verifyEmailBodySchema = z.strictObject({ token: emailLinkTokenSchema });
/** A confirmed sign-up is signed in at once (`tokens`); a confirmed address change only updates the user. */
export const verifyEmailResponseSchema = z.object({ user: userSchema, tokens: z.optional(tokensSchema) });
export type VerifyEmailResponse = z.infer<typeof verifyEmailResponseSchema>;

/** The body is optional: Fastify hands a bodiless request to validation as null. */
export const resendVerificationBodySchema = z.nullish(
  z.strictObject({ language: z.optional(languageSchema) }),
);

export const passwordResetRequestBodySchema = z.strictObject({
  email: emailSchema,
  language: z.optional(languageSchema),
});
export type PasswordResetRequestBody = z.input<typeof passwordResetRequestBodySchema>;

export const passwordResetBodySchema = z.strictObject({
  token: emailLinkTokenSchema,
  password: newPasswordSchema,
});
export type PasswordResetBody = z.input<typeof passwordResetBodySchema>;

export const changePasswordBodySchema = z.strictObject({
  currentPassword: currentPasswordSchema,
  newPassword: newPasswordSchema,
});

export const changeEmailBodySchema = z.strictObject({
  newEmail: emailSchema,
  password: currentPasswordSchema,
  language: z.optional(languageSchema),
});

/** How long the links in account e-mails work. */
export const EMAIL_CONFIRMATION_TTL_HOURS = 24;
export const PASSWORD_RESET_TTL_MINUTES = 60;
