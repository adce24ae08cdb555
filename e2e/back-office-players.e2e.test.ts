// A venue's players in the back office, in Chromium against the real server, on a phone (375 px, by
// touch) and a laptop (1280 px), in English and in Portuguese: a manager finds a player by their document
// number, excludes them until a day (a deposit for them is then refused) and lifts it; sets the venue's
// four player settings (a wrong cooling-off refused first); and opens the cash report of today's gaming
// day, where a cashier's deposits for a registered player are logged and the player reported with their
// identity, and downloads its CSV. The players and their cash are made through the API as a cashier would;
// both tabs are reached through the venue's strip of tabs, as a person does.
import fs from 'node:fs';
import { randomUUID } from 'node:crypto';
import { gamingDayOf, type Account, type Language, type Player } from '@cashdesk/contract';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import { rowWith } from './support/back-office';
import { screenshot, VIEWPORTS, type ViewportName } from './support/browser';
import { setFloatBalance } from './support/data';
import { createLinkedCabinet } from './support/devices';
import { describeE2E, useE2E } from './support/harness';
import { translator, type Translate } from './support/i18n';
import { layoutFaults } from './support/layout';
import { LOGINS, openSignedIn, watchForToast } from './support/ui';

const VISITS: [ViewportName, Language][] = [
  ['mobile', 'en'],
  ['mobile', 'pt'],
  ['laptop', 'en'],
  ['laptop', 'pt'],
];

/** The cash report's thresholds while its test runs: both deposits logged, their sum reported. */
const LOG_ABOVE = 100_00;
const REPORT_ABOVE = 200_00;
const DEPOSIT = 150_00;

