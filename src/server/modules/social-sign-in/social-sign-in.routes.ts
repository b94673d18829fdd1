import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authResponseSchema } from '../../../contract/auth.ts';
import { connectResponseSchema, oauthCallbackQuerySchema } from '../../../contract/connections.ts';
import { apiErrorSchema } from '../../../contract/errors.ts';
import {
  socialExchangeBodySchema,
  socialProviders,
  socialStatusSchema,
} from '../../../contract/social-sign-in.ts';
import { clientOf } from '../../lib/client-info.ts';
import { createRateLimit } from '../../lib/rate-limit.ts';
import { logSecurityEvent } from '../../lib/security-events.ts';
import type { AuthCookies } from '../auth/auth-cookies.ts';
import type { AuthService } from '../auth/auth.service.ts';
import { readOAuthBinding, setOAuthBinding } from '../oauth-flows/oauth-binding-cookie.ts';
import type { SocialSignInService } from './social-sign-in.service.ts';

/** Sign-ins started and handoffs tried per client address and 15 minutes: a person retrying, not a script. */
export const SOCIAL_SIGN_IN_PER_ADDRESS = { points: 60, durationSeconds: 15 * 60 };
const names = { google: 'Google', github: 'GitHub' } as const;

export type SocialSignInRoutesDeps = {
  service: SocialSignInService;
  auth: AuthService;
  cookies: AuthCookies;
  secureCookies: boolean;
};

/** `/api/auth/{google|github}/…` and the handoff exchange (decision 101). */
export function socialSignInRoutes(deps: SocialSignInRoutesDeps) {
  const { service } = deps;
  return async function register(app: FastifyInstance): Promise<void> {
    const perAddress = createRateLimit(SOCIAL_SIGN_IN_PER_ADDRESS);
    const routes = app.withTypeProvider<ZodTypeProvider>();

    for (const provider of socialProviders) {
      const name = names[provider];
      routes.get(
        `/${provider}/status`,
        {
          schema: {
            tags: ['auth'],
            summary: `Whether this server offers signing in with ${name}`,
            response: { 200: socialStatusSchema },
          },
        },
        async () => ({ enabled: service.isEnabled(provider) }),
      );

      routes.post(
        `/${provider}/connect`,
        {
          schema: {
            tags: ['auth'],
            summary: `Start signing in with ${name}: the consent page to send the browser to`,
            description:
              'Sets the HttpOnly browser-binding cookie the callback requires. 409 `PROVIDER_NOT_CONFIGURED` without client credentials, 429 `TOO_MANY_PENDING_CONSENTS` with 10 sign-ins already open in this browser.',
            response: { 200: connectResponseSchema, 409: apiErrorSchema, 429: apiErrorSchema },
          },
        },
        async (request, reply) => {
          await perAddress.consume(request.ip);
          const { authUrl, binding } = await service.start(provider, readOAuthBinding(request));
          setOAuthBinding(reply, binding, deps.secureCookies);
          return { authUrl };
        },
      );

      routes.get(
        `/${provider}/callback`,
        {
          schema: {
            tags: ['auth'],
            summary: `Where ${name}'s consent page returns; redirects to /auth/callback or to the login page with the error`,
            description:
              'Accepted only in the browser that started the sign-in. On success the redirect carries a single-use code in the URL fragment, never a token.',
            querystring: oauthCallbackQuerySchema,
          },
        },
        async (request, reply) => {
          const { location, outcome } = await service.callback(
            provider,
            request.query,
            readOAuthBinding(request),
          );
          logSecurityEvent(request, { event: 'social_sign_in', provider, outcome });
          return reply.header('cache-control', 'no-store').redirect(location, 302);
        },
      );
    }

    routes.post(
      '/oauth/exchange',
      {
        schema: {
          tags: ['auth'],
          summary: 'Trade the single-use code of a Google or GitHub sign-in for the session',
          description:
            'Works once, within a minute, from the browser the sign-in started in (its binding cookie). Sets the HttpOnly `matome_refresh` cookie like a password sign-in. 401 `SIGN_IN_EXPIRED` otherwise.',
          body: socialExchangeBodySchema,
          response: {
            200: authResponseSchema,
            400: apiErrorSchema,
            401: apiErrorSchema,
            429: apiErrorSchema,
          },
        },
      },
      async (request, reply) => {
        await perAddress.consume(request.ip);
        const userId = await service.exchange(request.body.code, readOAuthBinding(request));
        const signedIn = await deps.auth.signIn(userId, clientOf(request));
        logSecurityEvent(request, { event: 'signed_in', userId });
        reply.header('cache-control', 'no-store');
        return { user: await deps.auth.getUser(userId), tokens: deps.cookies.sendSignedIn(reply, signedIn) };
      },
    );
  };
}
