import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { isLanguage, type Language } from '../../contract/auth-constants.ts';

function setMeta(attribute: 'name' | 'property', key: string, content: string): void {
  let element = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`);
  if (!element) {
    element = document.createElement('meta');
    element.setAttribute(attribute, key);
    document.head.append(element);
  }
  element.content = content;
}

/**
 * Keeps the title, description and Open Graph tags of public pages in step with the page and language shown, as
 * the server wrote them for the first page (src/contract/page-meta.ts). Other pages set their own titles.
 */
export function usePageMeta(): void {
  const { pathname } = useLocation();
  const { i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : 'en';
  useEffect(() => {
    // The server wrote the first page's tags in its language; the table loads only once they need changing, so a
    // first visit never downloads it.
    if (written(pathname, language)) return;
    let current = true;
    void import('../../contract/page-meta.ts').then(({ publicPageMeta }) => {
      const meta = publicPageMeta(pathname.replace(/(.)\/+$/, '$1'));
      if (!current) return;
      shown = { pathname, language };
      if (meta) show(meta[language], language);
    });
    return () => {
      current = false;
    };
  }, [pathname, language]);
}

/** The path and language whose tags the page shows now (at first, those the server wrote into the HTML). */
let shown: { pathname: string; language: Language } | null = null;

function written(pathname: string, language: Language): boolean {
  shown ??= {
    pathname,
    language:
      document.head.querySelector('meta[property="og:locale"]')?.getAttribute('content') === 'ja_JP'
        ? 'jp'
        : 'en',
  };
  return shown.pathname === pathname && shown.language === language;
}

function show({ title, description }: { title: string; description: string }, language: Language): void {
  document.title = title;
  setMeta('name', 'description', description);
  setMeta('property', 'og:title', title);
  setMeta('property', 'og:description', description);
  setMeta('property', 'og:locale', language === 'jp' ? 'ja_JP' : 'en_US');
}