/** The demo venue's gaming day (UTC, from 06:00) `days` after today's. */
function gamingDay(days = 0): string {
  const today = gamingDayOf(Date.now(), { time_zone: 'UTC', day_starts_at: 6 });
  return new Date(Date.parse(`${today}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

interface Answer {
  status: number;
  body: unknown;
}

/** A call made by the signed-in page itself (same origin, its session), as the screens make them. */
async function call(page: Page, method: string, path: string, body?: unknown): Promise<Answer> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const res = await fetch(path, {
        method,
        headers: { 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return { status: res.status, body: (await res.json()) as unknown };
    },
    { method, path, body },
  );
}

async function ok<T>(answer: Promise<Answer>): Promise<T> {
  const { status, body } = await answer;
  expect(status, JSON.stringify(body)).toBe(200);
  return body as T;
}

/** Both plural forms of a counted text as one pattern, the count a group of digits. */
function countedPattern(t: Translate, key: string): RegExp {
  const forms = [t(`${key}_one`), t(`${key}_other`)].map((text) =>
    text.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{\{\s*\w+\s*\}\}/g, '\\d+'),
  );
  return new RegExp(`^(${forms.join('|')})$`);
}

/**
 * Whether the strip's tab named `name` can be pressed where it shows: wholly inside the strip's visible
 * part, or, for a tab wider than what the two "more" buttons leave of a phone's strip ("Relatório em
 * espécie"), with its middle in sight, where a tap lands.
 */
function inSight(strip: Locator, name: string): Promise<boolean> {
  return strip.evaluate((nav, wanted) => {
    const tab = [...nav.querySelectorAll('a')].find((a) => a.textContent?.trim() === wanted);
    if (!tab) throw new Error(`no tab ${wanted}`);
    const box = nav.getBoundingClientRect();
    const rect = tab.getBoundingClientRect();
    if (rect.left >= box.left - 1 && rect.right <= box.right + 1) return true;
    const middle = rect.left + rect.width / 2;
    return rect.width > box.width && middle > box.left && middle < box.right;
  }, name);
}

describeE2E('the players in the back office', () => {
  const e2e = useE2E();
  const venue = () => e2e.server.demo.accountId;
  const accountPath = (tab: string) => `/back-office/accounts/${venue()}/${tab}`;
  const accountApi = () => `/api/v1/a/manager/account/${venue()}`;
  /** A cashier's till (a page signed in as the demo cashier): each test's own, as pages close after it. */
  let till: Page;
  async function openTill(): Promise<void> {
    till = await e2e.newPage('laptop');
    await openSignedIn(till, e2e.server);
  }
  let cabinet: { id: number };
  /** The player with today's large deposits, and the trx of each. */
  let big: Player;
  const bigDeposits: string[] = [];

  /** A player registered at the till, as a cashier does, with their identity. */
  function register(card: string, name: string, document: string): Promise<Player> {
    return ok<Player>(
      call(till, 'POST', '/api/v1/a/cashier/players', {
        card,
        name,
        document_kind: 'ID card',
        document_number: document,
        birth_date: '1990-04-02',
        trx: randomUUID(),
      }),
    );
  }

  /** A cashier's deposit for `player` at place 1 of `device`. */
  function deposit(
    player: Player,
    device: { id: number },
    cents: number,
    trx = randomUUID(),
  ): Promise<Answer> {
    return call(till, 'POST', `/api/v1/a/cashier/devices/${device.id}/place/1/update`, {
      delta: cents,
      trx,
      player_id: player.id,
    });
  }

  async function openAs(viewport: ViewportName, lng: Language, tab: string): Promise<Page> {
    const page = await e2e.newPage(viewport, undefined, {
      touch: viewport === 'mobile',
      locale: lng === 'pt' ? 'pt-BR' : 'en-GB',
    });
    await page.addInitScript((chosen) => localStorage.setItem('lng', chosen), lng);
    await openSignedIn(page, e2e.server, accountPath(tab), LOGINS.manager.login);
    return page;
  }

  const press = (viewport: ViewportName, target: Locator) =>
    viewport === 'mobile' ? target.tap() : target.click();

  /**
   * Follows one of the venue's tabs from the first (Overview) as a person does: on a phone the strip's
   * counted "more" button is pressed until the tab is in sight, then the tab.
   */
  async function reachTab(page: Page, viewport: ViewportName, t: Translate, tabKey: string): Promise<void> {
    const name = t(`backOffice:${tabKey}`);
    const strip = page.getByRole('navigation', { name: t('backOffice:account.sections'), exact: true });
    const tab = strip.getByRole('link', { name, exact: true });
    await tab.waitFor();
    for (let presses = 0; !(await inSight(strip, name)); presses += 1) {
      expect(presses, `presses of "more" to reach the tab ${name}`).toBeLessThan(12);
      const more = page.getByRole('button', { name: countedPattern(t, 'backOffice:account.tabsAfter') });
      await press(viewport, more);
      await page.waitForTimeout(400); // the strip scrolls smoothly
    }
    await press(viewport, tab);
  }

  beforeAll(async () => {
    await setFloatBalance(e2e.server, 100_000_00);
    cabinet = await createLinkedCabinet(e2e.server, 'Players cabinet');
    await openTill();
    // Today's cash for one player, made before any visit changes the venue's settings (a daily limit).
    big = await register('E2E-BIG-0001', 'Bruna Grande', 'BIG-778899');
    for (let count = 0; count < 2; count += 1) {
      const trx = randomUUID();
      await ok(deposit(big, cabinet, DEPOSIT, trx));
      bigDeposits.push(trx);
    }
  });

  it.each(VISITS)(
    'a manager finds a player, excludes them until a day and lifts it (%s, %s)',
    async (viewport, lng) => {
      const t: Translate = translator(lng);
      const bo = (key: string, params?: Record<string, string | number>) => t(`backOffice:${key}`, params);
      const pl = (key: string, params?: Record<string, string | number>) =>
        t(`backOfficePlayers:${key}`, params);
      await openTill();
      const width = VIEWPORTS[viewport].width;
      const card = `E2E-EX-${width}-${lng}`;
      const documentNumber = `EX${width}${lng.toUpperCase()}42`;
      const player = await register(card, `Excluded ${lng} ${width}`, documentNumber);
      // A cabinet of the visit's own: a seat holds one player's money at a time.
      const seat = await createLinkedCabinet(e2e.server, `Exclusion ${lng} ${width}`);

      const page = await openAs(viewport, lng, 'overview');
      await reachTab(page, viewport, t, 'account.section.players');
      const section = page.getByRole('region', { name: bo('account.section.players'), exact: true });
      await section.getByLabel(pl('players.searchLabel'), { exact: true }).fill(documentNumber);
      await press(viewport, section.getByRole('button', { name: pl('players.searchButton'), exact: true }));
      const table = section.getByRole('table');
      await rowWith(table, card).waitFor();
      // The identity recorded at the till, shown to the manager.
      await rowWith(table, card).getByText(`ID card ${documentNumber}`, { exact: true }).waitFor();
      await press(
        viewport,
        section.getByRole('button', { name: pl('players.openLabel', { card }), exact: true }),
      );

      const detail = section.getByRole('article', { name: pl('players.detailTitle', { card }) });
      await detail.getByText(`Excluded ${lng} ${width}`, { exact: true }).waitFor();
      await detail.getByText(pl('players.notExcluded'), { exact: true }).waitFor();
      expect(await layoutFaults(page), 'the player').toEqual([]);

      // Excluded until a day a month away: the detail says so, and the till can no longer take a deposit.
      const lastDay = gamingDay(30);
      await press(viewport, detail.getByRole('button', { name: pl('players.exclude'), exact: true }));
      const dialog = page.getByRole('dialog', { name: pl('players.excludeTitle', { card }) });
      await dialog.getByLabel(pl('players.lastDay'), { exact: true }).fill(lastDay);
      await screenshot(page, `back-office-player-exclude-${lng}`);
      expect(await layoutFaults(page), 'the exclusion dialog').toEqual([]);
      const excludedToast = watchForToast(page, pl('players.excludedToastUntil', { card, day: lastDay }));
      await press(viewport, dialog.getByRole('button', { name: pl('players.excludeSubmit'), exact: true }));
      await excludedToast;
      await dialog.waitFor({ state: 'detached' });
      await detail.getByText(pl('players.excludedUntil', { day: lastDay }), { exact: true }).waitFor();
      const refused = await deposit(player, seat, 10_00);
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ err: 'player excluded', until: lastDay });
      await screenshot(page, `back-office-player-excluded-${lng}`);

      // Lifted: the player may deposit again at once.
      await press(viewport, detail.getByRole('button', { name: pl('players.lift'), exact: true }));
      const lift = page.getByRole('dialog', { name: pl('players.liftTitle', { card }) });
      const liftedToast = watchForToast(page, pl('players.lifted', { card }));
      await press(viewport, lift.getByRole('button', { name: pl('players.liftSubmit'), exact: true }));
      await liftedToast;
      await detail.getByText(pl('players.notExcluded'), { exact: true }).waitFor();
      expect(await detail.getByRole('button', { name: pl('players.lift'), exact: true }).count()).toBe(0);
      expect((await deposit(player, seat, 10_00)).status).toBe(200);

      // Back to the results, where the list says the same.
      await press(viewport, detail.getByRole('button', { name: new RegExp(pl('players.back')) }));
      await rowWith(table, card).getByText(pl('players.notExcluded'), { exact: true }).waitFor();
      expect(await layoutFaults(page), 'the results').toEqual([]);
    },
  );

  it.each(VISITS)("a manager sets the venue's player settings (%s, %s)", async (viewport, lng) => {
    const t: Translate = translator(lng);
    const bo = (key: string) => t(`backOffice:${key}`);
    const pl = (key: string) => t(`backOfficePlayers:${key}`);
    const index = VISITS.findIndex(([v, l]) => v === viewport && l === lng);
    // Portuguese types a decimal comma.
    const units = (whole: number) => (lng === 'pt' ? `${whole},50` : `${whole}.50`);
    const wanted = {
      player_daily_limit: (900 + index) * 100 + 50,
      limit_cooling_off_hours: 12 + index,
      cash_log_above: (3000 + index) * 100 + 50,
      cash_report_above: (10_000 + index) * 100 + 50,
    };

    const page = await openAs(viewport, lng, 'settings');
    const section = page.getByRole('region', { name: bo('account.section.settings'), exact: true });
    const players = section.getByRole('group', { name: pl('settings.legend'), exact: true });
    const field = (key: string) => players.getByLabel(pl(key), { exact: true });
    await field('settings.dailyLimit').fill(units(900 + index));
    await field('settings.logAbove').fill(units(3000 + index));
    await field('settings.reportAbove').fill(units(10_000 + index));
    await field('settings.coolingOff').fill('721');
    const save = section.getByRole('button', { name: bo('settings.save'), exact: true });
    await press(viewport, save);
    await players.getByText(pl('settings.badHours'), { exact: true }).waitFor();
    expect(await field('settings.coolingOff').getAttribute('aria-invalid')).toBe('true');

    await field('settings.coolingOff').fill(String(wanted.limit_cooling_off_hours));
    await press(viewport, save);
    // Said in the form (and in a toast, which may have gone by the time this looks).
    await section.getByText(bo('settings.saved'), { exact: true }).and(section.getByRole('status')).waitFor();
    const account = await ok<Account>(call(page, 'GET', accountApi()));
    expect({
      player_daily_limit: account.player_daily_limit,
      limit_cooling_off_hours: account.limit_cooling_off_hours,
      cash_log_above: account.cash_log_above,
      cash_report_above: account.cash_report_above,
    }).toEqual(wanted);

    // Read back from the server: money as units, hours as typed.
    await page.reload();
    await field('settings.dailyLimit').waitFor();
    expect(await field('settings.dailyLimit').inputValue()).toBe(`${900 + index}.50`);
    expect(await field('settings.coolingOff').inputValue()).toBe(String(wanted.limit_cooling_off_hours));
    expect(await field('settings.logAbove').inputValue()).toBe(`${3000 + index}.50`);
    expect(await field('settings.reportAbove').inputValue()).toBe(`${10_000 + index}.50`);
    await screenshot(page, `back-office-player-settings-${lng}`);
    expect(await layoutFaults(page), 'the settings').toEqual([]);
  });

  it.each(VISITS)(
    'a manager opens the cash report of a day with a logged transaction and a reported player, and downloads its CSV (%s, %s)',
    async (viewport, lng) => {
      const t: Translate = translator(lng);
      const bo = (key: string, params?: Record<string, string | number>) => t(`backOffice:${key}`, params);
      const pl = (key: string, params?: Record<string, string | number>) =>
        t(`backOfficePlayers:${key}`, params);
      const page = await openAs(viewport, lng, 'overview');
      await ok(
        call(page, 'POST', accountApi(), { cash_log_above: LOG_ABOVE, cash_report_above: REPORT_ABOVE }),
      );
      await reachTab(page, viewport, t, 'account.section.cashReport');

      const today = gamingDay();
      const section = page.getByRole('region', { name: bo('account.section.cashReport'), exact: true });
      // Today's gaming day at first.
      expect(await section.getByLabel(bo('daily.day'), { exact: true }).inputValue()).toMatch(
        new RegExp(`^${today.slice(8, 10)}.${today.slice(5, 7)}.${today.slice(0, 4)}$`),
      );
      await section
        .getByRole('heading', { name: pl('cashReport.heading', { venue: 'Demo Venue', day: today }) })
        .waitFor();
      await section.getByText(/^[0-9a-f]{64}$/).waitFor();

      const log = section.getByRole('table', { name: pl('cashReport.logTitle', { amount: '100.00 EUR' }) });
      for (const trx of bigDeposits) {
        const line = rowWith(log, trx);
        await line.getByText(pl('cashReport.kinds.cash_in'), { exact: true }).waitFor();
        await line.getByText('150.00 EUR', { exact: true }).waitFor();
        await line.getByText(/E2E-BIG-0001/).waitFor();
      }
      const reports = section.getByRole('table', {
        name: pl('cashReport.reportsTitle', { amount: '200.00 EUR' }),
      });
      const reported = rowWith(reports, 'E2E-BIG-0001');
      await reported.getByText('Bruna Grande', { exact: true }).waitFor();
      await reported.getByText('ID card BIG-778899', { exact: true }).waitFor();
      await reported.getByText('300.00 EUR', { exact: true }).waitFor();
      await screenshot(page, `back-office-cash-report-${lng}`);
      expect(await layoutFaults(page), 'the cash report').toEqual([]);

      // On paper the report alone, its tables as tables.
      await page.emulateMedia({ media: 'print' });
      expect(await page.getByRole('navigation', { name: bo('account.sections') }).isVisible()).toBe(false);
      expect(await section.getByRole('button', { name: bo('daily.print'), exact: true }).isVisible()).toBe(
        false,
      );
      expect(await log.evaluate((table) => getComputedStyle(table).display)).toBe('table');
      await page.emulateMedia({ media: 'screen' });

      const downloading = page.waitForEvent('download');
      await press(viewport, section.getByRole('button', { name: bo('daily.csv'), exact: true }));
      const download = await downloading;
      expect(download.suggestedFilename()).toBe(`cash-report-${venue()}-${today}.csv`);
      const lines = fs
        .readFileSync(await download.path(), 'utf8')
        .replace(/^\uFEFF/, '')
        .split('\n');
      expect(lines.slice(0, 2)).toEqual(['venue,Demo Venue', `gaming_day,${today}`]);
      expect(lines).toContain('log_above,100.00');
      expect(lines).toContain('report_above,200.00');
      // Each deposit in the log (cash_in, 150.00, the trx), the player in the reports with identity.
      const logged = lines.slice(lines.indexOf('log'), lines.indexOf('reports'));
      for (const trx of bigDeposits) {
        expect(logged.find((line) => line.includes(`,${trx},`))).toMatch(
          /,E2E-BIG-0001,Bruna Grande,cash_in,150\.00,/,
        );
      }
      const reportedLines = lines.slice(lines.indexOf('reports'));
      expect(reportedLines.find((line) => line.includes('E2E-BIG-0001'))).toBe(
        `${big.id},E2E-BIG-0001,Bruna Grande,ID card,BIG-778899,1990-04-02,300.00,0.00,2`,
      );
      await expectNoOtherVenue(lines.join('\n'));
    },
  );

  /** The file is the demo venue's alone: the other venue's name is nowhere in it. */
  async function expectNoOtherVenue(text: string): Promise<void> {
    const others = await e2e.server.ctx.db.kysely
      .selectFrom('accounts')
      .select('name')
      .where('id', '!=', venue())
      .execute();
    for (const { name } of others) expect(text).not.toContain(name);
  }
});
