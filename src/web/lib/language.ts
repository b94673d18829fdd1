import {
  LANGUAGE_COOKIE,
  LANGUAGE_QUERY_PARAMETER,
  isLanguage,
  type Language,
} from '../../contract/auth-constants.ts';

const LANGUAGE_STORAGE_KEY = 'matome.language';
const A_YEAR_IN_SECONDS = 365 * 24 * 60 * 60;

/** `jp` is the product's own code; HTML and Intl need the BCP 47 tag. */
export function toBcp47(language: Language): 'en' | 'ja' {
  return language === 'jp' ? 'ja' : 'en';
}

export function languageFromBrowser(browserLanguage: string | undefined): Language {
  return browserLanguage?.toLowerCase().startsWith('ja') ? 'jp' : 'en';
}

export function readStoredLanguage(): Language | null {
  try {
    const stored = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(stored) ? stored : null;
  } catch {
    return null;
  }
}

export function storeLanguage(language: Language): void {
  const secure = window.location.protocol === 'https:' ? '; secure' : '';
  document.cookie = `${LANGUAGE_COOKIE}=${language}; path=/; max-age=${A_YEAR_IN_SECONDS}; samesite=lax${secure}`;
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Storage can be unavailable (private mode, blocked cookies); the choice then lasts for this page only.
  }
}

/** The choice the server sees, when this browser keeps cookies. */
export function languageCookie(): Language | null {
  const value = document.cookie
    .split(';')
    .map((pair) => pair.trim().split('='))
    .find(([name]) => name === LANGUAGE_COOKIE)?.[1];
  return isLanguage(value) ? value : null;
}

/** A link that names its language (the sitemap's `?lang=jp`) shows the page in it, without changing the stored choice. */
export function languageFromAddress(): Language | null {
  const asked = new URLSearchParams(window.location.search).get(LANGUAGE_QUERY_PARAMETER);
  return isLanguage(asked) ? asked : null;
}

export function detectInitialLanguage(): Language {
  return languageFromAddress() ?? readStoredLanguage() ?? languageFromBrowser(window.navigator.language);
}
