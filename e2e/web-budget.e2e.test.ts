// The web budget, held (BENCHMARKS.md, "Web first load"): the login screen (a newcomer's first load) brings
// under 140 KB of gzipped JavaScript, and what only some cashiers open (history, statistics, the back office, the Spanish and
// Portuguese texts) stays out of the devices screen's first load. A size, not a time: the same build
// gives the same figure on any machine. `npm run bench -- --only web` reports the figures in full.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, inject, it } from 'vitest';
import { initialJavaScript, readManifest } from '../bench/src/web-manifest.js';
import { describeE2E } from './support/harness';

// The login screen under 140 KB, the devices screen under 150 (BENCHMARKS.md, "Web first load").
const LOGIN_BUDGET_KB = 140;
const DEVICES_BUDGET_KB = 150;
const SIGNED_IN_CHUNK = 'src/app/signed-in.tsx';
const LAZY_CHUNKS = [
  'src/features/history/history-page.tsx',
  'src/features/statistic/statistic-modal.tsx',
  'src/features/back-office/back-office-app.tsx',
  'src/i18n/locales/es/index.ts',
  'src/i18n/locales/pt/index.ts',
  // Screens a terminal opens seldom: chunks of their own, preloaded by the server on their address.
  'src/features/maintenance/index.ts',
  'src/features/get-client/index.ts',
];
/** Parts only a click (or a locked till) shows, loaded by components/ui/deferred-part.tsx. */
const DEFERRED_PARTS = [
  'src/features/cash/cash-manage-modal.tsx',
  'src/features/auth/change-password-modal.tsx',
  'src/features/lock/lock-screen.tsx',
  'src/features/devices/components/history-tab.tsx',
  'src/features/devices/components/game-tab.tsx',
  'src/features/devices/components/add-device-modal.tsx',
  'src/features/devices/components/remote-device-modal.tsx',
  'src/features/devices/components/block-modal.tsx',
  'src/features/devices/components/edit-device-modal.tsx',
  'src/features/devices/components/device-detail.tsx',
  'src/features/shift/open-shift-page.tsx',
  'src/features/shift/close-shift-modal.tsx',
  'src/features/shift/till-modal.tsx',
  'src/features/support/support-widget.tsx',
  'src/features/navigation/mobile-menu.tsx',
  // The till's own notices (unconfirmed operations, payouts held for a manager and their outcomes), shown
  // only when there is one; the notice and the receipt they (and the cash modal) use.
  'src/features/cash/unconfirmed/till-notices.tsx',
  'src/features/cash/unconfirmed/unconfirmed-notice.tsx',
  'src/features/cash/receipt.tsx',
  // The player card (read a card, register one, a limit, a transfer), its camera, and the identity form
  // a payout may ask for.
  'src/features/players/parts.ts',
  'src/features/players/components/qr-scanner.tsx',
  // The QR decoder package, loaded by the camera when the browser has no BarcodeDetector of its own.
  '../../node_modules/qr/decode.js',
];

describeE2E('web budget of the production build', () => {
  it(`loads the login screen with under ${LOGIN_BUDGET_KB} KB of gzipped JavaScript`, () => {
    const dist = inject('e2eWebDist');
    const login = initialJavaScript(dist, readManifest(dist));
    expect(login.gzipBytes / 1024).toBeLessThan(LOGIN_BUDGET_KB);
    // The server sends the pre-compressed files: they must be there to be sent.
    expect(login.gzipBytes).toBeLessThan(login.rawBytes);
  });

  it(`loads the devices screen with under ${DEVICES_BUDGET_KB} KB of gzipped JavaScript`, () => {
    const dist = inject('e2eWebDist');
    const devices = initialJavaScript(dist, readManifest(dist), [SIGNED_IN_CHUNK]);
    expect(devices.gzipBytes / 1024).toBeLessThan(DEVICES_BUDGET_KB);
  });

  it('keeps the modals behind a click out of the devices screen first load', () => {
    const dist = inject('e2eWebDist');
    const manifest = readManifest(dist);
    const devices = initialJavaScript(dist, manifest, [SIGNED_IN_CHUNK]);
    for (const lazy of DEFERRED_PARTS) {
      const chunk = manifest[lazy];
      expect(chunk, `${lazy} is its own chunk`).toBeDefined();
      expect(devices.files).not.toContain(chunk?.file);
    }
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
