// Web app II, the history page: a cashier's own operations of a period in a GMT offset, each tab,
// sort and device filter checked against the operations this test booked; the table, the phone's
// accordion, the print layout (print media and an A4 PDF) at the three widths.
import { beforeAll, describe, expect, it } from 'vitest';
import { screenshot, VIEWPORT_NAMES, type ViewportName } from './support/browser';
import { correctOperation } from './support/data';
import { createLinkedCabinet, createLinkedPhone } from './support/devices';
import { describeE2E, useE2E } from './support/harness';
import { translator } from './support/i18n';
import { layoutFaults } from './support/layout';
import {
  bookOperations,
  createCashier,
  historyFigures,
  listedTransactions,
  readFigures,
  saveHistoryPeriod,
  shortTrx,
  type Period,
} from './support/reports';
import { devicesHeading } from './support/screens';
import { smallTouchTargets } from './support/ui';
import { openSignedIn, waitForPath } from './support/ui';

const LOGIN = 'historian';
const day = (offset: string): Period => ({
  offset,
  fromDate: '10.03.2026',
  fromTime: '00:00:00',
  toDate: '10.03.2026',
  toTime: '23:59:59',
});
/** A4 in PDF points (210 x 297 mm). */
const A4_PT = { width: (210 / 25.4) * 72, height: (297 / 25.4) * 72 };

