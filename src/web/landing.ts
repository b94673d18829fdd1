import './styles.css';
import { isLanguage, LANGUAGE_QUERY_PARAMETER, type Language } from '../contract/auth-constants.ts';
import { LANGUAGE_LINK_ATTRIBUTE, VIEWER_OPENER_ATTRIBUTE } from './lib/landing-page-markers.ts';
import { detectLanguageInBrowser } from './lib/language-detection.ts';
import { languageCookie, languageFromAddress, readStoredLanguage, storeLanguage } from './lib/language.ts';
import { reverseGeocodingUrl } from './lib/page-config.ts';

// The landing page is HTML the server sends whole (docs/decisions/138); this script only opens the screenshot viewers
// and keeps the page in the visitor's language. The FAQ, the links and closing a viewer need no script.

const shownLanguage: Language = document.documentElement.lang === 'ja' ? 'jp' : 'en';

/**
 * Loads the page again in `language`: the cookie names it to the server, or, where cookies are off, the address. The
 * section in the fragment is kept.
 */
function reloadIn(language: Language): void {
  const url = new URL(window.location.href);
  if (languageCookie() === language) url.searchParams.delete(LANGUAGE_QUERY_PARAMETER);
  else url.searchParams.set(LANGUAGE_QUERY_PARAMETER, language);
  // An address that differs from this one only in its fragment, or not at all, would merely scroll: reload instead.
  if (url.search === window.location.search) window.location.reload();
  else window.location.replace(url);
}

for (const link of document.querySelectorAll<HTMLAnchorElement>(`[${LANGUAGE_LINK_ATTRIBUTE}]`)) {
  link.addEventListener('click', (event) => {
    const target = link.getAttribute(LANGUAGE_LINK_ATTRIBUTE);
    if (!isLanguage(target)) return;
    event.preventDefault();
    storeLanguage(target);
    reloadIn(target);
  });
}

for (const opener of document.querySelectorAll<HTMLElement>(`[${VIEWER_OPENER_ATTRIBUTE}]`)) {
  const viewer = document.getElementById(opener.getAttribute(VIEWER_OPENER_ATTRIBUTE) ?? '');
  if (!(viewer instanceof HTMLDialogElement)) continue;
  opener.addEventListener('click', () => viewer.showModal());
  // A click on the backdrop reaches the dialog itself, outside its box.
  viewer.addEventListener('click', (event) => {
    const box = viewer.getBoundingClientRect();
    const inside =
      event.clientX >= box.left &&
      event.clientX <= box.right &&
      event.clientY >= box.top &&
      event.clientY <= box.bottom;
    if (event.target === viewer && !inside) viewer.close();
  });
  // The page behind is inert, but Tab would still leave for the browser's own controls: it wraps around instead.
  viewer.addEventListener('keydown', (event) => {
    if (event.key !== 'Tab') return;
    const controls = [
      ...viewer.querySelectorAll<HTMLElement>('button, [href], [tabindex]:not([tabindex="-1"])'),
    ];
    const edge = event.shiftKey ? controls[0] : controls.at(-1);
    if (edge && document.activeElement === edge) {
      event.preventDefault();
      (event.shiftKey ? controls.at(-1) : controls[0])?.focus();
    }
  });
}

// A choice made on another page, before the server could read it, is honoured once.
const stored = readStoredLanguage();
if (!languageFromAddress() && stored && stored !== shownLanguage) {
  storeLanguage(stored);
  reloadIn(stored);
}

/** As in the app (lib/i18n.ts): a visitor who made no choice may be shown the language of their country. */
const geocodingUrl = reverseGeocodingUrl();
if (geocodingUrl && !languageFromAddress() && !stored) {
  void detectLanguageInBrowser(geocodingUrl).then((detected) => {
    if (!readStoredLanguage() && detected !== shownLanguage) reloadIn(detected);
  });
}
