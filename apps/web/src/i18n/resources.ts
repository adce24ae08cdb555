// English ships in the first bundle: it is the default and every language's fallback. Spanish and
// Portuguese are chunks of their own (about 5 KB gzip each), fetched once, before the first screen in
// that language renders (initI18n waits for them) or when the cashier picks it, so an English terminal
// never downloads them. A feature adds its namespace to NAMESPACES and to locales/<lng>/index.ts in all
// three languages (catalogues.test.ts checks the key sets match).
import type { Language } from '@cashdesk/contract';
import en from './locales/en';

export const NAMESPACES = [
  'common',
  'errors',
  'auth',
  'navigation',
  'devices',
  'cash',
  'lock',
  'maintenance',
  'getClient',
  'support',
  'report',
  'history',
  'statistic',
  'shift',
] as const;
export type Namespace = (typeof NAMESPACES)[number];

export type Catalogue = Record<Namespace, object>;

export const BUNDLED_LANGUAGE = 'en' satisfies Language;
export const bundledCatalogue: Catalogue = en;

/** The chunk of each language that is not bundled. */
export const loadCatalogue: Record<Exclude<Language, typeof BUNDLED_LANGUAGE>, () => Promise<Catalogue>> = {
  es: () => import('./locales/es').then((module) => module.default),
  pt: () => import('./locales/pt').then((module) => module.default),
};
