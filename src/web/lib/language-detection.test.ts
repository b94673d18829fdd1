import { afterEach, describe, expect, it, vi } from 'vitest';
import { detectLanguage, type LanguageDetectionDependencies } from './language-detection.ts';

const URL_BASE = 'https://geo.example.com/reverse';

function position(latitude: number, longitude: number): GeolocationPosition {
  return { coords: { latitude, longitude } } as GeolocationPosition;
}

function dependencies(overrides: Partial<LanguageDetectionDependencies> = {}): LanguageDetectionDependencies {
  return {
    stored: null,
    reverseGeocodingUrl: URL_BASE,
    browserLanguage: 'en-US',
    geolocation: { getCurrentPosition: (resolve) => resolve(position(35.68, 139.76)) },
    locationGranted: async () => true,
    fetch: vi.fn(async () => new Response(JSON.stringify({ countryCode: 'JP' }))),
    ...overrides,
  };
}

afterEach(() => vi.useRealTimers());

describe('detectLanguage', () => {
  it('keeps the stored choice without looking anywhere else', async () => {
    const deps = dependencies({ stored: 'en' });
    expect(await detectLanguage(deps)).toBe('en');
    expect(deps.fetch).not.toHaveBeenCalled();
  });

  it('asks the configured service for the country of a granted location: JP gives jp', async () => {
    const deps = dependencies();
    expect(await detectLanguage(deps)).toBe('jp');
    const url = new URL(String(vi.mocked(deps.fetch!).mock.calls[0]![0]));
    expect(url.origin + url.pathname).toBe(URL_BASE);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      latitude: '35.68',
      longitude: '139.76',
      localityLanguage: 'en',
    });
  });

  it('gives en for another country, even with a Japanese browser', async () => {
    const deps = dependencies({
      browserLanguage: 'ja-JP',
      fetch: vi.fn(async () => new Response(JSON.stringify({ countryCode: 'FR' }))),
    });
    expect(await detectLanguage(deps)).toBe('en');
  });

  it.each([
    ['no service configured', { reverseGeocodingUrl: null }],
    ['the location not granted', { locationGranted: async () => false }],
    ['no geolocation', { geolocation: undefined }],
    [
      'the location refused',
      {
        geolocation: {
          getCurrentPosition: (_: PositionCallback, reject?: PositionErrorCallback | null) =>
            reject?.({ code: 1 } as GeolocationPositionError),
        },
      },
    ],
    ['the service failing', { fetch: vi.fn(async () => new Response('oops', { status: 500 })) }],
    ['the service unreachable', { fetch: vi.fn(async () => Promise.reject(new TypeError('offline'))) }],
    ['an unreadable answer', { fetch: vi.fn(async () => new Response('not json')) }],
  ] as const)('falls back to the browser language with %s', async (_case, overrides) => {
    expect(await detectLanguage(dependencies({ browserLanguage: 'ja', ...overrides }))).toBe('jp');
    expect(await detectLanguage(dependencies({ browserLanguage: 'de-DE', ...overrides }))).toBe('en');
  });

  it('gives up on the location after 5 seconds', async () => {
    vi.useFakeTimers();
    const detected = detectLanguage(
      dependencies({ browserLanguage: 'ja', geolocation: { getCurrentPosition: () => undefined } }),
    );
    await vi.advanceTimersByTimeAsync(5_000);
    expect(await detected).toBe('jp');
  });
});
