// The page a signed-in screen's address answers names that screen's chunk (issue 31, BENCHMARKS.md 'Web
// first load'). The web app loads the signed-in screens as a chunk of its own (apps/web/src/app/
// router.tsx), which the browser would only find once the entry has run: one more round trip before the
// devices screen, the longest link of its start on a slow network. With `<link rel="modulepreload">` tags
// for that chunk and the chunks it imports, the browser fetches them beside the entry. The build's
// manifest (Vite's `.vite/manifest.json`) says which files they are; a build without one, or without
// that chunk, gets the page as it is.
import fs from 'node:fs';
import path from 'node:path';

/** The signed-in screens' chunk, as the web build's manifest names it. */
const SIGNED_IN_CHUNK = 'src/app/signed-in.tsx';
/** Addresses of the screens inside that chunk (apps/web/src/app/router.tsx). */
const SIGNED_IN_PATHS = /^\/(devices|history)(\/|$)/;

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

/** `key` and the chunks it imports statically, depth first. */
function closure(
  manifest: Record<string, ManifestChunk>,
  key: string,
  seen = new Set<string>(),
): Set<string> {
  if (seen.has(key) || !manifest[key]) return seen;
  seen.add(key);
  for (const next of manifest[key].imports ?? []) closure(manifest, next, seen);
  return seen;
}

/** The JavaScript files the signed-in chunk needs beyond what the entry's own tags already fetch. */
export function signedInPreloads(dist: string): string[] {
  let manifest: Record<string, ManifestChunk>;
  try {
    manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Record<
      string,
      ManifestChunk
    >;
  } catch {
    return [];
  }
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entry || !manifest[SIGNED_IN_CHUNK]) return [];
  const fetched = closure(manifest, entry);
  return [...closure(manifest, SIGNED_IN_CHUNK)]
    .filter((key) => !fetched.has(key))
    .map((key) => `/${manifest[key]!.file}`)
    .filter((file) => file.endsWith('.js'));
}

/**
 * The page for each screen address: index.html, with the signed-in chunk's preloads before `</head>`
 * for the signed-in screens' addresses. Read once at start, as the static files are.
 */
export function screenPages(dist: string): (url: string) => string {
  const page = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const tags = signedInPreloads(dist)
    .map((file) => `<link rel="modulepreload" crossorigin href="${file}">`)
    .join('');
  const signedInPage = tags && page.includes('</head>') ? page.replace('</head>', `${tags}</head>`) : page;
  return (url) => (SIGNED_IN_PATHS.test(url.split('?')[0]!) ? signedInPage : page);
}
