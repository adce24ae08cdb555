import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/** Writes /version.json with a hash of the build, so open terminals reload when a new build ships. */
function versionFile(): Plugin {
  return {
    name: 'cashdesk-version-file',
    apply: 'build',
    generateBundle(_options, bundle) {
      const hash = createHash('sha256');
      for (const name of Object.keys(bundle).sort()) {
        const item = bundle[name];
        if (item?.type === 'chunk') hash.update(item.code);
        else if (item?.type === 'asset') hash.update(item.source);
      }
      this.emitFile({
        type: 'asset',
        fileName: 'version.json',
        source: JSON.stringify({ hash: hash.digest('hex').slice(0, 16) }),
      });
    },
  };
}

/**
 * Writes a .br and a .gz copy beside every text asset, at the highest levels (done once per build, not
 * per request): the server sends them to browsers that accept them (@fastify/static `preCompressed`), so
 * the app's JavaScript crosses the network at about a third of its size. node:zlib does it in a few
 * lines, without another build dependency.
 */
function precompressedAssets(): Plugin {
  return {
    name: 'cashdesk-precompressed-assets',
    apply: 'build',
    // After the files are written: in generateBundle, later plugins (Vite's preload helper) still
    // rewrite chunks, and a copy taken then would be stale.
    writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      for (const fileName of Object.keys(bundle)) {
        if (!/\.(js|css|html|svg|json)$/.test(fileName)) continue;
        const file = path.join(dir, fileName);
        const bytes = fs.readFileSync(file);
        if (bytes.length < 1024) continue;
        const brotli = brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
        fs.writeFileSync(`${file}.br`, brotli);
        fs.writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
      }
    },
  };
}

/** The signed-in screens' chunk (apps/web/src/app/router.tsx loads it with a dynamic import). */
const SIGNED_IN_CHUNK = 'src/app/signed-in.tsx';

/**
 * Puts the signed-in chunk's whole static closure in that chunk (BENCHMARKS.md, "Web first load"):
 * left to itself Rolldown cut every module the chunk shares with a lazier part (a modal, the
 * lock screen, history) into a file of its own, often under 1 KB, each one more request on a slow
 * network (a browser opens 6 at a time to one server) and gzipped alone. The lazier parts import what
 * they share from the signed-in chunk, which is always loaded before them.
 *
 * Returns the plugin, which finds the modules once the module graph is built, and the test of the
 * code-splitting group below (groups run after the graph is built). The plugin also names the chunk in
 * the build's manifest by its module (`src/app/signed-in.tsx`), as Vite names a chunk it split at a
 * dynamic import: a chunk made by a group is named after the group otherwise, and bench/, the e2e
 * budget test and the server's preloads (apps/server/src/http/first-screen-preloads.ts) look it up so.
 */
function signedInChunk(): { plugin: Plugin; holds: (id: string) => boolean } {
  let modules = new Set<string>();
  const plugin: Plugin = {
    name: 'cashdesk-signed-in-chunk',
    apply: 'build',
    buildEnd() {
      const ids = [...this.getModuleIds()];
      const find = (source: string) => ids.find((id) => id.endsWith(`/${source}`));
      const closure = (from: string | undefined, skip = new Set<string>()) => {
        const seen = new Set<string>();
        const walk = (id: string, root = false) => {
          if (seen.has(id) || skip.has(id) || id.includes('node_modules')) return;
          // A module someone imports dynamically stays a chunk of its own (the Z-report, which the shift
          // feature's index.ts also names).
          if (!root && (this.getModuleInfo(id)?.dynamicImporters.length ?? 0) > 0) return;
          seen.add(id);
          for (const next of this.getModuleInfo(id)?.importedIds ?? []) walk(next);
        };
        if (from) walk(from, true);
        return seen;
      };
      // Beyond what the entry imports (the entry's chunk holds that).
      modules = closure(find(SIGNED_IN_CHUNK), closure(find('src/main.tsx')));
    },
    writeBundle: {
      // Before the compressed copies are written (precompressedAssets).
      order: 'pre',
      sequential: true,
      handler(options) {
        const file = path.join(options.dir ?? 'dist', '.vite/manifest.json');
        if (!fs.existsSync(file)) return;
        type Chunk = { name?: string; src?: string; isDynamicEntry?: boolean; imports?: string[] };
        const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, Chunk>;
        const key = Object.keys(manifest).find((k) => k.startsWith('_') && manifest[k]?.name === 'signed-in');
        if (!key || manifest[SIGNED_IN_CHUNK]) return;
        manifest[SIGNED_IN_CHUNK] = { ...manifest[key], src: SIGNED_IN_CHUNK, isDynamicEntry: true };
        delete manifest[key];
        for (const chunk of Object.values(manifest)) {
          chunk.imports = chunk.imports?.map((k) => (k === key ? SIGNED_IN_CHUNK : k));
        }
        fs.writeFileSync(file, JSON.stringify(manifest, null, 2));
      },
    },
  };
  return { plugin, holds: (id) => modules.has(id) };
}