describeE2E('history page', () => {
  const e2e = useE2E();
  /** The booked operations' trx, in booking (time) order: [0] is the oldest. */
  let trx: string[] = [];
  let ids: { rocket: number; fruit: number; frog: number };

  beforeAll(async () => {
    const server = e2e.server;
    ids = {
      rocket: server.demoDevice('rocket').id,
      fruit: server.demoDevice('fruit').id,
      frog: server.demoDevice('frog').id,
    };
    const historian = await createCashier(server, LOGIN, 'Hilda Historian');
    trx = await bookOperations(server, historian, [
      { at: '2026-03-09T23:30:00Z', deviceId: ids.rocket, place: 1, delta: 12_34 },
      { at: '2026-03-10T08:15:00Z', deviceId: ids.fruit, place: 1, delta: -5_00 },
      { at: '2026-03-10T12:00:00Z', deviceId: ids.rocket, place: 2, delta: 20_00 },
      { at: '2026-03-10T18:45:30Z', deviceId: ids.frog, place: 1, delta: -3_50 },
      { at: '2026-03-10T23:30:00Z', deviceId: ids.fruit, place: 3, delta: 7_77 },
    ]);
    // Another cashier's operation in the same hours: never in this cashier's history.
    await bookOperations(server, server.demo.cashierId, [
      { at: '2026-03-10T12:30:00Z', deviceId: ids.rocket, place: 1, delta: 50_00 },
    ]);
  });

  const shown = (...indexes: number[]) => indexes.map((i) => shortTrx(trx[i]!));

  it('lists the period of the chosen offset, by tab, sort and device, with figures to the cent', async () => {
    const page = await e2e.newPage('desktop');
    await openSignedIn(page, e2e.server, '/history', LOGIN);
    await page.getByRole('heading', { name: 'History', level: 1 }).waitFor();
    // Today (the default period) this cashier has done nothing.
    await page.getByText('No operations in this period.').waitFor();

    // 10 March at GMT+01:00 is 9 March 23:00Z to 10 March 22:59:59Z: operations 0 to 3.
    await saveHistoryPeriod(page, day('GMT+01:00'));
    await page.getByRole('tab', { name: 'All (4)' }).waitFor();
    expect(await listedTransactions(page)).toEqual(shown(3, 2, 1, 0));
    expect(await readFigures(historyFigures(page))).toEqual({
      delta: '23.84 EUR',
      operations: '4',
      income: '32.34 EUR',
      outcome: '8.50 EUR',
    });
    expect(await page.getByRole('button', { name: /^Period/ }).innerText()).toContain(
      '10.03.2026 00:00:00 – 10.03.2026 23:59:59 (GMT+01:00)',
    );
    // A row as the table shows it; the date in the browser's zone (Asia/Kolkata, +05:30).
    const table = page.getByRole('table', { name: 'Your deposits and withdraws in the period' });
    const cells = await table.getByRole('row').nth(1).getByRole('cell').allInnerTexts();
    expect(cells.map((c) => c.trim())).toEqual([
      'Frog Game',
      String(ids.frog),
      '1',
      shortTrx(trx[3]!),
      '−3.50',
      'Withdraw',
      '11.03 00:15',
    ]);

    // The same calendar day at GMT+00:00: operations 1 to 4.
    await saveHistoryPeriod(page, day('GMT+00:00'));
    // The tabs read 'Deposit (2)' at both offsets: wait for the list itself to change.
    await expect.poll(() => listedTransactions(page)).toEqual(shown(4, 3, 2, 1));
    expect(await readFigures(historyFigures(page))).toEqual({
      delta: '19.27 EUR',
      operations: '4',
      income: '27.77 EUR',
      outcome: '8.50 EUR',
    });

    await page.getByRole('tab', { name: 'Withdraw (2)' }).click();
    expect(await listedTransactions(page)).toEqual(shown(3, 1));
    expect((await readFigures(historyFigures(page))).delta).toBe('-8.50 EUR');
    await page.getByRole('tab', { name: 'Deposit (2)' }).click();
    expect(await listedTransactions(page)).toEqual(shown(4, 2));
    await page.getByRole('tab', { name: 'All (4)' }).click();

    await page.getByLabel('Sort').selectOption({ label: 'Oldest first' });
    expect(await listedTransactions(page)).toEqual(shown(1, 2, 3, 4));

    await page.getByLabel('Device').selectOption({ label: `Fruit Game (ID ${ids.fruit})` });
    expect(await listedTransactions(page)).toEqual(shown(1, 4));
    await page.getByRole('tab', { name: 'All (2)' }).waitFor();
    expect(await readFigures(historyFigures(page))).toEqual({
      delta: '2.77 EUR',
      operations: '2',
      income: '7.77 EUR',
      outcome: '5.00 EUR',
    });

    await page.getByRole('button', { name: 'Reset filters' }).click();
    expect(await listedTransactions(page)).toEqual(shown(4, 3, 2, 1));
    expect(await page.getByLabel('Device').inputValue()).toBe('');

    // Escape closes the open period dropdown first, then leaves the page.
    await page.getByRole('button', { name: /^Period/ }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('form', { name: 'Period' }).waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/history');
    await page.keyboard.press('Escape');
    await waitForPath(page, '/devices');
    await devicesHeading(page).waitFor();
  });

  it('keeps Save disabled until the period is complete and within 2024-12-18 to today', async () => {
    const page = await e2e.newPage('tablet');
    await openSignedIn(page, e2e.server, '/history', LOGIN);
    await page.getByRole('button', { name: /^Period/ }).click();
    const form = page.getByRole('form', { name: 'Period' });
    const save = form.getByRole('button', { name: 'Save' });
    expect(await save.isEnabled()).toBe(true);
    await screenshot(page, 'history-period');
    await form.getByLabel('From time').fill('');
    expect(await save.isDisabled()).toBe(true);
    await form.getByText('Set the GMT offset, both dates and both times.').waitFor();
    await form.getByLabel('From time').fill('10:00:00');
    await form.getByLabel('From date').fill('17.12.2024');
    expect(await save.isDisabled()).toBe(true);
    await form.getByText(/^Dates can be chosen from 18\.12\.2024 to /).waitFor();
    // Typed digits fall into dd.mm.yyyy; a day that does not exist is refused under its field.
    await form.getByLabel('From date').fill('');
    await form.getByLabel('From date').pressSequentially('29022026');
    expect(await form.getByLabel('From date').inputValue()).toBe('29.02.2026');
    await form.getByText('No such date: write the day first, as dd.mm.yyyy.').waitFor();
    expect(await save.isDisabled()).toBe(true);
    await form.getByRole('button', { name: 'Reset' }).click();
    expect(await form.getByLabel('From time').inputValue()).toBe('00:00:00');
    expect(await form.getByLabel('To time').inputValue()).toBe('23:59:59');
    expect(await save.isEnabled()).toBe(true);
  });

  it.each(VIEWPORT_NAMES)('shows and prints the report on A4 (%s)', async (viewport: ViewportName) => {
    const page = await e2e.newPage(viewport);
    await openSignedIn(page, e2e.server, '/history', LOGIN);
    await saveHistoryPeriod(page, day('GMT+01:00'));
    await page.getByRole('tab', { name: 'All (4)' }).waitFor();
    const main = page.locator('main');

    if (viewport === 'mobile') {
      // An accordion: each operation folds to device, amount and date, and opens to the rest.
      const list = page.getByRole('list', { name: 'Your deposits and withdraws in the period' });
      const item = list.getByRole('listitem').first();
      await item.locator('summary').click(); // the folded line: Frog Game, −3.50, its date
      await item.getByText('Transaction ID').waitFor();
      await item.getByRole('button', { name: `Copy transaction ID ${shortTrx(trx[3]!, true)}` }).waitFor();
      expect(await page.getByRole('table').count()).toBe(0);
    } else {
      expect(await page.getByRole('table').getByRole('row').count()).toBe(5);
    }
    expect(await smallTouchTargets(main)).toEqual([]);
    await screenshot(page, 'history');

    await page.emulateMedia({ media: 'print' });
    const title = page.getByRole('heading', { name: 'Cashier history report' });
    await title.waitFor();
    const header = page.locator('header').filter({ has: title });
    const text = await header.innerText();
    expect(text).toContain('10.03.2026 00:00:00 – 10.03.2026 23:59:59');
    expect(text).toContain('GMT+01:00');
    expect(text).toContain(`Hilda Historian (ID `);
    expect(text).toMatch(/Generated\s+\d\d\.\d\d\.\d{4} \d\d:\d\d:\d\d/);
    expect(text).toContain('All (4) · All devices');
    // On paper: the report alone, as a table with the whole transaction ids.
    expect(await page.getByRole('banner').filter({ hasText: 'Game Platform' }).isVisible()).toBe(false);
    expect(await page.getByRole('button', { name: /^Period/ }).isVisible()).toBe(false);
    const printed = page.locator('main table:visible');
    expect(await printed.locator('tbody tr').count()).toBe(4);
    expect(await printed.innerText()).toContain(trx[3]!);
    await screenshot(page, 'history-print');

    if (viewport === 'desktop') {
      const pdf = await page.pdf({ preferCSSPageSize: true });
      const sizes = [...pdf.toString('latin1').matchAll(/\/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]/g)];
      expect(sizes.length).toBeGreaterThan(0);
      for (const [, width, height] of sizes) {
        expect(Number(width)).toBeCloseTo(A4_PT.width, 0);
        expect(Number(height)).toBeCloseTo(A4_PT.height, 0);
      }
    }
  });

  // Today's operations: the demo cashier's opening deposits on the demo cabinets (made as the server
  // started) and two booked now, one on a cabinet and one on a home-play phone.
  describe('today', () => {
    let todayTrx: string[] = [];

    beforeAll(async () => {
      const server = e2e.server;
      const cabinet = await createLinkedCabinet(server, 'Today Cabinet');
      const phone = await createLinkedPhone(server, 'Today Phone');
      const at = new Date().toISOString();
      todayTrx = await bookOperations(server, server.demo.cashierId, [
        { at, deviceId: cabinet.id, place: 1, delta: 12_50 },
        { at, deviceId: phone.id, place: 1, delta: 30_00 },
      ]);
    });

    it.each(['en', 'pt'] as const)(
      "shows on the devices screen the same 24-hour deposits as History's deposit total for today (%s)",
      async (lng) => {
        const t = translator(lng);
        const page = await e2e.newPage('desktop');
        await page.addInitScript((chosen) => localStorage.setItem('lng', chosen), lng);
        await openSignedIn(page, e2e.server, '/devices');
        const totals = page.getByLabel(t('devices:totals.label'), { exact: true });
        const deposited = totals
          .locator('div')
          .filter({ hasText: t('devices:totals.deposit') })
          .locator('dd');
        await deposited.waitFor();
        const header = await deposited.innerText();

        await page.goto('/history');
        // The phone's deposit is in History (and so in the header, which must agree with it).
        const copy = (trx: string) => t('copy', { what: t('history:copyTrx', { trx: shortTrx(trx) }) });
        for (const trx of todayTrx) await page.getByRole('button', { name: copy(trx) }).waitFor();
        const figures = page.getByRole('region', { name: t('history:totals') });
        const income = figures
          .locator('div')
          .filter({ has: page.getByText(t('report:totals.income'), { exact: true }) })
          .locator('dd');
        expect(await income.innerText()).toBe(`${header} EUR`);
      },
    );

    it.each(['en', 'es'] as const)(
      'reads day first and 24-hour from a US browser in New York, and GMT+03 keeps today in History (%s)',
      async (lng) => {
        const t = translator(lng);
        const page = await e2e.newPage('tablet', undefined, {
          locale: 'en-US',
          timezoneId: 'America/New_York',
        });
        await page.addInitScript((chosen) => localStorage.setItem('lng', chosen), lng);
        await openSignedIn(page, e2e.server, '/history');
        const copy = (trx: string) => t('copy', { what: t('history:copyTrx', { trx: shortTrx(trx) }) });
        for (const trx of todayTrx) await page.getByRole('button', { name: copy(trx) }).waitFor();

        await page.getByRole('button', { name: new RegExp(`^${t('history:range.label')}`) }).click();
        const form = page.getByRole('form', { name: t('history:range.label') });
        const field = (key: string) => form.getByLabel(t(`report:range.${key}`), { exact: true });
        // What the cashier sees in the fields: text, day first and 24-hour, never the browser's 11/27/2026 12:00 AM.
        expect(await form.locator('input[type="date"], input[type="time"]').count()).toBe(0);
        const dayFirst = (iso: string) => iso.split('-').reverse().join('.');
        const inNewYork = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(
          new Date(),
        );
        expect(await field('fromDate').inputValue()).toBe(dayFirst(inNewYork));
        expect(await field('toDate').inputValue()).toBe(dayFirst(inNewYork));
        expect(await field('fromTime').inputValue()).toBe('00:00:00');
        expect(await field('toTime').inputValue()).toBe('23:59:59');
        await form.getByText(t('common:dayTime.dayHint')).first().waitFor();
        expect(await field('fromDate').getAttribute('inputmode')).toBe('numeric');

        // GMT+03: today there (maybe already tomorrow in New York) holds the two operations still.
        await field('offset').selectOption({ label: 'GMT+03:00' });
        const atPlus3 = new Date(Date.now() + 3 * 3_600_000).toISOString().slice(0, 10);
        expect(await field('toDate').inputValue()).toBe(dayFirst(atPlus3));
        // A time typed as digits reads 24-hour: 23:30:00, never 11:30 PM.
        await field('toTime').fill('');
        await field('toTime').pressSequentially('233000');
        expect(await field('toTime').inputValue()).toBe('23:30:00');
        await field('toTime').fill('23:59:59');
        await form.getByRole('button', { name: t('save') }).click();
        await form.waitFor({ state: 'detached' });
        await expect
          .poll(() =>
            page.getByRole('button', { name: new RegExp(`^${t('history:range.label')}`) }).innerText(),
          )
          .toContain('(GMT+03:00)');
        for (const trx of todayTrx) await page.getByRole('button', { name: copy(trx) }).waitFor();
      },
    );
  });

  // A manager's corrections name the operation they reverse and carry the manager's reason, which can be
  // long: the note wraps in its cell (or the phone's accordion), so the page never grows wider than the
  // screen and the period, the figures, the chart and the Date column stay in view.
  describe('with corrections and long notes', () => {
    const CORRECTED = 'corrected';
    const NOTES = [
      'The player at seat 2 asked for this deposit and it went onto seat 1 instead; put right after the camera recording of the evening shift was checked by the manager on duty',
      'Doppelbuchung-nach-Verbindungsabbruch-am-Terminal-drei-bestätigt-durch-Kassenprotokoll-und-Videoaufzeichnung',
    ];
    const period = {
      offset: 'GMT+00:00',
      fromDate: '11.03.2026',
      fromTime: '00:00:00',
      toDate: '11.03.2026',
      toTime: '23:59:59',
    };

    beforeAll(async () => {
      const server = e2e.server;
      const cashier = await createCashier(server, CORRECTED, 'Carla Corrected');
      const booked = await bookOperations(server, cashier, [
        { at: '2026-03-11T09:00:00Z', deviceId: server.demoDevice('rocket').id, place: 1, delta: 15_00 },
        { at: '2026-03-11T10:00:00Z', deviceId: server.demoDevice('fruit').id, place: 2, delta: 25_00 },
        { at: '2026-03-11T11:00:00Z', deviceId: server.demoDevice('frog').id, place: 3, delta: 35_00 },
      ]);
      await correctOperation(server, booked[0]!, NOTES[0]!);
      await correctOperation(server, booked[1]!, NOTES[1]!);
    });

    it.each([
      ['en', 'tablet'],
      ['en', 'portrait'],
      ['en', 'mobile'],
      ['es', 'tablet'],
      ['es', 'portrait'],
      ['es', 'mobile'],
    ] as const)('keeps the page within the screen (%s, %s)', async (lng, viewport) => {
      const t = translator(lng);
      const page = await e2e.newPage(viewport);
      await page.addInitScript((chosen) => localStorage.setItem('lng', chosen), lng);
      await openSignedIn(page, e2e.server, '/history', CORRECTED);
      const periodButton = page.getByRole('button', { name: new RegExp(`^${t('history:range.label')}`) });
      await periodButton.click();
      const form = page.getByRole('form', { name: t('history:range.label') });
      const field = (key: string) => form.getByLabel(t(`report:range.${key}`), { exact: true });
      await field('offset').selectOption({ label: period.offset });
      for (const key of ['fromDate', 'fromTime', 'toDate', 'toTime'] as const)
        await field(key).fill(period[key]);
      await form.getByRole('button', { name: t('save'), exact: true }).click();
      await form.waitFor({ state: 'detached' });
      await page.getByRole('tab', { name: t('history:tabs.all', { n: 3 }) }).waitFor();

      const width = page.viewportSize()!.width;
      const note = (text: string) => page.locator('.correction-note:visible').filter({ hasText: text });
      if (viewport === 'mobile') {
        // The accordion: each corrected operation opens to its note, wrapped within the screen.
        const items = page.getByRole('list', { name: t('history:caption') }).getByRole('listitem');
        for (const i of [1, 2]) await items.nth(i).locator('summary').click();
      } else {
        // Every column in view, the Date column included, without scrolling the table sideways.
        const table = page.getByRole('table', { name: t('history:caption') });
        const date = table.getByRole('columnheader', { name: t('history:columns.date') });
        const dateBox = (await date.boundingBox())!;
        expect(dateBox.x + dateBox.width).toBeLessThanOrEqual(width);
        const panel = page.locator('.device-tabs__panel');
        expect(await panel.evaluate((el) => el.scrollWidth - el.clientWidth)).toBe(0);
      }
      for (const text of NOTES) {
        const box = (await note(text).boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(width);
        // Wrapped onto more lines, not cut: the whole note is there.
        expect(box.height).toBeGreaterThan(30);
        expect(await note(text).innerText()).toContain(text);
      }
      // The period, the figures and the chart in view, nothing wider than the screen.
      for (const part of [periodButton, page.getByRole('region', { name: t('history:totals') })]) {
        const box = (await part.boundingBox())!;
        expect(box.x + box.width).toBeLessThanOrEqual(width);
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(width);
      expect(await layoutFaults(page)).toEqual([]);
      await page.getByRole('tabpanel').scrollIntoViewIfNeeded();
      await screenshot(page, `history-corrections-${lng}`);
    });
  });
});
