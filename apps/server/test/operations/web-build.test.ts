// apps/web/build.mjs (`npm start`'s web build) as real processes, with a stand-in for vite (WEB_BUILD_COMMAND)
// so each run takes milliseconds: two starts at once both succeed and leave one complete build behind
// dist; unchanged sources build nothing; changed ones build beside the old build, which stays whole for
// a server that started on it; a dist built in place before is taken over.
import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { promisify } from 'node:util';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../src/config.js';

const BUILD = path.join(REPO_ROOT, 'apps/web/build.mjs');
const SERVER_BUILD = path.join(REPO_ROOT, 'apps/server/build.mjs');
const BUILT_MAIN = path.join(REPO_ROOT, 'apps/server/dist/main.js');

/**
 * The stand-in for vite: waits until `BARRIER` builds have started (so concurrent starts really overlap),
 * then writes an index.html, the asset it names and its .br beside it, a file at a time.
 */
const FAKE_BUILD = `
import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
const [outDir] = process.argv.slice(2);
const work = process.env.FAKE_WORK;
fs.appendFileSync(path.join(work, 'runs.log'), process.pid + '\\n');
const want = Number(process.env.BARRIER);
const deadline = Date.now() + 10000;
while (fs.readFileSync(path.join(work, 'runs.log'), 'utf8').trim().split('\\n').length % want !== 0) {
  if (Date.now() > deadline) process.exit(3);
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 5);
}
const source = fs.readFileSync(path.join(work, 'src', 'app.ts'), 'utf8');
fs.mkdirSync(path.join(outDir, 'assets'), { recursive: true });
fs.writeFileSync(path.join(outDir, 'assets', 'app.js'), source);
fs.writeFileSync(path.join(outDir, 'assets', 'app.js.br'), brotliCompressSync(source));
fs.writeFileSync(path.join(outDir, 'index.html'), '<script src="/assets/app.js"></script>');
`;

const workDirs: string[] = [];
afterAll(() => {
  for (const dir of workDirs) fs.rmSync(dir, { recursive: true, force: true });
});

function workDir() {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'cashdesk-web-build-'));
  workDirs.push(work);
  fs.mkdirSync(path.join(work, 'src'));
  fs.writeFileSync(path.join(work, 'src', 'app.ts'), 'version 1');
  fs.writeFileSync(path.join(work, 'fake-build.mjs'), FAKE_BUILD);
  fs.writeFileSync(path.join(work, 'runs.log'), '');
  return work;
}

async function build(work: string, barrier = 1) {
  const { stdout } = await promisify(execFile)(process.execPath, [BUILD], {
    env: {
      ...process.env,
      WEB_BUILD_ROOT: work,
      WEB_BUILD_INPUTS: path.join(work, 'src'),
      WEB_BUILD_COMMAND: `${process.execPath} ${path.join(work, 'fake-build.mjs')}`,
      FAKE_WORK: work,
      BARRIER: String(barrier),
    },
  });
  return stdout;
}

const runs = (work: string) => fs.readFileSync(path.join(work, 'runs.log'), 'utf8').trim().split('\n').length;
/** The asset as a browser gets it: its brotli copy, which a half-written build would be missing. */
const served = (dir: string) =>
  brotliDecompressSync(fs.readFileSync(path.join(dir, 'assets', 'app.js.br'))).toString();

/** The compiled server (npm start's) on a free port, serving `webDist`; resolves its URL once it listens. */
async function startServer(webDist: string): Promise<{ url: string; stop: () => Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cashdesk-web-build-data-'));
  workDirs.push(dataDir);
  const child = spawn(process.execPath, [BUILT_MAIN], {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH ?? '', PORT: '0', DATA_DIR: dataDir, DEMO: '0', WEB_DIST: webDist },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the server exited (${code}) before it listened`)));
    readline.createInterface({ input: child.stdout }).on('line', (line) => {
      const entry = JSON.parse(line) as { msg: string; url?: string };
      if (entry.msg === 'cashdesk started' && entry.url) resolve(entry.url);
    });
  });
  return {
    url,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

describe('the web build of npm start (apps/web/build.mjs)', () => {
  it('lets two starts build at once, builds only on a change, and keeps the old build whole', async () => {
    const work = workDir();
    await Promise.all([build(work, 2), build(work, 2)]);
    expect(runs(work)).toBe(2);
    const dist = path.join(work, 'dist');
    expect(fs.lstatSync(dist).isSymbolicLink()).toBe(true);
    const first = fs.realpathSync(dist);
    expect(served(first)).toBe('version 1');
    // One build behind dist, no half-written copy left over.
    expect(fs.readdirSync(path.join(work, 'builds'))).toEqual([path.basename(first)]);

    // Same sources: nothing is built, dist stays.
    expect(await build(work)).toContain('web app up to date');
    expect(runs(work)).toBe(2);

    // Changed sources: a new build, dist moves to it; a server that resolved dist before keeps its files.
    fs.writeFileSync(path.join(work, 'src', 'app.ts'), 'version 2');
    await build(work);
    expect(runs(work)).toBe(3);
    expect(served(fs.realpathSync(dist))).toBe('version 2');
    expect(served(first)).toBe('version 1');
  });

  it('keeps a running server on the build it started with while a second start serves the new one', async () => {
    await promisify(execFile)(process.execPath, [SERVER_BUILD], { cwd: REPO_ROOT });
    const work = workDir();
    await build(work);
    const dist = path.join(work, 'dist');
    const first = await startServer(dist);
    try {
      fs.writeFileSync(path.join(work, 'src', 'app.ts'), 'version 2');
      await build(work);
      const second = await startServer(dist);
      try {
        // Both serve a whole app: the first the files it listed at start (its index.html names them).
        for (const [server, version] of [
          [first, 'version 1'],
          [second, 'version 2'],
        ] as const) {
          expect((await fetch(`${server.url}/`)).status).toBe(200);
          const asset = await fetch(`${server.url}/assets/app.js`, { headers: { 'accept-encoding': 'br' } });
          expect({ status: asset.status, body: await asset.text() }).toEqual({ status: 200, body: version });
        }
      } finally {
        await second.stop();
      }
    } finally {
      await first.stop();
    }
  });

  it('takes over a dist built in place by the old build, moving it aside whole', async () => {
    const work = workDir();
    const dist = path.join(work, 'dist');
    fs.mkdirSync(dist);
    fs.writeFileSync(path.join(dist, 'index.html'), 'old');
    await build(work);
    expect(fs.lstatSync(dist).isSymbolicLink()).toBe(true);
    expect(served(dist)).toBe('version 1');
    const aside = fs.readdirSync(path.join(work, 'builds')).filter((name) => name.startsWith('in-place-'));
    expect(
      aside.map((name) => fs.readFileSync(path.join(work, 'builds', name, 'index.html'), 'utf8')),
    ).toEqual(['old']);
  });
});
