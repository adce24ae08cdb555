// i18next with English bundled and Spanish and Portuguese loaded on demand (resources.ts).
// Language: localStorage `lng`, then the browser, then the html tag; the choice is remembered.
import { LANGUAGES } from '@cashdesk/contract';
import i18n from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';
import { BUNDLED_LANGUAGE, bundledCatalogue, loadCatalogue, NAMESPACES, type Namespace } from './resources';

export const LANGUAGE_STORAGE_KEY = 'lng';

/** One namespace of a language that is not bundled; its whole language arrives in one chunk. */
async function loadNamespace(lng: string, ns: string): Promise<object | undefined> {
  const load = loadCatalogue[lng as keyof typeof loadCatalogue];
  return load ? (await load())[ns as Namespace] : undefined;
}

let ready: Promise<typeof i18n> | undefined;

/** Starts i18next once; resolves when the chosen language's catalogues are in, so render after it. */
export function initI18n(): Promise<typeof i18n> {
  ready ??= start();
  return ready;
}

async function start(): Promise<typeof i18n> {
  // Attached before init: init itself picks the remembered language, and <html lang> must follow it.
  i18n.on('languageChanged', (lng) => document.documentElement.setAttribute('lang', lng));
  await i18n
    .use(LanguageDetector)
    .use(resourcesToBackend(loadNamespace))
    .use(initReactI18next)
    .init({
      resources: { [BUNDLED_LANGUAGE]: bundledCatalogue },
      partialBundledLanguages: true,
      ns: [...NAMESPACES],
      defaultNS: 'common',
      fallbackLng: BUNDLED_LANGUAGE,
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
