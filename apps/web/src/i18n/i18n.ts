// i18next with the bundled en, es and pt catalogues, one JSON file per namespace (feature).
// Language: localStorage `lng`, then the browser, then the html tag; the choice is remembered.
import { LANGUAGES } from '@cashdesk/contract';
import i18n from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import { resources, NAMESPACES } from './resources';

export const LANGUAGE_STORAGE_KEY = 'lng';

export function initI18n() {
  if (i18n.isInitialized) return i18n;
  // Attached before init: init itself picks the remembered language, and <html lang> must follow it.
  i18n.on('languageChanged', (lng) => document.documentElement.setAttribute('lang', lng));
  void i18n
    .use(LanguageDetector)
    .use(initReactI18next)
    .init({
      resources,
      ns: [...NAMESPACES],
      defaultNS: 'common',
      fallbackLng: 'en',
      supportedLngs: [...LANGUAGES],
      nonExplicitSupportedLngs: true,
      load: 'languageOnly',
      interpolation: { escapeValue: false },
      detection: {
        order: ['localStorage', 'navigator', 'htmlTag'],
        lookupLocalStorage: LANGUAGE_STORAGE_KEY,
        caches: ['localStorage'],
      },
      returnNull: false,
    });
  return i18n;
}

export default i18n;
