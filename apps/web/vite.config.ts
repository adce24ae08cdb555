import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
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

export default defineConfig({
  plugins: [react(), versionFile(), precompressedAssets()],
  // The manifest lets bench/ (web budget) find each route's initial JavaScript.
  build: {
    manifest: true,
    // Every browser a till runs (Chromium, Safari 17+, Firefox 115+) knows modulepreload: no polyfill.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // Every package in one chunk: they are all on the first screen's path anyway (React, Redux
        // Toolkit, i18next, react-router), and one file gzips smaller than the five Rolldown would cut
        // (issue 31, BENCHMARKS.md 'Web first load'). A package only a lazy screen used would land here
        // too: the web budget test (e2e/web-budget.e2e.test.ts) would show it.
        codeSplitting: { groups: [{ name: 'vendor', test: /node_modules/ }] },
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
