// Every language's catalogues at once, for the checks that compare them (catalogues.test.ts) and the
// browser tests that find controls by their translated names. The app loads them through resources.ts.
import type { Language } from '@cashdesk/contract';
import en from './locales/en';
import es from './locales/es';
import pt from './locales/pt';
import type { Catalogue } from './resources';

export const allResources: Record<Language, Catalogue> = { en, es, pt };
