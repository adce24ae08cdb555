// The page a screen's address answers names that screen's chunk (BENCHMARKS.md, "Web first load"). The web
// app loads the signed-in screens, the maintenance page and the client download page as chunks of their own
// (apps/web/src/app/router.tsx), which the browser would only find once the entry has run: one more round
// trip before the screen, the longest link of its start on a slow network. With `<link rel="modulepreload">`
// tags for that chunk and the chunks it imports, the browser fetches them beside the entry. Their style
// sheets likewise: `<link rel="stylesheet">` tags, which Vite's loader finds in the page and does not ask for
// again (left to it, they were one more round trip after the entry had run). The build's manifest (Vite's
// `.vite/manifest.json`) says which files they are; a build without one, or without that chunk, gets the page
// as it is. The sign-in screen is in the entry itself.
import fs from 'node:fs';
import path from 'node:path';
import { insertBefore } from './insert-before.js';

/** The signed-in screens' chunk, as the web build's manifest names it. */
const SIGNED_IN_CHUNK = 'src/app/signed-in.tsx';
/** Addresses of the screens inside that chunk (apps/web/src/app/router.tsx). */
const SIGNED_IN_PATHS = /^\/(devices|history)(\/|$)/;

/** Each screen address with a chunk of its own, and that chunk. */
const SCREEN_CHUNKS: { paths: RegExp; chunk: string }[] = [
  { paths: SIGNED_IN_PATHS, chunk: SIGNED_IN_CHUNK },
  { paths: /^\/maintenance-redirect$/, chunk: 'src/features/maintenance/index.ts' },
  { paths: /^\/get-client$/, chunk: 'src/features/get-client/index.ts' },
];

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** `key` and the chunks it imports statically, depth first. */
function closure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key) || !manifest[key]) return seen;
  seen.add(key);
  for (const next of manifest[key].imports ?? []) closure(manifest, next, seen);
  return seen;
}

/** The files a chunk needs beyond what the entry's own tags already fetch. */
export interface Preloads {
  scripts: string[];
  styles: string[];
}

function readManifest(dist: string): Manifest | null {
  try {
    return JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Manifest;
  } catch {
    return null;
  }
}

/** The JavaScript files and style sheets chunk `key` needs beyond the entry's own. */
function preloadsOf(manifest: Manifest | null, key: string): Preloads {
  const none = { scripts: [], styles: [] };
  const entry = manifest && Object.keys(manifest).find((k) => manifest[k]?.isEntry);
  if (!manifest || !entry || !manifest[key]) return none;
  const fetched = closure(manifest, entry);
  const needed = [...closure(manifest, key)].filter((k) => !fetched.has(k));
  const fetchedStyles = new Set([...fetched].flatMap((k) => manifest[k]!.css ?? []));
  return {
    scripts: needed.map((k) => `/${manifest[k]!.file}`).filter((file) => file.endsWith('.js')),
    styles: [...new Set(needed.flatMap((k) => manifest[k]!.css ?? []))]
      .filter((file) => !fetchedStyles.has(file))
      .map((file) => `/${file}`),
  };
}

/** The JavaScript files and style sheets the signed-in chunk needs beyond the entry's own. */
export function signedInPreloads(dist: string): Preloads {
  return preloadsOf(readManifest(dist), SIGNED_IN_CHUNK);
}

/** Whether `url` is the address of a screen of the signed-in chunk. */
export function isSignedInScreen(url: string): boolean {
  return SIGNED_IN_PATHS.test(url.split('?')[0]!);
}

/**
 * The page for each screen address: index.html, with the preloads of the address's chunk before
 * `</head>` for the screens that have one. Read once at start, as the static files are.
 */
export function screenPages(dist: string): (url: string) => string {
  const page = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const manifest = readManifest(dist);
  const pages = SCREEN_CHUNKS.map(({ paths, chunk }) => {
    const { scripts, styles } = preloadsOf(manifest, chunk);
    const tags =
      scripts.map((file) => `<link rel="modulepreload" crossorigin href="${file}">`).join('') +
      styles.map((file) => `<link rel="stylesheet" crossorigin href="${file}">`).join('');
    return {
      paths,
      page: tags ? insertBefore(page, '</head>', tags) : page,
    };
  });
  return (url) => {
    const pathname = url.split('?')[0]!;
    return pages.find(({ paths }) => paths.test(pathname))?.page ?? page;
  };
}
