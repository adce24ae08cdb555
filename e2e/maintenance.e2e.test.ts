// Web app II: the maintenance page (/maintenance-redirect) in Chromium against the real server: the
// operator's text set with the CLI, a reload every 30 s that brings the next text, and without a text
// the 404 message in the browser's language.
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { runCli } from '@cashdesk/server';
import { screenshot } from './support/browser';
import { describeE2E, useE2E } from './support/harness';
import type { E2EServer } from './support/server';

/** The operator's `npm run cashdesk -- <args>`, in-process on the test server's database. */
async function cashdesk(server: E2EServer, ...args: string[]): Promise<void> {
  let err = '';
  const code = await runCli(args, {
    db: server.ctx.db,
    out: { write: () => true },
    err: { write: (text: string) => (err += text) },
  });
  if (code !== 0) throw new Error(`cashdesk ${args.join(' ')} failed (${code}): ${err}`);
}

/** Moves the page's clock past the next reload and waits for the page to load again. */
async function nextReload(page: Page): Promise<void> {
  const loaded = page.waitForEvent('load');
  await page.clock.fastForward('00:31');
  await loaded;
}

describeE2E('maintenance page', () => {
  const e2e = useE2E();

  it("shows the operator's text and the next one after its 30 s reload, then the 404 message", async () => {
    await cashdesk(e2e.server, 'maintenance:set', 'Back at 14:00.\nNew games are being installed.');
    const page = await e2e.newPage('mobile');
    await page.clock.install();
    await page.goto('/maintenance-redirect');
    await page.getByRole('heading', { name: 'Maintenance', level: 1 }).waitFor();
    const text = page.getByText(/^Back at 14:00\./);
    // The operator's line break stays a line break.
    expect(await text.innerText()).toBe('Back at 14:00.\nNew games are being installed.');
    await screenshot(page, 'maintenance');

    await cashdesk(e2e.server, 'maintenance:set', 'Open again at 15:30.');
    await page.clock.fastForward('00:25');
    expect(await text.count()).toBe(1);
    await nextReload(page);
    await page.getByText('Open again at 15:30.', { exact: true }).waitFor();

    await cashdesk(e2e.server, 'maintenance:clear');
    await nextReload(page);
    await page.getByRole('heading', { name: '404', level: 1 }).waitFor();
    await page.getByText('The page you are looking for is not available.', { exact: true }).waitFor();
  });

  it.each([
    ['de-DE', 'de', 'Die gesuchte Seite ist nicht verfügbar.'],
    ['fi-FI', 'fi', 'Etsimäsi sivu ei ole saatavilla.'],
    ['zh-CN', 'zh', '您要查找的页面不可用。'],
    ['pt-BR', 'en', 'The page you are looking for is not available.'],
  ])('without a text shows the 404 message in the browser language %s', async (locale, lang, message) => {
    await cashdesk(e2e.server, 'maintenance:clear');
    const context = await e2e.browser.newContext({
      locale,
      baseURL: e2e.server.baseUrl,
      viewport: { width: 1024, height: 768 },
    });
    try {
      const page = await context.newPage();
      await page.goto('/maintenance-redirect');
      const shown = page.getByText(message, { exact: true });
      await shown.waitFor();
      expect(await shown.evaluate((el) => el.closest('[lang]')?.getAttribute('lang'))).toBe(lang);
      if (lang === 'de') await screenshot(page, 'maintenance-404-de');
    } finally {
      await context.close();
    }
  });
});
