// The per-file harness: starts the real server and one Chromium before the file's tests, gives each
// test fresh pages (own cookies and localStorage) at the issue's widths, and stops it all afterwards.
// A page that throws an uncaught error fails the test it belongs to.
//
//   const e2e = useE2E();
//   it('signs in', async () => {
//     const page = await e2e.newPage('mobile');
//     await signIn(page, 'cashier', 'cashier123');
//   });
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe } from 'vitest';
import { launchBrowser, VIEWPORT_NAMES, VIEWPORTS, type ViewportName } from './browser';
import { stopAllSimulators } from './devices';
import { E2E_SKIP, SCREENSHOT_DIR, SKIP_MESSAGE } from './env';
import { startE2EServer, type E2EServer, type E2EServerOptions } from './server';

export interface E2E {
  readonly server: E2EServer;
  readonly browser: Browser;
  /**
   * A new page in a fresh browser context at one of the three widths, opened at `path` if given;
   * `touch` makes it a touch screen (taps with `locator.tap()`); `locale` and `timezoneId` replace the
   * browser's usual en-GB in Asia/Kolkata (e.g. a US browser: 'en-US', 'America/New_York').
   */
  newPage(viewport: ViewportName, path?: string, options?: NewPageOptions): Promise<Page>;
  url(path: string): string;
}

export interface NewPageOptions {
  touch?: boolean;
  locale?: string;
  timezoneId?: string;
}

/** `describe`, skipped (and saying why) when E2E_SKIP=1. */
export const describeE2E = E2E_SKIP ? describe.skip : describe;

export function useE2E(options: E2EServerOptions = {}): E2E {
  let server: E2EServer | null = null;
  let browser: Browser | null = null;
  let contexts: BrowserContext[] = [];
  let pageErrors: string[] = [];

  if (E2E_SKIP) {
    beforeAll(() => console.warn(SKIP_MESSAGE));
  } else {
    beforeAll(async () => {
      [server, browser] = await Promise.all([startE2EServer(options), launchBrowser()]);
    });
    afterEach(async (context) => {
      if (context.task.result?.state === 'fail') await saveFailureScreens(contexts, context.task.name);
      await closeWithin(CLOSE_LIMIT_MS, "the test's browser contexts", () =>
        Promise.all(contexts.map((c) => c.close())),
      );
      contexts = [];
      const errors = pageErrors;
      pageErrors = [];
      if (errors.length > 0) throw new Error(`uncaught errors in the page:\n${errors.join('\n')}`);
    });
    afterAll(async () => {
      await stopAllSimulators();
      await closeWithin(CLOSE_LIMIT_MS, 'the browser', async () => browser?.close());
      await server?.close();
    });
  }

  const e2e: E2E = {
    get server() {
      if (!server) throw new Error('e2e: the server is not started (use e2e.server inside a test)');
      return server;
    },
    get browser() {
      if (!browser) throw new Error('e2e: the browser is not started (use e2e.browser inside a test)');
      return browser;
    },
    async newPage(viewport, path, options = {}) {
      const context = await e2e.browser.newContext({
        viewport: VIEWPORTS[viewport],
        hasTouch: options.touch ?? false,
        baseURL: e2e.server.baseUrl,
        locale: options.locale ?? 'en-GB',
        timezoneId: options.timezoneId ?? 'Asia/Kolkata',
      });
      contexts.push(context);
      context.setDefaultTimeout(10_000);
      const page = await context.newPage();
      page.on('pageerror', (error) => pageErrors.push(`${viewport} ${page.url()}: ${error.message}`));
      if (process.env.E2E_DEBUG === '1') traceToConsole(page, viewport);
      if (path !== undefined) await page.goto(path);
      return page;
    },
    url(path) {
      return `${e2e.server.baseUrl}${path}`;
    },
  };
  return e2e;
}

/** Closing a Chromium context or browser takes well under a second; a longer wait is a stuck browser. */
const CLOSE_LIMIT_MS = 15_000;

/**
 * Runs `close`, giving up after `limitMs` with a warning: a browser that will not close must not hang
 * the hook past vitest's limit and fail a test whose checks all passed. Closing the browser at the end
 * of the file (or the process ending) still takes whatever was left open.
 */
async function closeWithin(limitMs: number, what: string, close: () => Promise<unknown>): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const gaveUp = new Promise<'gave up'>((resolve) => {
    timer = setTimeout(() => resolve('gave up'), limitMs);
  });
  const outcome = await Promise.race([close().catch(() => 'failed'), gaveUp]);
  clearTimeout(timer);
  if (outcome === 'gave up') console.warn(`e2e: closing ${what} took over ${limitMs} ms; going on without`);
}

/** What every page of a failed test showed, in screenshots/e2e/failed/ (for the report, not review). */
async function saveFailureScreens(contexts: BrowserContext[], testName: string): Promise<void> {
  const dir = path.join(SCREENSHOT_DIR, 'e2e', 'failed');
  fs.mkdirSync(dir, { recursive: true });
  const base = testName.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '');
  const pages = contexts.flatMap((c) => c.pages());
  for (const [i, page] of pages.entries()) {
    const file = path.join(dir, `${base}${pages.length > 1 ? `-${i + 1}` : ''}.png`);
    await page.screenshot({ path: file, animations: 'disabled' }).catch(() => undefined);
    console.warn(`e2e: screenshot of the failed test: ${path.relative(process.cwd(), file)}`);
  }
}

/** E2E_DEBUG=1: the page's console and its API calls, with times, in the test output. */
function traceToConsole(page: Page, viewport: ViewportName): void {
  const started = Date.now();
  const log = (line: string) => console.log(`[${viewport} +${Date.now() - started} ms] ${line}`);
  page.on('console', (message) => log(`console.${message.type()}: ${message.text()}`));
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/')) log(`-> ${request.method()} ${request.url()}`);
  });
  page.on('response', (response) => {
    if (new URL(response.url()).pathname.startsWith('/api/'))
      log(`<- ${response.status()} ${response.url()}`);
  });
  void page.addInitScript(() => {
    const describe = (el: EventTarget | null) =>
      el instanceof Element
        ? `${el.tagName.toLowerCase()}.${el.className}:${(el.textContent ?? '').slice(0, 30)}`
        : '?';
    for (const type of ['mousedown', 'click', 'keydown']) {
      document.addEventListener(type, (e) => console.log(`event ${type} on ${describe(e.target)}`), true);
    }
    let hadDialog = false;
    new MutationObserver(() => {
      const has = document.querySelector('[role=dialog]') !== null;
      if (has !== hadDialog) console.log(has ? 'a dialog opened' : 'the dialog closed');
      hadDialog = has;
    }).observe(document, { childList: true, subtree: true });
  });
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) log(`navigated to ${frame.url()}`);
  });
}

/**
 * Runs one flow at the three widths side by side (each in its own page, on its own data), for flows
 * that mostly wait (countdowns, polls): the run takes as long as the slowest width, not the sum.
 * A failure names its width.
 */
export async function atEveryWidth(run: (viewport: ViewportName) => Promise<void>): Promise<void> {
  const outcomes = await Promise.all(
    VIEWPORT_NAMES.map((viewport) =>
      run(viewport).then(
        () => null,
        (error: unknown) => {
          const text = error instanceof Error ? (error.stack ?? error.message) : String(error);
          return `at ${viewport} (${VIEWPORTS[viewport].width} px): ${text}`;
        },
      ),
    ),
  );
  const failures = outcomes.filter((outcome): outcome is string => outcome !== null);
  if (failures.length > 0) throw new Error(failures.join('\n\n'));
}
