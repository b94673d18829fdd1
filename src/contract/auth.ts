import { z } from 'zod';
import { inputText } from './text.ts';

export const planTypes = ['free', 'pro', 'proplus'] as const;
export const planTypeSchema = z.enum(planTypes);
export type PlanType = z.infer<typeof planTypeSchema>;

export const oauthProviders = ['google', 'github'] as const;

export const PASSWORD_MIN_LENGTH = 6;
/** argon2 input stays bounded so a huge password cannot be used to burn CPU. */
export const PASSWORD_MAX_LENGTH = 200;
export const NAME_MAX_LENGTH = 100;
export const EMAIL_MAX_LENGTH = 254;

export const emailSchema = inputText()
  .trim()
  .toLowerCase()
  .max(EMAIL_MAX_LENGTH)
  .pipe(z.email({ message: 'must be a valid email address' }));

export const userSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  name: z.string(),
  planType: planTypeSchema,
  onboardingCompleted: z.boolean(),
  onboardingStep: z.number().int(),
  isFirstLogin: z.boolean(),
  oauthProvider: z.enum(oauthProviders).optional(),
  isDemo: z.boolean(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type User = z.infer<typeof userSchema>;

export const tokensSchema = z.object({
  accessToken: z.string(),
  refreshToken: z.string(),
});
export type Tokens = z.infer<typeof tokensSchema>;

export const registerBodySchema = z.strictObject({
  email: emailSchema,
  password: inputText().min(PASSWORD_MIN_LENGTH).max(PASSWORD_MAX_LENGTH),
  name: inputText().trim().min(1).max(NAME_MAX_LENGTH),
});
export type RegisterBody = z.input<typeof registerBodySchema>;

export const loginBodySchema = z.strictObject({
  email: emailSchema,
  password: inputText().min(1).max(PASSWORD_MAX_LENGTH),
});
export type LoginBody = z.input<typeof loginBodySchema>;

export const refreshBodySchema = z.strictObject({
  refreshToken: inputText().min(1).max(200),
});

/** The body is optional: Fastify hands a bodiless request to validation as null. */
export const logoutBodySchema = z
  .strictObject({
    refreshToken: inputText().min(1).max(200).optional(),
  })
  .nullish();

export const authResponseSchema = z.object({ user: userSchema, tokens: tokensSchema });
export type AuthResponse = z.infer<typeof authResponseSchema>;
export const meResponseSchema = z.object({ user: userSchema });
export const refreshResponseSchema = z.object({ tokens: tokensSchema });

/** Access tokens are long-lived: the client refreshes when 12 hours or less remain (SPEC §4). */
export const ACCESS_TOKEN_TTL_SECONDS = 24 * 60 * 60;
export const REFRESH_TOKEN_TTL_SECONDS = 30 * 24 * 60 * 60;

export const accessTokenClaimsSchema = z.object({
  sub: z.string(),
  userId: z.string(),
  exp: z.number(),
});

export const languages = ['en', 'jp'] as const;
export type Language = (typeof languages)[number];
