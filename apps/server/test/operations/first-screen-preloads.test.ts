// The page of a signed-in screen's address names the signed-in chunk's files (modulepreload), so the
// browser fetches them beside the entry, not after it (issue 31); the sign-in page does not.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/database.js';
import { signedInPreloads } from '../../src/http/first-screen-preloads.js';
import { sqliteTestDatabase } from '../helpers/databases.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

const INDEX =
  '<!doctype html><html><head><script type="module" crossorigin src="/assets/index-1.js"></script>' +
  '<link rel="modulepreload" crossorigin href="/assets/vendor-1.js"></head><body><div id="root"></div></body></html>';

/** A build as Vite's manifest describes it: the entry, its vendor chunk, the signed-in chunk and a lazy one. */
const MANIFEST = {
  'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_vendor-1.js'] },
  '_vendor-1.js': { file: 'assets/vendor-1.js' },
  '_shift-1.js': { file: 'assets/shift-1.js', imports: ['_vendor-1.js'], css: ['assets/shift-1.css'] },
  'src/app/signed-in.tsx': {
    file: 'assets/signed-in-1.js',
    imports: ['index.html', '_vendor-1.js', '_shift-1.js'],
    dynamicImports: ['src/features/history/history-page.tsx'],
  },
  'src/features/history/history-page.tsx': { file: 'assets/history-page-1.js', imports: ['_vendor-1.js'] },
};

function writeBuild(manifest: object | null): string {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'cashdesk-preloads-'));
  fs.writeFileSync(path.join(dist, 'index.html'), INDEX);
  if (manifest) {
    fs.mkdirSync(path.join(dist, '.vite'));
    fs.writeFileSync(path.join(dist, '.vite/manifest.json'), JSON.stringify(manifest));
  }
  return dist;
}

const preloadsIn = (page: string) =>
  [...page.matchAll(/rel="modulepreload" crossorigin href="([^"]+)"/g)].map((m) => m[1]);

describe('first-screen preloads in the page', () => {
  let db: Db;
  let server: TestServer;
  let dist: string;

  beforeAll(async () => {
    db = await sqliteTestDatabase.open();
    dist = writeBuild(MANIFEST);
    server = await startTestServer(db, { config: { webDist: dist } });
  });
  afterAll(async () => {
    await server.close();
    await db.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  const page = async (url: string) => {
    const res = await fetch(`${server.baseUrl}${url}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    return res.text();
  };

  it("names the signed-in chunk and what it imports beyond the entry's own on the signed-in screens", async () => {
    for (const url of ['/devices', '/devices/12?type=1', '/history']) {
      expect([url, preloadsIn(await page(url))]).toEqual([
        url,
        ['/assets/vendor-1.js', '/assets/signed-in-1.js', '/assets/shift-1.js'],
      ]);
    }
  });

  it('leaves the sign-in page and other public screens as built', async () => {
    for (const url of ['/authorization', '/get-client', '/maintenance-redirect']) {
      expect([url, await page(url)]).toEqual([url, INDEX]);
    }
  });

  it('serves the page as built when the build has no manifest or no signed-in chunk', () => {
    const bare = writeBuild(null);
    const other = writeBuild({ 'index.html': MANIFEST['index.html'] });
    try {
      expect(signedInPreloads(bare)).toEqual([]);
      expect(signedInPreloads(other)).toEqual([]);
    } finally {
      fs.rmSync(bare, { recursive: true, force: true });
      fs.rmSync(other, { recursive: true, force: true });
    }
  });
});
