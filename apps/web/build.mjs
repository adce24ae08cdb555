// Builds the web app only when its sources changed, and never in place (a second
// `npm start` while the first ran rebuilt apps/web/dist under it, and its server failed with ENOENT on a
// `.br` file it had listed at start).
//
// Each build is keyed by a hash of its inputs' bytes (BUILD_INPUTS) and lives in builds/<key>: written
// into builds/<key>.tmp-<pid>, then renamed to builds/<key> in one rename(2) (a directory renamed onto a
// name that does not exist yet is atomic; a start that loses the race drops its copy and takes the
// winner's). apps/web/dist is a symlink to the current build, replaced by renaming a new symlink over it,
// again one rename(2). A symlink, because renaming a directory over a non-empty one fails on Linux, so
// the "swap" of two real directories would need a moment without dist. The server resolves the symlink
// once at start (apps/server/src/main.ts) and keeps serving the build it found even after dist moves on;
// the newest KEEP_BUILDS builds stay on disk for such servers.
//
// `node apps/web/build.mjs` (npm run build -w @cashdesk/web, npm start). e2e/support/global-setup.ts
// keys its own check with hashBuildInputs from here. For the tests of this script (apps/server/test/
// operations/web-build.test.ts) WEB_BUILD_ROOT, WEB_BUILD_INPUTS and WEB_BUILD_COMMAND replace the web
// folder, its inputs and the vite command.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';

const WEB_DIR = path.dirname(fileURLToPath(import.meta.url));
const REPO_ROOT = path.resolve(WEB_DIR, '../..');
/** Builds a server may still serve after dist moved on: the current one and the ones before it. */
const KEEP_BUILDS = 3;
/** A `.tmp-` folder older than this is a build whose process died; younger ones may be running. */
const STALE_TEMPORARY_MS = 60 * 60 * 1000;

/** Inputs of the web build: its sources and config, the contract package it bundles, the locked packages. */
export const BUILD_INPUTS = [
  path.join(WEB_DIR, 'src'),
  path.join(WEB_DIR, 'index.html'),
  path.join(WEB_DIR, 'public'),
  path.join(WEB_DIR, 'vite.config.ts'),
  path.join(WEB_DIR, 'package.json'),
  path.join(WEB_DIR, 'tsconfig.json'),
  path.join(REPO_ROOT, 'packages/contract/src'),
  path.join(REPO_ROOT, 'packages/contract/package.json'),
  path.join(REPO_ROOT, 'tsconfig.base.json'),
  path.join(REPO_ROOT, 'package-lock.json'),
];

/** Unit tests never reach the bundle: changing one does not call for a rebuild. */
const isUnitTest = (/** @type {string} */ file) => /\.test\.tsx?$/.test(file);

/** @param {string} target @returns {string[]} */
function filesUnder(target) {
  if (!fs.existsSync(target)) return [];
  if (!fs.statSync(target).isDirectory()) return [target];
  return fs
    .readdirSync(target)
    .sort()
    .flatMap((entry) => filesUnder(path.join(target, entry)));
}

/**
 * A hash of every input's path and bytes, in a fixed order (not file times: a file restored to an older
 * version is a change too).
 * @param {readonly string[]} [inputs]
 * @returns {string}
 */
export function hashBuildInputs(inputs = BUILD_INPUTS) {
  const hash = createHash('sha256');
  for (const file of inputs.flatMap(filesUnder).filter((f) => !isUnitTest(f))) {
    hash.update(path.relative(REPO_ROOT, file)).update('\0').update(fs.readFileSync(file)).update('\0');
  }
  return hash.digest('hex');
}

/** @param {string} file */
const isDirectory = (file) => fs.lstatSync(file, { throwIfNoEntry: false })?.isDirectory() === true;

/**
 * Makes `root`/dist point at the build of `inputs`, building it first unless builds/<key> has it.
 * @param {{ root: string; inputs: readonly string[]; build: (outDir: string) => void }} options
 * @returns {{ dir: string; built: boolean }}
 */
