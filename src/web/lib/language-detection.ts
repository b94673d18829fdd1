import type { Language } from '../../contract/auth.ts';
import { languageFromBrowser } from './language.ts';

/** SPEC §9: the location lookup gives up after 5 seconds. */
export const GEOLOCATION_TIMEOUT_MS = 5_000;

export interface LanguageDetectionDependencies {
  /** The visitor's stored choice, if any. */
  stored: Language | null;
  /** The configured reverse-geocoding service, or null to skip the location. */
  reverseGeocodingUrl: string | null;
  browserLanguage: string | undefined;
  geolocation?: Pick<Geolocation, 'getCurrentPosition'>;
  /** Whether the visitor already granted the location; the detection never asks for it. */
  locationGranted?: () => Promise<boolean>;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

function currentPosition(geolocation: Pick<Geolocation, 'getCurrentPosition'>, timeoutMs: number) {
  return new Promise<GeolocationPosition>((resolve, reject) =>
    geolocation.getCurrentPosition(resolve, reject, { timeout: timeoutMs, maximumAge: 3_600_000 }),
  );
}

async function countryFromLocation(
  dependencies: LanguageDetectionDependencies,
  url: string,
): Promise<string | null> {
  const timeoutMs = dependencies.timeoutMs ?? GEOLOCATION_TIMEOUT_MS;
  if (!dependencies.geolocation || !(await dependencies.locationGranted?.())) return null;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new Error('location lookup timed out')), timeoutMs);
  const { signal } = controller;
  try {
    const position = await Promise.race([
      currentPosition(dependencies.geolocation, timeoutMs),
      new Promise<never>((_, reject) => signal.addEventListener('abort', () => reject(signal.reason))),
    ]);
    return await lookUpCountry(url, position, signal, dependencies.fetch ?? fetch);
  } finally {
    clearTimeout(timer);
  }
}

async function lookUpCountry(
  url: string,
  position: GeolocationPosition,
  signal: AbortSignal,
  fetchFn: typeof fetch,
): Promise<string | null> {
  const address = new URL(url);
  address.searchParams.set('latitude', String(position.coords.latitude));
  address.searchParams.set('longitude', String(position.coords.longitude));
  address.searchParams.set('localityLanguage', 'en');
  const response = await fetchFn(address, { signal, credentials: 'omit' });
  if (!response.ok) return null;
  const body: unknown = await response.json();
  const country = (body as { countryCode?: unknown } | null)?.countryCode;
  return typeof country === 'string' ? country : null;
}

/**
 * SPEC §4 and §7: the stored choice; otherwise the country of the visitor's location when they granted it and a
 * service is configured (JP gives jp); otherwise a browser language starting with 'ja' gives jp; otherwise en.
 * Every failure of the location path falls back to the browser language without a word.
 */
export async function detectLanguage(dependencies: LanguageDetectionDependencies): Promise<Language> {
  if (dependencies.stored) return dependencies.stored;
  if (dependencies.reverseGeocodingUrl) {
    try {
      const country = await countryFromLocation(dependencies, dependencies.reverseGeocodingUrl);
      if (country !== null) return country.toUpperCase() === 'JP' ? 'jp' : 'en';
    } catch {
      // Denied, unavailable, too slow or unreadable: the browser language decides.
    }
  }
  return languageFromBrowser(dependencies.browserLanguage);
}

/** The detection for a visitor who made no choice, with this browser's own location and language. */
export function detectLanguageInBrowser(reverseGeocodingUrl: string): Promise<Language> {
  return detectLanguage({
    stored: null,
    reverseGeocodingUrl,
    browserLanguage: window.navigator.language,
    geolocation: window.navigator.geolocation,
    locationGranted: async () =>
      (await window.navigator.permissions?.query({ name: 'geolocation' }))?.state === 'granted',
  });
}
