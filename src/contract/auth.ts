import { z } from 'zod/mini';
import { languages } from './auth-constants.ts';
import { inputText } from './text.ts';

export const planTypes = ['free', 'pro', 'proplus'] as const;
export const planTypeSchema = z.enum(planTypes);
export type PlanType = z.infer<typeof planTypeSchema>;

export const oauthProviders = ['google', 'github'] as const;

/** NIST SP 800-63B §3.1.1.2: at least 8 characters, at least 64 allowed (decision 064). */
export const PASSWORD_MIN_LENGTH = 8;
/** argon2 input stays bounded so a huge password cannot be used to burn CPU. */
export const PASSWORD_MAX_LENGTH = 128;
/** Sign-in accepts passwords set under the older, longer bound. */
const LOGIN_PASSWORD_MAX_LENGTH = 200;
export const NAME_MAX_LENGTH = 100;
export const EMAIL_MAX_LENGTH = 254;

export const emailSchema = z.pipe(
  inputText().check(z.trim(), z.toLowerCase(), z.maxLength(EMAIL_MAX_LENGTH)),
  z.email({ message: 'must be a valid email address' }),
);

/** Length in characters as people count them (code points), not UTF-16 units. */
const characterCount = (value: string) => [...value].length;

/** A password being chosen (registration, change, reset). The server also refuses common and breached ones. */
export const newPasswordSchema = inputText().check(
  z.refine((value) => characterCount(value) >= PASSWORD_MIN_LENGTH, {
    message: `must be at least ${PASSWORD_MIN_LENGTH} characters`,
  }),
  z.refine((value) => characterCount(value) <= PASSWORD_MAX_LENGTH, {
    message: `must be at most ${PASSWORD_MAX_LENGTH} characters`,
  }),
);

export { languages, type Language } from './auth-constants.ts';
export const languageSchema = z.enum(languages);

export const userSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  /** Whether the owner confirmed they receive mail at `email`. */
  emailVerified: z.boolean(),
  name: z.string(),
  planType: planTypeSchema,
  onboardingCompleted: z.boolean(),
  onboardingStep: z.int(),
  isFirstLogin: z.boolean(),
  oauthProvider: z.optional(z.enum(oauthProviders)),
  isDemo: z.boolean(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type User = z.infer<typeof userSchema>;

/**
 * What the page script holds: the access token, in memory only. The refresh token travels only in the HttpOnly
 * `matome_refresh` cookie (decision 062).
 */
export const tokensSchema = z.object({ accessToken: z.string() });
export type Tokens = z.infer<typeof tokensSchema>;

export const registerBodySchema = z.strictObject({
  email: emailSchema,
  password: newPasswordSchema,
  name: inputText().check(z.trim(), z.minLength(1), z.maxLength(NAME_MAX_LENGTH)),
  /** The language of the confirmation e-mail; English when absent. */
  language: z.optional(languageSchema),
});
export type RegisterBody = z.input<typeof registerBodySchema>;

export const loginBodySchema = z.strictObject({
  email: emailSchema,
  password: inputText().check(z.minLength(1), z.maxLength(LOGIN_PASSWORD_MAX_LENGTH)),
});
export type LoginBody = z.input<typeof loginBodySchema>;

export const authResponseSchema = z.object({ user: userSchema, tokens: tokensSchema });
export type AuthResponse = z.infer<typeof authResponseSchema>;
export const meResponseSchema = z.object({ user: userSchema });
/**
 * A renewal names the user too, so a page starting up needs no `/auth/me` one round trip later (docs/decisions/173);
 * optional, so a page of this version still works with a server from before it.
 */
export const refreshResponseSchema = z.object({ tokens: tokensSchema, user: z.optional(userSchema) });
/** An answer that says only what happens next ("check your inbox"), the same whatever the account's state. */
export const acceptedResponseSchema = z.object({ message: z.string() });

export { ACCESS_TOKEN_TTL_SECONDS } from './auth-constants.ts';

export { CSRF_HEADER, CSRF_HEADER_VALUE } from './auth-constants.ts';

export const accessTokenClaimsSchema = z.object({
  sub: z.string(),
  userId: z.string(),
  exp: z.number(),
});
