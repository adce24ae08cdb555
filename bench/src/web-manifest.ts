// The initial JavaScript of a route from Vite's build manifest: the entry chunk and everything it imports
// statically, plus (for a signed-in route) the lazy chunk the router loads before it renders, with their
// sizes as built, gzip -9 and brotli (the .gz/.br files the server sends).
import fs from 'node:fs';
import path from 'node:path';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface Sizes {
  files: string[];
  rawBytes: number;
  gzipBytes: number;
  brotliBytes: number;
}

export function readManifest(dist: string): Manifest {
  return JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Manifest;
}

/** The chunk keys `key` needs before it runs: itself and its static imports, depth first. */
function closure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const next of manifest[key]?.imports ?? []) closure(manifest, next, seen);
  return seen;
}

function sizeOf(dist: string, file: string, suffix: '' | '.gz' | '.br'): number {
  const full = path.join(dist, file + suffix);
  // Assets under 1 KB are not pre-compressed: they go as they are.
  return fs.existsSync(full) ? fs.statSync(full).size : fs.statSync(path.join(dist, file)).size;
}

/** Initial JavaScript of the entry plus the chunks of `lazyModules` (source paths as in the manifest). */
export function initialJavaScript(dist: string, manifest: Manifest, lazyModules: string[] = []): Sizes {
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entry) throw new Error('the build manifest has no entry');
  const keys = new Set<string>();
  for (const key of [entry, ...lazyModules]) {
    if (!manifest[key]) throw new Error(`the build manifest has no chunk for ${key}`);
    for (const k of closure(manifest, key)) keys.add(k);
  }
  const files = [...keys].map((k) => manifest[k]!.file).filter((f) => f.endsWith('.js'));
  const sum = (suffix: '' | '.gz' | '.br') => files.reduce((total, f) => total + sizeOf(dist, f, suffix), 0);
  return { files, rawBytes: sum(''), gzipBytes: sum('.gz'), brotliBytes: sum('.br') };
}
