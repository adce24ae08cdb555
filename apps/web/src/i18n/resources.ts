// English ships in the first bundle: it is the default and every language's fallback. Spanish and
// Portuguese are chunks of their own (about 5 KB gzip each), fetched once, before the first screen in
// that language renders (initI18n waits for them) or when the cashier picks it, so an English terminal
// never downloads them. A feature adds its namespace to NAMESPACES and to locales/<lng>/index.ts in all
// three languages (catalogues.test.ts checks the key sets match).
//
// Of English, the first bundle holds only what the screens outside the signed-in chunk read (login,
// maintenance, client download, toasts and errors): the signed-in screens' namespaces (about 4.5 KB gzip)
// come with the signed-in chunk (signed-in-resources.ts), so the login screen's first load stays under
// its budget (BENCHMARKS.md, "Web first load").
import type { Language } from '@cashdesk/contract';
import auth from './locales/en/auth.json';
import common from './locales/en/common.json';
import errors from './locales/en/errors.json';
import getClient from './locales/en/get-client.json';
import maintenance from './locales/en/maintenance.json';

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
  'players',
] as const;
export type Namespace = (typeof NAMESPACES)[number];

export type Catalogue = Record<Namespace, object>;

/** The namespaces of the first bundle; every other one comes with the signed-in chunk. */
export const FIRST_LOAD_NAMESPACES = ['common', 'errors', 'auth', 'maintenance', 'getClient'] as const;

export const BUNDLED_LANGUAGE = 'en' satisfies Language;
export const bundledCatalogue: Pick<Catalogue, (typeof FIRST_LOAD_NAMESPACES)[number]> = {
  common,
  errors,
  auth,
  maintenance,
  getClient,
};

/** The chunk of each language that is not bundled. */
export const loadCatalogue: Record<Exclude<Language, typeof BUNDLED_LANGUAGE>, () => Promise<Catalogue>> = {
  es: () => import('./locales/es').then((module) => module.default),
  pt: () => import('./locales/pt').then((module) => module.default),
};
