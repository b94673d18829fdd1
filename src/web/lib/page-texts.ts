import { i18n } from './i18n.ts';

/**
 * A page that only some visitors open (legal texts, the contact form) brings its own texts with it, so they load
 * with the page's code instead of with every page of the app. Call at module level in the page's component file.
 */
export function addPageTexts(namespace: string, en: object, jp: object): void {
  if (i18n.hasResourceBundle('en', namespace)) return;
  i18n.addResourceBundle('en', namespace, en);
  i18n.addResourceBundle('jp', namespace, jp);
}
