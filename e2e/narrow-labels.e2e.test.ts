// Labels that must be read whole where the screen is narrow, with the Support button in the bar (its
// widest form): the navigation bar's title, its Game Platform label and the float at 375 px in every
// language (they were cut to "GAME PL…" and "Devic…"), and a device's "Player 1" on one line in the side
// panel at 768 px. And the site's icon: /favicon.ico answers an icon, not a 404.
import type { Language } from '@cashdesk/contract';
import type { Locator, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { screenshot } from './support/browser';
import { describeE2E, useE2E } from './support/harness';
import { translator } from './support/i18n';
import { layoutFaults } from './support/layout';
import { openSignedIn } from './support/ui';

const SUPPORT = { SUPPORT_PHONE: '+34 600 123 456', SUPPORT_EMAIL: 'support@demo-venue.example' };

/** The elements inside `scope` that cut their own text (an ellipsis or a clip): "tag.class: text". */
async function cutTexts(scope: Locator): Promise<string[]> {
  return scope.evaluate((root) =>
    [...root.querySelectorAll<HTMLElement>('*')]
      // Seen (a visually hidden name, 1 px and clipped on purpose, is no label a person reads).
      .filter((el) => el.checkVisibility() && el.getBoundingClientRect().width > 2)
      .filter((el) => (el.textContent ?? '').trim() !== '')
      .filter((el) => getComputedStyle(el).overflowX !== 'visible' && el.scrollWidth > el.clientWidth + 1)
      .map((el) => `${el.tagName.toLowerCase()}.${el.className}: ${(el.textContent ?? '').trim()}`),
  );
}

describeE2E('labels read whole on narrow screens', () => {
  const e2e = useE2E({ env: SUPPORT });

  /** Opens `path` signed in as the demo cashier, in `lng`. */
  async function openIn(page: Page, lng: Language, path: string): Promise<void> {
    await page.addInitScript((chosen) => localStorage.setItem('lng', chosen), lng);
    await openSignedIn(page, e2e.server, path);
  }

  it.each(['en', 'es', 'pt'] as const)(
    "shows the bar's title, Game Platform label and float whole at 375 px (%s)",
    async (lng) => {
      const t = translator(lng);
      for (const [path, title] of [
        ['/devices', t('navigation:titles.devices')],
        ['/history', t('navigation:titles.history')],
      ] as const) {
        const page = await e2e.newPage('mobile');
        await openIn(page, lng, path);
        const bar = page.locator('header.nav-bar');
        await bar.getByText(title, { exact: true }).waitFor();
        await bar.getByText(t('navigation:gamePlatform'), { exact: true }).waitFor();
        expect(await bar.getByRole('group', { name: t('navigation:float') }).innerText()).toContain(
          '11000.00 EUR',
        );
        await bar.getByRole('button', { name: t('support:open'), exact: true }).waitFor();
        expect(await cutTexts(bar)).toEqual([]);
        // Everything in the bar inside the screen, nothing covered.
        const box = (await bar.boundingBox())!;
        expect(box.width).toBeLessThanOrEqual(375);
        expect(await layoutFaults(page)).toEqual([]);
        if (path === '/devices') await screenshot(page, `narrow-bar-${lng}`);
      }
    },
  );

  it.each(['en', 'es'] as const)(
    "keeps 'Player 1' on one line in the side panel at 768 px (%s)",
    async (lng) => {
      const t = translator(lng);
      const page = await e2e.newPage('portrait');
      await openIn(page, lng, '/devices');
      await page
        .getByRole('button', { name: t('devices:table.open', { name: 'Rocket Game' }), exact: true })
        .first()
        .click();
      const players = page.getByRole('list', { name: t('devices:tabs.players'), exact: true });
      await players.waitFor();
      const names = players.locator('.device-players__name');
      expect(await names.count()).toBe(4);
      for (const [index, name] of (await names.all()).entries()) {
        expect(await name.innerText()).toBe(t('devices:players.player', { place: index + 1 }));
        const lines = await name.evaluate((el) => {
          const lineHeight = parseFloat(getComputedStyle(el).lineHeight) || 20;
          return Math.round(el.getBoundingClientRect().height / lineHeight);
        });
        expect(lines).toBe(1);
      }
      expect(await cutTexts(players)).toEqual([]);
      for (const place of [1, 2, 3, 4]) {
        await players
          .getByRole('button', { name: t('devices:players.manageLabel', { place }), exact: true })
          .waitFor();
      }
      expect(await layoutFaults(page)).toEqual([]);
      await players.scrollIntoViewIfNeeded();
      await screenshot(page, `narrow-players-${lng}`);
    },
  );

  it('answers /favicon.ico with the icon, which the page names', async () => {
    const res = await fetch(e2e.url('/favicon.ico'));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)/);
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 4)]).toEqual([0, 0, 1, 0]); // an ICO file's header
    const page = await e2e.newPage('mobile', '/authorization');
    expect(await page.locator('link[rel="icon"]').getAttribute('href')).toBe('/favicon.ico');
  });
});
