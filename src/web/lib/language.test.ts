import { describe, expect, it, vi } from 'vitest';
import {
  detectInitialLanguage,
  languageCookie,
  languageFromBrowser,
  readStoredLanguage,
  storeLanguage,
  toBcp47,
} from './language.ts';

describe('language', () => {
  it('maps a Japanese browser language to jp and anything else to en', () => {
    expect(languageFromBrowser('ja')).toBe('jp');
    expect(languageFromBrowser('ja-JP')).toBe('jp');
    expect(languageFromBrowser('en-GB')).toBe('en');
    expect(languageFromBrowser('fr')).toBe('en');
    expect(languageFromBrowser(undefined)).toBe('en');
  });

  it('prefers the stored choice over the browser language', () => {
    vi.spyOn(window.navigator, 'language', 'get').mockReturnValue('ja-JP');
    expect(detectInitialLanguage()).toBe('jp');

    window.localStorage.setItem('matome.language', 'en');
    expect(detectInitialLanguage()).toBe('en');
  });

  it('shows a page in the language its address names, without storing it', () => {
    window.localStorage.setItem('matome.language', 'en');
    window.history.replaceState(null, '', '/terms?lang=jp');
    try {
      expect(detectInitialLanguage()).toBe('jp');
      expect(window.localStorage.getItem('matome.language')).toBe('en');
    } finally {
      window.history.replaceState(null, '', '/');
    }
  });

  it('stores a choice where the server can read it too, for a year', () => {
    const written = vi.spyOn(document, 'cookie', 'set');
    storeLanguage('jp');
    expect(readStoredLanguage()).toBe('jp');
    expect(languageCookie()).toBe('jp');
    expect(written).toHaveBeenLastCalledWith(
      expect.stringMatching(/^matome_language=jp; path=\/; max-age=31536000;/),
    );
    storeLanguage('en');
    expect(languageCookie()).toBe('en');
  });

  it('ignores a stored value that is not a language', () => {
    window.localStorage.setItem('matome.language', 'de');
    expect(detectInitialLanguage()).toBe('en');
  });

  it('uses the BCP 47 tag ja for jp', () => {
    expect(toBcp47('jp')).toBe('ja');
    expect(toBcp47('en')).toBe('en');
  });
});
