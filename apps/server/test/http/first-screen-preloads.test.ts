// The page of a signed-in screen's address names the signed-in chunk's files (modulepreload) and style
// sheets, so the browser fetches them beside the entry, not after it (BENCHMARKS.md, "Web first load"); the
// sign-in page does not. With a session cookie it also carries the session's first answers, as the API gives
// them (http/first-screen-data.ts), intact whatever the venue's text holds (`$` patterns:
// http/insert-before.ts).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/database.js';
import { signedInPreloads } from '../../src/http/first-screen-preloads.js';
import { sqliteTestDatabase } from '../helpers/databases.js';
import { createLinkedDevice, createTestUser, createVenue } from '../helpers/factories.js';
import { clientForUser, startTestServer, type TestClient, type TestServer } from '../helpers/server.js';

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
  'src/features/maintenance/index.ts': {
    file: 'assets/maintenance-1.js',
    imports: ['index.html', '_logo-1.js'],
    css: ['assets/maintenance-1.css'],
  },
  '_logo-1.js': { file: 'assets/logo-1.js' },
  'src/features/get-client/index.ts': { file: 'assets/get-client-1.js', imports: ['index.html'] },
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
const stylesIn = (page: string) =>
  [...page.matchAll(/rel="stylesheet" crossorigin href="([^"]+)"/g)].map((m) => m[1]);
/** The data block's text as sent, or null without one. */
const dataIn = (page: string) =>
  /<script type="application\/json" id="first-screen-data">(.*?)<\/script>/s.exec(page)?.[1] ?? null;

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
      const text = await page(url);
      expect([url, preloadsIn(text), stylesIn(text)]).toEqual([
        url,
        ['/assets/vendor-1.js', '/assets/signed-in-1.js', '/assets/shift-1.js'],
        ['/assets/shift-1.css'],
      ]);
      // Without a session cookie, no answers in it.
      expect(dataIn(text)).toBeNull();
    }
  });

  it('names the chunk of the maintenance and client download pages on their addresses', async () => {
    const maintenance = await page('/maintenance-redirect');
    expect([preloadsIn(maintenance), stylesIn(maintenance)]).toEqual([
      ['/assets/vendor-1.js', '/assets/maintenance-1.js', '/assets/logo-1.js'],
      ['/assets/maintenance-1.css'],
    ]);
    const getClient = await page('/get-client?from=menu');
    expect([preloadsIn(getClient), stylesIn(getClient)]).toEqual([
      ['/assets/vendor-1.js', '/assets/get-client-1.js'],
      [],
    ]);
  });

  it('leaves the sign-in page and other addresses as built (the sign-in screen is in the entry)', async () => {
    for (const url of ['/authorization', '/back-office', '/nowhere', '/maintenance-redirect/x']) {
      expect([url, await page(url)]).toEqual([url, INDEX]);
    }
  });

  it('serves the page as built when the build has no manifest or no signed-in chunk', () => {
    const bare = writeBuild(null);
    const other = writeBuild({ 'index.html': MANIFEST['index.html'] });
    try {
      expect(signedInPreloads(bare)).toEqual({ scripts: [], styles: [] });
      expect(signedInPreloads(other)).toEqual({ scripts: [], styles: [] });
    } finally {
      fs.rmSync(bare, { recursive: true, force: true });
      fs.rmSync(other, { recursive: true, force: true });
    }
  });
});

