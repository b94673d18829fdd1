import 'i18next';
import type about from '../locales/en/about.json';
import type chatworkLive from '../locales/en/chatwork-live.json';
import type commercial from '../locales/en/commercial.json';
import type contact from '../locales/en/contact.json';
import type dataGuide from '../locales/en/data-guide.json';
import type landing from '../locales/en/landing.json';
import type onboarding from '../locales/en/onboarding.json';
import type privacy from '../locales/en/privacy.json';
import type terms from '../locales/en/terms.json';
import type { Strings } from './i18n.ts';

/** Namespaces that their pages add when they load (lib/page-texts.ts; the landing page's, when it is built). */
interface PageTexts {
  about: typeof about;
  chatworkLive: typeof chatworkLive;
  commercial: typeof commercial;
  contact: typeof contact;
  dataGuide: typeof dataGuide;
  landing: typeof landing;
  onboarding: typeof onboarding;
  privacy: typeof privacy;
  terms: typeof terms;
}

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: Strings & PageTexts;
  }
}
