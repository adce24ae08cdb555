// Web budget: the initial JavaScript of the login and devices screens from the production build (as
// built, gzip and brotli, the encodings the server sends), then the same screens in Debian's Chromium
// through the real server: script bytes on the wire, layout shift (CLS) and largest contentful paint, the
// polls revalidated (304) in a real browser, and a Lighthouse performance run of each screen.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from 'playwright-core';
import { hashPassword } from '@cashdesk/server';
import type { Options } from '../options.js';
import { startServer } from '../server-process.js';
import { createVenue } from '../setup.js';
import { renderTable, type Column } from '../stats.js';
import { Terminal } from '../terminal.js';
import { serverDatabaseEnv, sqliteTarget } from '../targets.js';
import { initialJavaScript, readManifest, type Sizes } from '../web-manifest.js';
import { runLighthouse, type LighthouseResult } from '../lighthouse.js';
import type { SectionResult } from './section.js';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const WEB_DIST = path.join(REPO_ROOT, 'apps/web/dist');
export const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run'];
/** The aim for the whole app's first load. */
const BUDGET_KB = 150;
const PASSWORD = 'bench-password';
const SIGNED_IN_CHUNK = 'src/app/signed-in.tsx';

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

interface BrowserFigures {
  scriptBytes: number;
  scripts: number;
  cls: number;
  lcpMs: number;
}

/** Sums layout shifts without recent input (CLS) and keeps the last largest-contentful-paint time. */
const OBSERVE_SHIFTS_AND_PAINTS = `
  window.__cls = 0;
  window.__lcp = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.__cls += entry.value;
  }).observe({ type: 'layout-shift', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__lcp = entry.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
`;

/** Loads `url` in a fresh page and reads what the browser saw until `ready` holds. */
async function measure(
  page: Page,
  url: string,
  ready: (page: Page) => Promise<void>,
): Promise<BrowserFigures> {
  const scripts: Promise<number>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') {
      scripts.push(
        response
          .request()
          .sizes()
          .then((s) => s.responseBodySize),
      );
    }
  });
  // Plain script text: it runs in the page (this package is typed for Node, not the DOM).
  await page.addInitScript({ content: OBSERVE_SHIFTS_AND_PAINTS });
  await page.goto(url, { waitUntil: 'load' });
  await ready(page);
  // Shifts after the screen is up (late fonts, data arriving) count too.
  await page.waitForTimeout(2000);
  const { cls, lcp } = await page.evaluate<{ cls: number; lcp: number }>(
    '({ cls: window.__cls, lcp: window.__lcp })',
  );
  const sizes = await Promise.all(scripts);
  return { scriptBytes: sizes.reduce((a, b) => a + b, 0), scripts: sizes.length, cls, lcpMs: lcp };
}