describe("a signed-in screen's page with the session's first answers", () => {
  let db: Db;
  let server: TestServer;
  let dist: string;
  let cashier: TestClient;

  beforeAll(async () => {
    db = await sqliteTestDatabase.open();
    dist = writeBuild(MANIFEST);
    server = await startTestServer(db, { config: { webDist: dist } });
    const venue = await createVenue(db);
    // A name with markup: it must not end the block or open a tag in the page.
    await createLinkedDevice(db, { account_id: venue.id, name: '</script><b>Cabinet & "one"</b>' });
    cashier = await clientForUser(server, await createTestUser(db, { account_id: venue.id }));
  });
  afterAll(async () => {
    await server.close();
    await db.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  /** The page at `url` as `client`'s browser gets it. */
  const pageOf = async (client: TestClient, url: string) => {
    const res = await client.get<string>(`${server.baseUrl}${url}`);
    expect(res.status).toBe(200);
    return { text: res.body, cacheControl: res.headers.get('cache-control') };
  };
  /** What the API answers `client` for `call`, as sent. */
  const answerOf = async (client: TestClient, call: string) => {
    const res = await fetch(`${server.apiUrl}${call}`, { headers: { cookie: `x-token=${client.token}` } });
    expect(res.status).toBe(200);
    return res.text();
  };

  it("carries the API's own answers to me, the lock, the devices, the day's totals and the float, byte for byte", async () => {
    const { text, cacheControl } = await pageOf(cashier, '/devices');
    // The session's page: never stored by any cache.
    expect(cacheControl).toBe('no-store');
    const block = dataIn(text);
    expect(block).not.toBeNull();
    // Nothing in it can close the block or open a tag: every < is written \u003c.
    expect(block).not.toContain('<');
    const expected = [
      `"/a/me":${await answerOf(cashier, '/a/me')}`,
      `"/a/lock":${await answerOf(cashier, '/a/lock')}`,
      `"/a/cashier/devices":${await answerOf(cashier, '/a/cashier/devices')}`,
      `"/a/cashier/daily_totals":${await answerOf(cashier, '/a/cashier/daily_totals')}`,
      `"/a/cashier/account_balance":${await answerOf(cashier, '/a/cashier/account_balance')}`,
    ];
    expect(block!.replaceAll('\\u003c', '<')).toBe(`{${expected.join(',')}}`);
    const parsed = JSON.parse(block!) as Record<string, { name: string }[]>;
    expect(parsed['/a/cashier/devices']![0]!.name).toBe('</script><b>Cabinet & "one"</b>');
  });

  it("leaves out what the API refuses: the venue's data on a locked till, or for an admin", async () => {
    const noVenue = await clientForUser(
      server,
      await createTestUser(db, { account_id: null, role: 'cashier' }),
    );
    const venue = await createVenue(db);
    const lockedTill = await clientForUser(server, await createTestUser(db, { account_id: venue.id }));
    expect((await lockedTill.post('/a/lock')).status).toBe(200);
    const lockedBlock = JSON.parse(dataIn((await pageOf(lockedTill, '/history')).text)!) as object;
    expect(Object.keys(lockedBlock)).toEqual(['/a/me', '/a/lock']);
    expect(lockedBlock).toMatchObject({ '/a/lock': { locked: true } });

    const admin = await clientForUser(server, await createTestUser(db, { account_id: null, role: 'admin' }));
    expect(Object.keys(JSON.parse(dataIn((await pageOf(admin, '/devices')).text)!) as object)).toEqual([
      '/a/me',
      '/a/lock',
    ]);
    // A cashier without a venue: the venue's calls are a 403, left out too.
    expect(Object.keys(JSON.parse(dataIn((await pageOf(noVenue, '/devices')).text)!) as object)).toEqual([
      '/a/me',
      '/a/lock',
    ]);
  });

  it('carries nothing without a live session, or on the public screens', async () => {
    const stranger = server.client();
    stranger.token = 'not-a-session';
    for (const [client, url] of [
      [stranger, '/devices'],
      [cashier, '/authorization'],
      [cashier, '/get-client'],
    ] as const) {
      const { text, cacheControl } = await pageOf(client, url);
      expect([url, dataIn(text), cacheControl]).toEqual([url, null, 'no-cache']);
    }
  });
});

describe("a signed-in screen's page when the venue's text holds replacement patterns", () => {
  // String.prototype.replace reads these in a replacement string: the part before the match, the part
  // after it, the match itself and a dollar sign. A device's name is the venue's own text.
  const NAMES = ['$`', "$'", '$&', '$$'];
  let db: Db;
  let server: TestServer;
  let dist: string;
  let cashier: TestClient;

  beforeAll(async () => {
    db = await sqliteTestDatabase.open();
    dist = writeBuild(MANIFEST);
    server = await startTestServer(db, { config: { webDist: dist } });
    const venue = await createVenue(db);
    for (const name of NAMES) await createLinkedDevice(db, { account_id: venue.id, name });
    cashier = await clientForUser(server, await createTestUser(db, { account_id: venue.id }));
  });
  afterAll(async () => {
    await server.close();
    await db.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it.each(['/devices', '/history'])(
    'carries the devices list intact in the page of %s, and the page is the built one around it',
    async (url) => {
      const res = await cashier.get<string>(`${server.baseUrl}${url}`);
      expect(res.status).toBe(200);
      const text = res.body;
      const block = dataIn(text);
      expect(block).not.toBeNull();
      // The block parses back to the API's own answer, every name as the venue wrote it.
      const devices = await fetch(`${server.apiUrl}/a/cashier/devices`, {
        headers: { cookie: `x-token=${cashier.token}` },
      });
      const parsed = JSON.parse(block!) as Record<string, { name: string }[]>;
      expect(parsed['/a/cashier/devices']).toEqual(await devices.json());
      expect(parsed['/a/cashier/devices']!.map((d) => d.name).sort()).toEqual([...NAMES].sort());
      // Around the block the page is the one a signed-out browser gets: nothing of it copied into the
      // block, no JSON spilled into the page as text, one data block before </body>.
      const signedOut = await (await fetch(`${server.baseUrl}${url}`)).text();
      const whole = `<script type="application/json" id="first-screen-data">${block!}</script>`;
      expect(text.split(whole)).toEqual([signedOut.slice(0, -'</body></html>'.length), '</body></html>']);
    },
  );
});
