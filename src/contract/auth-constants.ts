// Plain values of the auth contract, in a module without zod so the web app's first chunk can import them.

export const languages = ['en', 'jp'] as const;
export type Language = (typeof languages)[number];

export function isLanguage(value: unknown): value is Language {
  return languages.some((language) => language === value);
}

/** `?lang=jp` / `?lang=en` names a page's language in links that crawlers follow (hreflang alternates). */
export const LANGUAGE_QUERY_PARAMETER = 'lang';

/**
 * The visitor's chosen language, stored by the page beside its own copy so the server can send the landing page,
 * and every page's title and description, in that language from the first byte.
 */
export const LANGUAGE_COOKIE = 'matome_language';

/**
 * Requests that the refresh cookie authorises carry this header. A page on another site cannot add a custom
 * header without a CORS preflight, which this API never grants, so a forged cross-site request never passes.
 */
export const CSRF_HEADER = 'x-matome-csrf';
export const CSRF_HEADER_VALUE = '1';

/**
 * A cookie page scripts can read, set and cleared beside the HttpOnly refresh cookie: it says only that this
 * browser holds a session, so a visitor who never signed in is not sent a refresh request that must fail.
 */
export const SESSION_HINT_COOKIE = 'matome_session';

/** Access tokens live 15 minutes in the page's memory; the client renews them through the refresh cookie. */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
