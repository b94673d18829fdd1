import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { isLanguage, type Language } from '../../contract/auth-constants.ts';
import type { strings as englishAppStrings } from '../locales/en-app.ts';
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

export type Strings = typeof englishFrameStrings & typeof englishAppStrings;

type StringLoader = () => Promise<{ strings: Partial<Strings> }>;

/**
 * Only the language on screen is downloaded; the other arrives when the user switches (docs/decisions/095). Each
 * language comes in two parts (docs/decisions/126): what every screen's frame shows, before the first render, and the
 * rest of the app's screens, with the first of them.
 */
const stringLoaders: Record<'frame' | 'app', Record<Language, StringLoader>> = {
  frame: { en: () => import('../locales/en.ts'), jp: () => import('../locales/jp.ts') },
  app: { en: () => import('../locales/en-app.ts'), jp: () => import('../locales/jp-app.ts') },
};
const loading = new Map<string, Promise<void>>();
let appStringsWanted = false;

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
  await Promise.all([loadPart('frame', language), appStringsWanted && loadPart('app', language)]);
  // A screen may have asked for the app's strings while the frame's were on their way.
  if (appStringsWanted) await loadPart('app', language);
}

/** The strings of the screens past the frame's, in the language on screen; lazy routes wait for them. */
export function loadAppStrings(): Promise<void> {
  appStringsWanted = true;
  return loadPart('app', currentLanguage());
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
