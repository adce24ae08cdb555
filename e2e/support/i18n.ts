// The web app's own catalogues, so a browser test in Spanish or Portuguese finds the same controls by
// role and label as in English: t('lock:lock') is what the Lock button says in that language.
import type { Language } from '@cashdesk/contract';
import { backOfficeCatalogues } from '../../apps/web/src/i18n/back-office-resources';
import { allResources } from '../../apps/web/src/i18n/all-resources';

type Tree = { readonly [key: string]: string | Tree };
export type Translate = (key: string, params?: Record<string, string | number>) => string;

/** `ns:path.to.key` (namespace `common` when none is given) in `lng`, with `{{name}}` filled in. */
export function translator(lng: Language): Translate {
  return (key, params = {}) => {
    const [ns, path] = key.includes(':') ? (key.split(':', 2) as [string, string]) : ['common', key];
    // The console's catalogues ship in its own chunk (back-office-resources.ts), not in resources.ts.
    const lazy = Object.entries(backOfficeCatalogues).map(
      ([name, byLanguage]) => [name, byLanguage[lng]] as const,
    );
    const catalogues = { ...allResources[lng], ...Object.fromEntries(lazy) };
    let node: string | Tree | undefined = (catalogues as unknown as Tree)[ns];
    for (const part of path.split('.')) node = typeof node === 'object' ? node[part] : undefined;
    if (typeof node !== 'string') throw new Error(`e2e: no text ${lng}:${key} in the web catalogues`);
    return node.replace(/{{\s*(\w+)\s*}}/g, (_, name: string) => String(params[name] ?? `{{${name}}}`));
  };
}