export async function webBudgetSection(options: Options): Promise<SectionResult> {
  console.log('\nWeb budget: initial JavaScript, layout shift, Lighthouse (Debian Chromium)');
  execFileSync('npm', ['run', 'build', '-w', '@cashdesk/web'], { cwd: REPO_ROOT, stdio: 'pipe' });
  const manifest = readManifest(WEB_DIST);
  const login = initialJavaScript(WEB_DIST, manifest);
  const devices = initialJavaScript(WEB_DIST, manifest, [SIGNED_IN_CHUNK]);
  const sizeColumns: Column[] = [
    { header: 'screen', align: 'left' },
    { header: 'files', align: 'right' },
    { header: 'built KB', align: 'right' },
    { header: 'gzip KB', align: 'right' },
    { header: 'brotli KB', align: 'right' },
    { header: `gzip < ${BUDGET_KB} KB`, align: 'left' },
  ];
  const sizeRow = (name: string, s: Sizes) => [
    name,
    String(s.files.length),
    kb(s.rawBytes),
    kb(s.gzipBytes),
    kb(s.brotliBytes),
    s.gzipBytes < BUDGET_KB * 1024 ? 'yes' : 'no',
  ];
  const sizeCells = [sizeRow('/authorization', login), sizeRow('/devices', devices)];
  console.log(renderTable(sizeColumns, sizeCells));
  console.log(
    `  from apps/web/dist/.vite/manifest.json; /devices adds the lazy chunk of ${SIGNED_IN_CHUNK}.`,
  );

  if (!fs.existsSync(CHROME_PATH)) {
    console.log(`  browser figures skipped: no Chromium at ${CHROME_PATH} (set CHROME_PATH)`);
    return { ok: true, markdown: `Web budget\n\n${renderTable(sizeColumns, sizeCells, 'markdown')}` };
  }

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cashdesk-web-'));
  const bench = await sqliteTarget(dir).open('web', 1);
  const venue = await createVenue(bench.db, await hashPassword(PASSWORD));
  const server = await startServer({
    ...serverDatabaseEnv(bench.connection, path.dirname(bench.where)),
    BENCH_WEB_DIST: WEB_DIST,
  });
  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: CHROMIUM_ARGS });
  try {
    const terminal = new Terminal(server.url);
    await terminal.signIn(venue.login, PASSWORD);
    const token = (terminal as unknown as { cookie: string }).cookie.replace(/^x-token=/, '');
    await terminal.close();

    const loginPage = await (await browser.newContext({ viewport: { width: 1920, height: 1080 } })).newPage();
    const loginFigures = await measure(loginPage, `${server.url}/authorization`, async (page) => {
      await page
        .getByRole('button', { name: /sign in|log in|enter/i })
        .first()
        .waitFor();
    });
    const context = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
    await context.addCookies([{ name: 'x-token', value: token, url: server.url }]);
    const devicesPage = await context.newPage();
    // What went over the network (CDP): a revalidated poll is a 304 there, while the page sees a 200.
    const statuses: Record<string, string[]> = {};
    const cdp = await context.newCDPSession(devicesPage);
    await cdp.send('Network.enable');
    const started = Date.now();
    // The status on the wire comes with responseReceivedExtraInfo; responseReceived shows the cached 200.
    const pollUrls = new Map<string, string>();
    cdp.on('Network.requestWillBeSent', (event) => {
      const url = event.request.url;
      if (/account_balance|cashier_v/.test(url))
        pollUrls.set(event.requestId, url.includes('cashier_v') ? 'version' : 'float');
    });
    cdp.on('Network.responseReceivedExtraInfo', (event) => {
      const key = pollUrls.get(event.requestId);
      if (key)
        (statuses[key] ??= []).push(`${((Date.now() - started) / 1000).toFixed(1)} s: ${event.statusCode}`);
    });
    const pageErrors: string[] = [];
    devicesPage.on('console', (m) => m.type() === 'error' && pageErrors.push(m.text()));
    devicesPage.on('pageerror', (e) => pageErrors.push(e.message));
    const devicesFigures = await measure(devicesPage, `${server.url}/devices`, async (page) => {
      try {
        await page.getByText('Bench cabinet').first().waitFor({ timeout: 15_000 });
      } catch (error) {
        const text = (await page.textContent('body'))?.slice(0, 300);
        throw new Error(
          `the devices screen did not show (at ${page.url()}: ${text}; ${pageErrors.join('; ')})`,
          { cause: error },
        );
      }
    });
    // Two more poll periods: the repeats should come back 304 from the server, the body from the cache.
    await devicesPage.waitForTimeout(11_000);

    const lighthouse: (LighthouseResult | string)[] = [];
    const retried: string[] = [];
    for (const [name, headers] of options.quick || process.env.BENCH_NO_LH
      ? []
      : ([
          ['/authorization', {}],
          ['/devices', { Cookie: `x-token=${token}` }],
        ] as const)) {
      const result = await runLighthouse(`${server.url}${name}`, CHROME_PATH, headers).catch((e: unknown) =>
        String(e),
      );
      lighthouse.push(result);
      if (typeof result === 'object' && result.runs > 1) retried.push(`${name} took ${result.runs} runs`);
    }

    const browserColumns: Column[] = [
      { header: 'screen', align: 'left' },
      { header: 'scripts', align: 'right' },
      { header: 'script KB on the wire', align: 'right' },
      { header: 'CLS', align: 'right' },
      { header: 'LCP ms (no throttling)', align: 'right' },
      { header: 'Lighthouse perf', align: 'right' },
      { header: 'LH FCP ms', align: 'right' },
      { header: 'LH LCP ms', align: 'right' },
      { header: 'LH TBT ms', align: 'right' },
      { header: 'LH CLS', align: 'right' },
    ];
    const browserRow = (name: string, f: BrowserFigures, lh: LighthouseResult | string | undefined) => [
      name,
      String(f.scripts),
      kb(f.scriptBytes),
      f.cls.toFixed(3),
      f.lcpMs.toFixed(0),
      typeof lh === 'object' ? String(Math.round(lh.score * 100)) : 'n/a',
      typeof lh === 'object' ? lh.fcpMs.toFixed(0) : '',
      typeof lh === 'object' ? lh.lcpMs.toFixed(0) : '',
      typeof lh === 'object' ? lh.tbtMs.toFixed(0) : '',
      typeof lh === 'object' ? lh.cls.toFixed(3) : '',
    ];
    const browserCells = [
      browserRow('/authorization', loginFigures, lighthouse[0]),
      browserRow('/devices', devicesFigures, lighthouse[1]),
    ];
    console.log(renderTable(browserColumns, browserCells));
    for (const item of lighthouse) if (typeof item === 'string') console.log(`  Lighthouse failed: ${item}`);
    for (const note of retried)
      console.log(`  Lighthouse on ${note}: the trace of the others lost the page load.`);
    console.log(
      `  Chromium ${browser.version()} at ${CHROME_PATH}, 1920x1080, loopback, no throttling for the first ` +
        `figures; Lighthouse ${lighthouse.find((l) => typeof l === 'object')?.version ?? ''} with its default ` +
        `mobile profile (simulated slow 4G, 4x CPU slowdown), performance category only.`,
    );
    console.log(
      `  poll answers seen by the devices screen over ~13 s: ` +
        Object.entries(statuses)
          .map(([k, v]) => `${k} ${v.join(', ')}`)
          .join('; ') +
        ' on the wire (a 304 is a revalidated poll: the page got the stored body from the browser cache)',
    );
    const markdown =
      `Web budget\n\n${renderTable(sizeColumns, sizeCells, 'markdown')}\n\n` +
      renderTable(browserColumns, browserCells, 'markdown');
    return { ok: true, markdown };
  } finally {
    await browser.close();
    await server.stop();
    await bench.dispose();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
