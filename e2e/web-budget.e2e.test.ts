// Issue 7's web budget, held: the login screen (a newcomer's first load) brings under 150 KB of gzipped
// JavaScript, and what only some cashiers open (history, statistics, the back office, the Spanish and
// Portuguese texts) stays out of the devices screen's first load. A size, not a time: the same build
// gives the same figure on any machine. `npm run bench -- --only web` reports the figures in full.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, inject, it } from 'vitest';
import { initialJavaScript, readManifest } from '../bench/src/web-manifest.js';
import { describeE2E } from './support/harness';

const LOGIN_BUDGET_KB = 150;
const SIGNED_IN_CHUNK = 'src/app/signed-in.tsx';
const LAZY_CHUNKS = [
  'src/features/history/history-page.tsx',
  'src/features/statistic/statistic-modal.tsx',
  'src/features/back-office/back-office-app.tsx',
  'src/i18n/locales/es/index.ts',
  'src/i18n/locales/pt/index.ts',
];

describeE2E('web budget of the production build', () => {
  it(`loads the login screen with under ${LOGIN_BUDGET_KB} KB of gzipped JavaScript`, () => {
    const dist = inject('e2eWebDist');
    const login = initialJavaScript(dist, readManifest(dist));
    expect(login.gzipBytes / 1024).toBeLessThan(LOGIN_BUDGET_KB);
    // The server sends the pre-compressed files: they must be there to be sent.
    expect(login.gzipBytes).toBeLessThan(login.rawBytes);
  });

  it('keeps history, statistics, the back office and other languages out of the first load', () => {
    const dist = inject('e2eWebDist');
    const manifest = readManifest(dist);
    const devices = initialJavaScript(dist, manifest, [SIGNED_IN_CHUNK]);
    for (const lazy of LAZY_CHUNKS) {
      const chunk = manifest[lazy];
      expect(chunk, `${lazy} is its own chunk`).toBeDefined();
      expect(devices.files).not.toContain(chunk?.file);
    }
  });

  it('keeps the cash-flow chart (shared by history and statistics) out of the first load', () => {
    const dist = inject('e2eWebDist');
    const devices = initialJavaScript(dist, readManifest(dist), [SIGNED_IN_CHUNK]);
    // The chart has no chunk of its own to look up: it is found by a class name only it draws.
    const withChart = devices.files.filter((file) =>
      readFileSync(path.join(dist, file), 'utf8').includes('cash-flow-chart__svg'),
    );
    expect(withChart).toEqual([]);
  });
});
