import { createHash } from 'node:crypto';
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

export default defineConfig({
  plugins: [react(), versionFile()],
  server: { proxy: { '/api': 'http://127.0.0.1:8080' } },
});
