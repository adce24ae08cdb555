// i18next with English bundled and Spanish and Portuguese loaded on demand (resources.ts).
// Language: localStorage `lng`, then the browser, then the html tag; the choice is remembered.
import { LANGUAGES } from '@cashdesk/contract';
import i18n, { type BackendModule, type LanguageDetectorModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { BUNDLED_LANGUAGE, bundledCatalogue, loadCatalogue, NAMESPACES, type Namespace } from './resources';

export const LANGUAGE_STORAGE_KEY = 'lng';

/**
 * Reads a namespace of a language that is not bundled from that language's chunk (its whole language
 * arrives in one chunk, fetched once); English answers nothing, its namespaces come with the first bundle
 * and the chunks that add them (resources.ts). What the app needs of i18next-resources-to-backend, in a
 * few lines instead of a package in the first load.
 */
const catalogueBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(lng, ns, callback) {
    const load = loadCatalogue[lng as keyof typeof loadCatalogue];
    if (!load) {
      callback(null, undefined);
      return;
    }
    load().then(
      (catalogue) => callback(null, catalogue[ns as Namespace]),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), undefined),
    );
  },
};

/**
 * The three places a language is read from, in order, and where a choice is kept: what the app needs of
 * i18next-browser-languagedetector, in a few lines instead of its 3 KB in the login screen's first load
 * (BENCHMARKS.md, "Web first load"). i18next takes the first of these it supports (a region dropped: pt-BR is pt).
 */
const detector: LanguageDetectorModule = {
  type: 'languageDetector',
  detect() {
    const stored = readStored();
    return [
      ...(stored ? [stored] : []),
      ...navigator.languages,
      navigator.language,
      document.documentElement.lang,
    ].filter(Boolean);
  },
  cacheUserLanguage(lng) {
    try {
      localStorage.setItem(LANGUAGE_STORAGE_KEY, lng);
    } catch {
      // Storage refused (private mode, quota): the choice lasts for this page only.
    }
  },
};

function readStored(): string | null {
  try {
    return localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    return null;
  }
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
    .use(detector)
    .use(catalogueBackend)
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
      returnNull: false,
    });
  return i18n;
}

export default i18n;
