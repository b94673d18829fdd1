import i18next from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import type { Language } from '../../contract/auth-constants.ts';
import { LandingPage } from '../features/landing/components/LandingPage.tsx';
import { strings as english } from '../locales/en.ts';
import englishLanding from '../locales/en/landing.json';
import { strings as japanese } from '../locales/jp.ts';
import japaneseLanding from '../locales/jp/landing.json';
import { LandingLayout } from './layouts/LandingLayout.tsx';

/** The frame's strings and the landing page's own, which only this render reads. */
const stringsOf = {
  en: { ...english, landing: englishLanding },
  jp: { ...japanese, landing: japaneseLanding },
} satisfies Record<Language, unknown>;

/**
 * The landing page as HTML, for one language and for a browser with or without a session. The build writes each
 * variant beside the web app and the server sends the one a visitor needs, so the page shows in full before, and
 * without, any script (docs/decisions/138).
 */
export function renderLanding(language: Language, signedIn: boolean): string {
  const i18n = i18next.createInstance();
  void i18n.init({
    lng: language,
    fallbackLng: false,
    defaultNS: 'common',
    resources: { [language]: stringsOf[language] },
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter>
        <LandingLayout signedIn={signedIn}>
          <LandingPage />
        </LandingLayout>
      </MemoryRouter>
    </I18nextProvider>,
  );
}
