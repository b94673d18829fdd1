import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { isLanguage, type Language } from '../../contract/auth-constants.ts';
import type { strings as englishAccountStrings } from '../locales/en-account.ts';
import type { strings as englishAppStrings } from '../locales/en-app.ts';
import type { strings as englishAuthStrings } from '../locales/en-auth.ts';
import type { strings as englishBillingStrings } from '../locales/en-billing.ts';
import type { strings as englishFrameStrings } from '../locales/en.ts';
import { detectLanguageInBrowser } from './language-detection.ts';
import {
  detectInitialLanguage,
  languageFromAddress,
  readStoredLanguage,
  storeLanguage,
  toBcp47,
} from './language.ts';
import { reverseGeocodingUrl } from './page-config.ts';

export type Strings = typeof englishFrameStrings &
  typeof englishAuthStrings &
  typeof englishBillingStrings &
  typeof englishAppStrings &
  typeof englishAccountStrings;

type StringLoader = () => Promise<{ strings: Partial<Strings> }>;

/**
 * Only the language on screen is downloaded; the other arrives when the user switches (docs/decisions/095). Each
 * language comes in parts (docs/decisions/126, 166 and 168): what every screen's frame shows, before the first
 * render; then with the first screen that needs them, the sign-in pages', the pricing pages', the app's screens'
 * (the account menu's among them), and the account page's own settings.
 */
const stringLoaders: Record<StringPart, Record<Language, StringLoader>> = {
  frame: { en: () => import('../locales/en.ts'), jp: () => import('../locales/jp.ts') },
  auth: { en: () => import('../locales/en-auth.ts'), jp: () => import('../locales/jp-auth.ts') },
  billing: { en: () => import('../locales/en-billing.ts'), jp: () => import('../locales/jp-billing.ts') },
  app: { en: () => import('../locales/en-app.ts'), jp: () => import('../locales/jp-app.ts') },
  account: { en: () => import('../locales/en-account.ts'), jp: () => import('../locales/jp-account.ts') },
};
/**
 * What a lazy screen asks for; the frame's strings are always there. Of the app's screens only the account page
 * shows the sign-in pages' strings (password, sessions) and the pricing pages' (its plan), and its own.
 */
export type ScreenStrings = 'auth' | 'billing' | 'app' | 'account';
type StringPart = 'frame' | ScreenStrings;
const partsOf: Record<ScreenStrings, StringPart[]> = {
  auth: ['auth'],
  billing: ['billing'],
  app: ['app'],
  account: ['auth', 'billing', 'app', 'account'],
};
const loading = new Map<string, Promise<void>>();
const wanted = new Set<StringPart>(['frame']);

export const i18n = i18next.createInstance();

i18n.on('languageChanged', (language) => {
  if (isLanguage(language)) document.documentElement.lang = toBcp47(language);
});

function loadPart(part: keyof typeof stringLoaders, language: Language): Promise<void> {
  const key = `${part}:${language}`;
  let loaded = loading.get(key);
  if (!loaded) {
    loaded = stringLoaders[part][language]().then(({ strings }) => {
      for (const [namespace, bundle] of Object.entries(strings))
        i18n.addResourceBundle(language, namespace, bundle);
    });
    // A failed download (a dropped connection) may be tried again by the next screen.
    loaded.catch(() => loading.delete(key));
    loading.set(key, loaded);
  }
  return loaded;
}

async function loadStrings(language: Language): Promise<void> {
  await Promise.all([...wanted].map((part) => loadPart(part, language)));
  // A screen may have asked for more strings while these were on their way.
  await Promise.all([...wanted].map((part) => loadPart(part, language)));
}

/** The strings a screen shows past the frame's, in the language on screen; lazy routes wait for them. */
export function loadScreenStrings(screen: ScreenStrings): Promise<void> {
  const parts = partsOf[screen];
  for (const each of parts) wanted.add(each);
  // The router may ask before i18next has settled on the language (src/web/main.tsx): the one it will settle on.
  const language = isLanguage(i18n.language) ? i18n.language : detectInitialLanguage();
  return Promise.all(parts.map((each) => loadPart(each, language))).then(() => undefined);
}

/** Resolves once the strings of the user's language are in: the app renders after it. */
export const i18nReady: Promise<void> = (async () => {
  const language = detectInitialLanguage();
  await i18n.use(initReactI18next).init({
    lng: language,
    // Both languages hold every key (scripts check it), so no second language is loaded as a fallback.
    fallbackLng: false,
    supportedLngs: ['en', 'jp'],
    defaultNS: 'common',
    ns: ['common'],
    partialBundledLanguages: true,
    resources: {},
    interpolation: { escapeValue: false },
  });
  await loadStrings(language);
  // Components read the bundle added after init; tell them it is there.
  await i18n.changeLanguage(language);
})();

/**
 * A first visit starts in the browser's language; where the operator configured a reverse-geocoding service and the
 * visitor already granted their location, the country may then switch it (SPEC §4). A choice is never overridden.
 */
const geocodingUrl = reverseGeocodingUrl();
if (geocodingUrl && !languageFromAddress() && !readStoredLanguage()) {
  void detectLanguageInBrowser(geocodingUrl).then((detected) => {
    if (!readStoredLanguage() && detected !== i18n.language) void showIn(detected);
  });
}

export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : 'en';
}

async function showIn(language: Language): Promise<void> {
  await loadStrings(language);
  await i18n.changeLanguage(language);
}

export async function changeLanguage(language: Language): Promise<void> {
  storeLanguage(language);
  await showIn(language);
}
