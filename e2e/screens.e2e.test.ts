// Web app II, accessibility and review: every screen of the catalogue (support/screen-catalogue.ts) in
// Chromium against the real server, scanned with axe-core (no serious or critical finding may remain),
// checked for a page wider than the screen and for a covered button (support/layout.ts), and
// saved as a screenshot (screenshots/e2e/<screen>[-<lng>]-<width>.png), in English at 1920, 1024, 768 and
// 375 px and in Spanish and Portuguese at one width each. The server has the support contact on
// (SCREENS_SERVER_ENV), so the floating Support button is there to cover something. The six runs go two
// at a time, each in its own page: the table takes about as long as the slowest pairs, not the sum.
import type { Language } from '@cashdesk/contract';
import { expect, it } from 'vitest';
import { axeScan, describeFinding, failing } from './support/axe';
import { screenshot, VIEWPORTS, type ViewportName } from './support/browser';
import { describeE2E, useE2E, type E2E } from './support/harness';
import { translator } from './support/i18n';
import { layoutFaults } from './support/layout';
import {
  prepareScreens,
  RUNS,
  SCREENS,
  SCREENS_SERVER_ENV,
  shiftCashierLogin,
  type Visit,
} from './support/screen-catalogue';
import { LOGINS, openSignedIn, smallTouchTargets } from './support/ui';

const DEMO_LOGIN_OF = { cashier: LOGINS.cashier.login, other: 'other', admin: LOGINS.admin.login } as const;
const PARALLEL_RUNS = 2;

/** One visit at a time for screens marked exclusive. */
class Mutex {
  private tail: Promise<void> = Promise.resolve();
  async run<T>(task: () => Promise<T>): Promise<T> {
    const previous = this.tail;
    let release: () => void = () => undefined;
    this.tail = new Promise((resolve) => (release = resolve));
    await previous;
    try {
      return await task();
    } finally {
      release();
    }
  }
}

/** Visits every screen of the table in one language at one width; returns what is wrong. */
async function runScreens(
  e2e: E2E,
  lng: Language,
  viewport: ViewportName,
  exclusive: Mutex,
): Promise<string[]> {
  const label = `${lng} ${VIEWPORTS[viewport].width} px`;
  const page = await e2e.newPage(viewport);
  // The language as a cashier who chose it once: remembered in localStorage `lng`.
  await page.addInitScript((chosen) => localStorage.setItem('lng', chosen), lng);
  const visit: Visit = { page, viewport, lng, t: translator(lng), server: e2e.server };
  const problems: string[] = [];
  let lastReached: string | null = null;

  for (const screen of SCREENS.filter((s) => !s.widths || s.widths.includes(viewport))) {
    const reached = lastReached;
    lastReached = null;
    if (screen.after !== undefined && screen.after !== reached) {
      problems.push(`${label} ${screen.name}: not reached, as ${screen.after} was not`);
      continue;
    }
    const visitScreen = async () => {
      if (screen.after === undefined) {
        await page.context().clearCookies();
        const path = typeof screen.path === 'string' ? screen.path : screen.path(e2e.server);
        if (screen.as === null) await page.goto(path);
        else {
          const login = screen.as === 'shifts' ? shiftCashierLogin(lng, viewport) : DEMO_LOGIN_OF[screen.as];
          await openSignedIn(page, e2e.server, path, login);
        }
      }
      try {
        await screen.reach(visit);
      } catch (error) {
        problems.push(`${label} ${screen.name}: not reached: ${(error as Error).message.split('\n')[0]}`);
        return;
      }
      if ((await page.evaluate(() => document.documentElement.lang)) !== lng)
        problems.push(`${label} ${screen.name}: <html lang> is not ${lng}`);
      for (const finding of failing(await axeScan(page)))
        problems.push(`${label} ${screen.name}: ${describeFinding(finding)}`);
      // Touch: what the cashier can press now (the open dialog, else the page) is at least 44 px.
      const dialog = page.getByRole('dialog');
      const small = await smallTouchTargets((await dialog.count()) > 0 ? dialog : page.locator('body'));
      if (small.length > 0)
        problems.push(`${label} ${screen.name}: touch targets under 44 px: ${small.join(', ')}`);
      await screenshot(page, lng === 'en' ? screen.name : `${screen.name}-${lng}`);
      // After the screenshot: the hit test scrolls buttons into view (and back).
      for (const fault of await layoutFaults(page)) problems.push(`${label} ${screen.name}: ${fault}`);
      lastReached = screen.name;
    };
    await (screen.exclusive ? exclusive.run(visitScreen) : visitScreen());
  }
  return problems;
}

describeE2E('every screen: accessibility scan and screenshots', () => {
  const e2e = useE2E({ env: SCREENS_SERVER_ENV });

  it('finds what it must: a page with known faults fails the scan', async () => {
    const page = await e2e.newPage('desktop');
    await page.setContent(
      '<main><h1>Faults</h1><img src="x.png"><button></button><p style="color:#bbb">faint</p></main>',
    );
    const rules = failing(await axeScan(page)).map((f) => f.rule);
    expect(rules).toEqual(expect.arrayContaining(['image-alt', 'button-name', 'color-contrast']));
  });

  it('finds what it must: a page too wide and a button under a fixed widget fail the layout check', async () => {
    const page = await e2e.newPage('mobile');
    const widget = '<button style="position:fixed;bottom:0;right:0;width:200px;height:60px">Help</button>';
    await page.setContent(
      `<style>body{margin:0}</style><main><div style="width:410px">Game</div><div style="height:2000px"></div>` +
        `<button style="display:block;margin-left:auto;width:100px;height:44px">Manage</button></main>${widget}`,
    );
    expect(await layoutFaults(page)).toEqual([
      '410 px wide, wider than the 375 px screen: <div> "Game" ends at 410 px',
      '<button> "Manage" is covered by <button> "Help"',
    ]);
    // Under a dialog the page is covered by design: only the dialog's own layer counts.
    await page.setContent(
      `<button>Page</button><div style="position:fixed;inset:0;background:#0008">` +
        `<div role="dialog" aria-labelledby="t"><h2 id="t">Title</h2><button>OK</button></div></div>`,
    );
    expect(await layoutFaults(page)).toEqual([]);
  });

  it("the client download page links the operator's file, as any visitor sees it", async () => {
    const page = await e2e.newPage('mobile', '/get-client');
    await page.getByRole('img', { name: 'Cashdesk' }).waitFor();
    await page.getByRole('heading', { name: 'Cashdesk client', level: 1 }).waitFor();
    const download = page.getByRole('link', { name: 'Download' });
    expect(await download.getAttribute('href')).toBe(SCREENS_SERVER_ENV.CLIENT_DOWNLOAD_URL);
  });

  it(
    'has no serious or critical finding, sideways scroll or covered button on any screen (en at 1920, 1024, 768, 375 px; es at 375; pt at 1024)',
    { timeout: 720_000 },
    async () => {
      await prepareScreens(e2e.server);
      const queue = RUNS.flatMap(({ lng, viewports }) => viewports.map((viewport) => ({ lng, viewport })));
      const exclusive = new Mutex();
      const problems: string[] = [];
      const worker = async () => {
        for (let run = queue.shift(); run; run = queue.shift()) {
          const found = await runScreens(e2e, run.lng, run.viewport, exclusive);
          // Each run's problems as soon as it ends, so a run that times out still shows what it found.
          for (const problem of found) console.warn(`screens: ${problem}`);
          problems.push(...found);
        }
      };
      await Promise.all(Array.from({ length: PARALLEL_RUNS }, worker));
      expect(problems).toEqual([]);
    },
  );
});
