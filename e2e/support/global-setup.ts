// Runs once before the e2e project: checks for Chromium (a clear failure, or a clear skip with
// E2E_SKIP=1 outside CI), builds the web app unless apps/web/dist was built from exactly the sources there
// now (a hash of them, not file times: a file restored to an older version is a change too), and takes a
// private snapshot of the build for the test servers. The snapshot matters: @fastify/static serves the
// files it found at start, so a rebuild of apps/web/dist during the run (`npm start`, a developer's
// build) would otherwise leave the test servers with an index.html whose assets they cannot serve.
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { hashBuildInputs } from '../../apps/web/build.mjs';
import {
  chromiumProblem,
  E2E_NO_BUILD,
  E2E_SKIP,
  ignoredInCI,
  REPO_ROOT,
  SKIP_MESSAGE,
  WEB_DIST,
} from './env';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The snapshot of the web build that the test servers serve. */
    e2eWebDist: string;
  }
}

// The build's inputs and their hash live with the build script, which keys its builds by them too.
export { BUILD_INPUTS, hashBuildInputs } from '../../apps/web/build.mjs';

/** Written into apps/web/dist after a build here; any other build empties dist and so removes it. */
export const BUILD_STAMP = path.join(WEB_DIST, '.e2e-build-inputs.json');

interface BuildStamp {
  /** The hash of BUILD_INPUTS the build was made from. */
  inputs: string;
  /** The hash of the index.html it wrote: a build made elsewhere since then writes another. */
  index: string;
}

const hashFile = (file: string) => createHash('sha256').update(fs.readFileSync(file)).digest('hex');

function readStamp(): BuildStamp | null {
  try {
    return JSON.parse(fs.readFileSync(BUILD_STAMP, 'utf8')) as BuildStamp;
  } catch {
    return null;
  }
}

/** Why the web app must be (re)built, or null when apps/web/dist was built from these very sources. */
export function webBuildReason(inputsHash: string = hashBuildInputs()): string | null {
  const index = path.join(WEB_DIST, 'index.html');
  if (!fs.existsSync(index)) return 'apps/web/dist is missing';
  const stamp = readStamp();
  if (!stamp) return 'apps/web/dist has no record of the sources it was built from';
  if (stamp.index !== hashFile(index)) return 'apps/web/dist was rebuilt elsewhere since';
  if (stamp.inputs !== inputsHash) return 'the web sources (or the contract, or the locked packages) changed';
  return null;
}

export default async function setup(project: TestProject): Promise<(() => void) | undefined> {
  if (E2E_SKIP) {
    console.warn(`\n${SKIP_MESSAGE}\n`);
    return undefined;
  }
  const problem = chromiumProblem();
  if (problem) throw new Error(problem);

  for (const warning of ignoredInCI()) console.warn(warning);
  if (E2E_NO_BUILD) {
    console.warn('e2e: E2E_NO_BUILD=1, testing apps/web/dist as it is (it may be older than the sources)');
  } else {
    buildIfStale();
  }
  const snapshot = await snapshotWebDist();
  project.provide('e2eWebDist', snapshot);
  return () => fs.rmSync(snapshot, { recursive: true, force: true });
}

function buildIfStale(): void {
  // Hashed before the build: a source edited while it runs makes the next run build again.
  const inputs = hashBuildInputs();
  const reason = webBuildReason(inputs);
  if (reason) {
    const started = Date.now();
    console.log(`e2e: building the web app (${reason})`);
    try {
      // Vitest runs with NODE_ENV=test, which Vite would take over and build React's development
      // version; the build script pins NODE_ENV=production (e2e/web-budget.e2e.test.ts would notice).
      execFileSync('npm', ['run', 'build', '-w', '@cashdesk/web'], { cwd: REPO_ROOT, stdio: 'pipe' });
    } catch (error) {
      const { stdout, stderr } = error as { stdout?: Buffer; stderr?: Buffer };
      const output = `${stdout?.toString() ?? ''}\n${stderr?.toString() ?? ''}`
        // eslint-disable-next-line no-control-regex -- strips the colours of vite's report
        .replace(/\u001b\[[0-9;]*m/g, '')
        .split('\n')
        .filter((line) => line.trim() !== '' && !/^\s+at /.test(line) && !line.startsWith('npm '))
        .slice(0, 40)
        .join('\n');
      throw new Error(`e2e: the web build (npm run build -w @cashdesk/web) failed:\n${output}`);
    }
    const stamp: BuildStamp = { inputs, index: hashFile(path.join(WEB_DIST, 'index.html')) };
    fs.writeFileSync(BUILD_STAMP, `${JSON.stringify(stamp)}\n`);
    console.log(`e2e: web app built in ${Date.now() - started} ms`);
  }
}

/** The files index.html loads (`/assets/...`), which a complete build has beside it. */
function referencedAssets(dist: string): string[] {
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  return [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+)"/g)].map((m) => m[1] ?? '');
}

/** Copies apps/web/dist to a private folder, again if a build was writing it meanwhile. */
async function snapshotWebDist(): Promise<string> {
  for (let attempt = 1; attempt <= 5; attempt++) {
    const target = fs.mkdtempSync(path.join(os.tmpdir(), 'cashdesk-e2e-web-'));
    try {
      // dist is a symlink to the current build (apps/web/build.mjs): copy the build, not the link.
      fs.cpSync(fs.realpathSync(WEB_DIST), target, { recursive: true });
      const assets = referencedAssets(target);
      if (assets.length > 0 && assets.every((asset) => fs.existsSync(path.join(target, asset))))
        return target;
    } catch {
      // a build was replacing the files: try again
    }
    fs.rmSync(target, { recursive: true, force: true });
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  throw new Error('e2e: could not take a complete copy of apps/web/dist (is a build running all the time?)');
}
