// Where things are and how the browser tests are switched: one place for paths and environment flags.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isCI } from '../../test-support/ci';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const WEB_DIR = path.join(REPO_ROOT, 'apps/web');
export const WEB_DIST = path.join(WEB_DIR, 'dist');
export const SCREENSHOT_DIR = path.join(REPO_ROOT, 'screenshots');

/** Debian's Chromium (.ci/run installs it with apt); never a downloaded browser build. */
export const CHROMIUM_PATH = process.env.E2E_CHROMIUM ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
] as const;

/**
 * `E2E_SKIP=1` skips the browser tests on purpose (a machine without Chromium), and says so. Not in CI
 * (`CI=true`): there the switch is ignored, the browser tests run, and a missing Chromium fails the run.
 */
export const E2E_SKIP = process.env.E2E_SKIP === '1' && !isCI();

/** `E2E_NO_BUILD=1` tests apps/web/dist as it is; ignored in CI, which always tests a current build. */
export const E2E_NO_BUILD = process.env.E2E_NO_BUILD === '1' && !isCI();

/** What the switches above did not do because this is CI, to say so once. */
export function ignoredInCI(): string[] {
  if (!isCI()) return [];
  return ['E2E_SKIP', 'E2E_NO_BUILD']
    .filter((name) => process.env[name] === '1')
    .map((name) => `e2e: ${name}=1 ignored because CI=true (CI runs every browser test on a current build)`);
}

export const SKIP_MESSAGE =
  'e2e: SKIPPED because E2E_SKIP=1 — the browser tests did not run (unset E2E_SKIP to run them)';

export function chromiumProblem(): string | null {
  if (fs.existsSync(CHROMIUM_PATH)) return null;
  return (
    `e2e: Chromium not found at ${CHROMIUM_PATH}. Install Debian's package ` +
    `(apt-get install -y --no-install-recommends chromium; .ci/run does this), ` +
    `point E2E_CHROMIUM at another Chromium binary, or set E2E_SKIP=1 to skip the browser tests ` +
    `(outside CI only).`
  );
}
