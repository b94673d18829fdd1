import { z } from 'zod/mini';
import { inputText } from './text.ts';

export const socialProviders = ['google', 'github'] as const;
export type SocialProvider = (typeof socialProviders)[number];

/** `GET /api/auth/{google|github}/status`: whether this server offers signing in with that provider. */
export const socialStatusSchema = z.object({ enabled: z.boolean() });
export type SocialStatus = z.infer<typeof socialStatusSchema>;

/** `POST /api/auth/oauth/exchange`: the single-use code `/auth/callback` found in its URL fragment. */
export const socialExchangeBodySchema = z.strictObject({
  code: inputText().check(z.minLength(20), z.maxLength(128)),
});
export type SocialExchangeBody = z.infer<typeof socialExchangeBodySchema>;