export function buildOnce({ root, inputs, build }) {
  const builds = path.join(root, 'builds');
  const key = hashBuildInputs(inputs).slice(0, 16);
  const target = path.join(builds, key);
  let built = false;
  if (!fs.existsSync(path.join(target, 'index.html'))) {
    fs.mkdirSync(builds, { recursive: true });
    const temporary = `${target}.tmp-${process.pid}`;
    fs.rmSync(temporary, { recursive: true, force: true });
    build(temporary);
    try {
      fs.renameSync(temporary, target);
      built = true;
    } catch (error) {
      // Another start renamed the same build into place first: theirs is as good as ours.
      const code = /** @type {NodeJS.ErrnoException} */ (error).code;
      if (code !== 'ENOTEMPTY' && code !== 'EEXIST') throw error;
      fs.rmSync(temporary, { recursive: true, force: true });
    }
  }
  pointDist(root, key);
  prune(builds, key);
  return { dir: target, built };
}

/** @param {string} root @param {string} key */
function pointDist(root, key) {
  const dist = path.join(root, 'dist');
  const relative = path.join('builds', key);
  if (fs.lstatSync(dist, { throwIfNoEntry: false })?.isSymbolicLink() && fs.readlinkSync(dist) === relative)
    return;
  // A dist built in place before this script: moved aside once (a rename, so a server serving it keeps
  // its files), after which dist is only ever a symlink.
  if (isDirectory(dist)) {
    try {
      fs.renameSync(dist, path.join(root, 'builds', `in-place-${Date.now()}.tmp-${process.pid}`));
    } catch (error) {
      if (/** @type {NodeJS.ErrnoException} */ (error).code !== 'ENOENT') throw error; // another start moved it
    }
  }
  const link = `${dist}.tmp-${process.pid}`;
  fs.rmSync(link, { force: true });
  fs.symlinkSync(relative, link, 'dir');
  fs.renameSync(link, dist);
}

/** Drops all but the newest KEEP_BUILDS builds (never `key`), and temporaries of dead builds. */
/** @param {string} builds @param {string} key */
function prune(builds, key) {
  const now = Date.now();
  const entries = fs
    .readdirSync(builds)
    .map((name) => ({
      name,
      mtime: fs.statSync(path.join(builds, name), { throwIfNoEntry: false })?.mtimeMs,
    }))
    .filter((entry) => entry.mtime !== undefined);
  const finished = entries
    .filter((entry) => !entry.name.includes('.tmp-') && entry.name !== key)
    .sort((a, b) => (b.mtime ?? 0) - (a.mtime ?? 0));
  const old = [
    ...finished.slice(KEEP_BUILDS - 1),
    ...entries.filter(
      (entry) => entry.name.includes('.tmp-') && now - (entry.mtime ?? now) > STALE_TEMPORARY_MS,
    ),
  ];
  for (const entry of old) fs.rmSync(path.join(builds, entry.name), { recursive: true, force: true });
}

/** `vite build` into `outDir`, or WEB_BUILD_COMMAND (a test's stand-in) with the folder as its last word. */
/** @param {string} outDir */
function runBuild(outDir) {
  const fake = process.env.WEB_BUILD_COMMAND;
  const [command, ...args] = fake
    ? [...fake.split(' '), outDir]
    : [
        process.execPath,
        path.join(REPO_ROOT, 'node_modules/vite/bin/vite.js'),
        'build',
        '--outDir',
        outDir,
        '--emptyOutDir',
      ];
  // NODE_ENV=production: under a test runner (NODE_ENV=test) Vite would build React's development version.
  const result = spawnSync(/** @type {string} */ (command), args, {
    cwd: WEB_DIR,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) {
    fs.rmSync(outDir, { recursive: true, force: true });
    throw new Error(`the web build failed (exit ${result.status ?? result.signal})`);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = process.env.WEB_BUILD_ROOT ?? WEB_DIR;
  const inputs = process.env.WEB_BUILD_INPUTS ? [process.env.WEB_BUILD_INPUTS] : BUILD_INPUTS;
  try {
    const { dir, built } = buildOnce({ root, inputs, build: runBuild });
    if (!built) process.stdout.write(`web app up to date (${path.relative(process.cwd(), dir)})\n`);
  } catch (error) {
    process.stderr.write(`${/** @type {Error} */ (error).message}\n`);
    process.exitCode = 1;
  }
}