const signedIn = signedInChunk();

export default defineConfig({
  plugins: [react(), versionFile(), signedIn.plugin, precompressedAssets()],
  resolve: {
    alias: [
      {
        find: /^use-sync-external-store\/shim$/,
        replacement: fileURLToPath(new URL('./src/lib/use-sync-external-store-shim.ts', import.meta.url)),
      },
    ],
  },
  // The manifest lets bench/ (web budget) find each route's initial JavaScript.
  build: {
    manifest: true,
    // Every browser a till runs (Chromium, Safari 17+, Firefox 115+) knows modulepreload: no polyfill.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // Every package in one chunk: they are all on the first screen's path anyway (React, Redux
        // Toolkit, i18next, react-router), and one file gzips smaller than the five Rolldown would cut
        // (BENCHMARKS.md, "Web first load"). A package only a lazy screen used would land here
        // too: the web budget test (e2e/web-budget.e2e.test.ts) would show it.
        // Then the app's modules the entry imports statically (Rolldown's `$initial` tag) in the entry's
        // chunk, and the signed-in chunk's (signedInChunk above): a group that takes a chunk's own
        // module merges with it. Left to itself Rolldown had cut them into 14 files, 7 under 1 KB.
        // The one package kept out of it: the QR decoder (`qr`), which only the player card's camera uses,
        // loaded when a cashier scans (features/players/lib/qr-decoder.ts).
        codeSplitting: {
          groups: [
            { name: 'vendor', test: /node_modules\/(?!qr\/)/, priority: 3 },
            { name: 'app', tags: ['$initial'], priority: 2 },
            { name: 'signed-in', test: signedIn.holds, priority: 1 },
          ],
        },
        // V8's explicit compile hint (Chromium 136+; other browsers read a comment): the packages' functions
        // are compiled as the file streams in, off the main thread, instead of each on its first call on
        // the main thread, inside the start's tasks (React's, Redux Toolkit's, i18next's, nearly all called
        // by the first screen). After minification, which would drop a plain banner; on the first line,
        // where V8 looks for it. BENCHMARKS.md, 'Web first load'.
        postBanner: (chunk) => (chunk.name === 'vendor' ? '//# allFunctionsCalledOnLoad' : ''),
        // Each language's catalogue chunk named after its language (catalogue-es-<hash>.js), not
        // index-<hash>.js, so the network panel and the web budget show what a terminal fetched.
        chunkFileNames: (chunk) => {
          const language = /locales\/(\w+)\/index\.ts$/.exec(chunk.facadeModuleId ?? '')?.[1];
          return language ? `assets/catalogue-${language}-[hash].js` : 'assets/[name]-[hash].js';
        },
      },
    },
  },
  server: { proxy: { '/api': 'http://127.0.0.1:8080' } },
});
