import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Language } from '../../contract/auth.ts';
import enAuth from '../locales/en/auth.json';
import enCommon from '../locales/en/common.json';
import enConnections from '../locales/en/connections.json';
import enDashboard from '../locales/en/dashboard.json';
import enErrors from '../locales/en/errors.json';
import enHiding from '../locales/en/hiding.json';
import enMessageText from '../locales/en/message-text.json';
import enMessages from '../locales/en/messages.json';
import enPages from '../locales/en/pages.json';
import enReply from '../locales/en/reply.json';
import enTags from '../locales/en/tags.json';
import enUi from '../locales/en/ui.json';
import jpAuth from '../locales/jp/auth.json';
import jpCommon from '../locales/jp/common.json';
import jpConnections from '../locales/jp/connections.json';
import jpDashboard from '../locales/jp/dashboard.json';
import jpErrors from '../locales/jp/errors.json';
import jpHiding from '../locales/jp/hiding.json';
import jpMessageText from '../locales/jp/message-text.json';
import jpMessages from '../locales/jp/messages.json';
import jpPages from '../locales/jp/pages.json';
import jpReply from '../locales/jp/reply.json';
import jpTags from '../locales/jp/tags.json';
import jpUi from '../locales/jp/ui.json';
import { detectInitialLanguage, isLanguage, storeLanguage, toBcp47 } from './language.ts';

export const resources = {
  en: {
    common: enCommon,
    auth: enAuth,
    connections: enConnections,
    dashboard: enDashboard,
    errors: enErrors,
    hiding: enHiding,
    messages: enMessages,
    messageText: enMessageText,
    pages: enPages,
    reply: enReply,
    tags: enTags,
    ui: enUi,
  },
  jp: {
    common: jpCommon,
    auth: jpAuth,
    connections: jpConnections,
    dashboard: jpDashboard,
    errors: jpErrors,
    hiding: jpHiding,
    messages: jpMessages,
    messageText: jpMessageText,
    pages: jpPages,
    reply: jpReply,
    tags: jpTags,
    ui: jpUi,
  },
} as const;

export const i18n = i18next.createInstance();

i18n.on('languageChanged', (language) => {
  if (isLanguage(language)) document.documentElement.lang = toBcp47(language);
});

void i18n.use(initReactI18next).init({
  resources,
  lng: detectInitialLanguage(),
  fallbackLng: 'en',
  supportedLngs: ['en', 'jp'],
  defaultNS: 'common',
  ns: Object.keys(resources.en),
  initAsync: false,
  interpolation: { escapeValue: false },
});

export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : 'en';
}

export async function changeLanguage(language: Language): Promise<void> {
  storeLanguage(language);
  await i18n.changeLanguage(language);
}
