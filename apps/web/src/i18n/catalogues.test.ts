// Every key of the English catalogues exists, non-empty, in Spanish and Portuguese, and no language has
// keys English lacks; interpolation names match, so no screen shows a raw key or a missing value.
import { LANGUAGES } from '@cashdesk/contract';
import { describe, expect, it } from 'vitest';
import { backOfficeCatalogues } from './back-office-resources';
import { allResources } from './all-resources';
import { NAMESPACES } from './resources';

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

const variables = (text: string) => [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();

/** Every catalogue by namespace and language: the bundled ones and the back office's lazy ones. */
const catalogues: Record<string, Record<string, Tree>> = {
  ...Object.fromEntries(
    NAMESPACES.map((ns) => [
      ns,
      Object.fromEntries(LANGUAGES.map((lng) => [lng, allResources[lng][ns] as Tree])),
    ]),
  ),
  ...(backOfficeCatalogues as Record<string, Record<string, Tree>>),
};

describe.each(Object.keys(catalogues))('catalogue %s', (ns) => {
  const english = flatten(catalogues[ns]!.en!);

  it.each(LANGUAGES.filter((l) => l !== 'en'))('has every English key in %s, and no other', (lng) => {
    const other = flatten(catalogues[ns]![lng]!);
    expect([...other.keys()].sort()).toEqual([...english.keys()].sort());
    for (const [key, text] of other) {
      expect(text.trim(), `${lng}:${ns}:${key}`).not.toBe('');
      expect(variables(text), `${lng}:${ns}:${key}`).toEqual(variables(english.get(key) ?? ''));
    }
  });
});

// Portuguese is Brazilian throughout (the guide's rule): words and forms of European Portuguese, which a
// translation slips into easily ("Descarregar" beside "Saques"), are refused in every pt text.
const EUROPEAN_PORTUGUESE: readonly RegExp[] = [
  /\bdescarreg/i, // baixar
  /\blevantamento/i, // saque
  /\bregisto\b/i, // registro
  /\butilizador/i, // usuário
  /\bpalavra-passe/i, // senha
  /\becrã/i, // tela
  /\bficheiro/i, // arquivo
  /\btelemóvel/i, // celular
  /\bintroduz/i, // digitar, informar
  /\bdefiniç(ão|ões)/i, // configurações
  /\bfecho\b/i, // fechamento
  /\bem curso\b/i, // em andamento
  /\bn\.º/i, // nº
  /\bjá não\b/i, // não ... mais
  /\b(está|estão|estou|estava) a [a-zà-ú]+r\b/i, // a gerund: está carregando
  /-(no|na|nos|nas)\b/i, // fecham-no: o fecham
];

describe('Portuguese is Brazilian Portuguese', () => {
  const portuguese = Object.entries(catalogues).flatMap(([ns, byLanguage]) =>
    [...flatten(byLanguage.pt!)].map(([key, text]) => ({ where: `pt:${ns}:${key}`, text })),
  );

  it.each(EUROPEAN_PORTUGUESE.map((pattern) => [String(pattern), pattern] as const))(
    'has no European form %s',
    (_name, pattern) => {
      expect(
        portuguese.filter(({ text }) => pattern.test(text)).map(({ where, text }) => `${where}: ${text}`),
      ).toEqual([]);
    },
  );
});
