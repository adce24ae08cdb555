// Statistics people look at: the history page's and the Statistic modal's chart of deposits
// and withdrawals (its table of figures checked against the operations this test booked) and the history's
// CSV download (checked line by line against the list), at the three widths, in English and in Spanish,
// with no serious axe-core finding and no control under 44 px.
import { readFile } from 'node:fs/promises';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import { axeScan, describeFinding, failing } from './support/axe';
import { screenshot, VIEWPORT_NAMES, type ViewportName } from './support/browser';
import { describeE2E, useE2E } from './support/harness';
import { translator, type Translate } from './support/i18n';
import { bookOperations, createCashier, historyFigures, readFigures, type Period } from './support/reports';
import { openSignedIn, smallTouchTargets } from './support/ui';

const LOGIN = 'charter';
/** 10 March at GMT+01:00: 9 March 23:00Z to 10 March 22:59:59Z. */
const DAY: Period = {
  offset: 'GMT+01:00',
  fromDate: '10.03.2026',
  fromTime: '00:00:00',
  toDate: '10.03.2026',
  toTime: '23:59:59',
};

/** Sets the period inside `scope` with the labels of the page's language. */
async function fillPeriodIn(scope: Locator, period: Period, t: Translate) {
  await scope.getByLabel(t('report:range.offset')).selectOption({ label: period.offset });
  await scope.getByLabel(t('report:range.fromDate')).fill(period.fromDate);
  await scope.getByLabel(t('report:range.fromTime')).fill(period.fromTime);
  await scope.getByLabel(t('report:range.toDate')).fill(period.toDate);
  await scope.getByLabel(t('report:range.toTime')).fill(period.toTime);
}

/** The chart's table, shown with its button: each row's cells as text, the empty hours left out. */
async function chartRows(chart: Locator, t: Translate): Promise<string[][]> {
  const toggle = chart.getByRole('button', { name: t('report:chart.showTable') });
  if (await toggle.isVisible()) await toggle.click();
  const rows = chart.getByRole('table').locator('tbody tr');
  const cells = await rows.evaluateAll((trs) =>
    trs.map((tr) => [...tr.children].map((cell) => (cell.textContent ?? '').trim())),
  );
  return cells.filter(([, deposits, , withdrawals]) => deposits !== '0' || withdrawals !== '0');
}

/** Everything the chart draws stays inside the screen's width. */
async function overflowsScreen(page: Page, chart: Locator): Promise<boolean> {
  const box = await chart.getByRole('img').boundingBox();
  const width = page.viewportSize()?.width ?? 0;
  return !box || box.x < 0 || box.x + box.width > width + 0.5;
}

describeE2E('report chart and CSV export', () => {
  const e2e = useE2E();
  let trx: string[] = [];
  let ids: { rocket: number; fruit: number };

  beforeAll(async () => {
    const server = e2e.server;
    const [rocket, fruit] = [server.demoDevice('rocket').id, server.demoDevice('fruit').id];
    ids = { rocket, fruit };
    const userId = await createCashier(server, LOGIN, 'Carla Charter');
    trx = await bookOperations(server, userId, [
      { at: '2026-03-09T22:59:59Z', deviceId: rocket, place: 1, delta: 1_00 }, // the day before
      { at: '2026-03-09T23:00:00Z', deviceId: rocket, place: 1, delta: 12_34 }, // 00:00
      { at: '2026-03-10T08:15:00Z', deviceId: fruit, place: 2, delta: 20_00 }, // 09:15
      { at: '2026-03-10T08:45:30Z', deviceId: fruit, place: 2, delta: -5_01 }, // 09:45:30
      { at: '2026-03-10T22:59:59.400Z', deviceId: rocket, place: 1, delta: -3_50 }, // 23:59:59
    ]);
  });

  it.each(VIEWPORT_NAMES)(
    'charts the day by hour and downloads the list as CSV, both to the cent (%s)',
    async (viewport: ViewportName) => {
      const t = translator('en');
      const page = await e2e.newPage(viewport);
      await openSignedIn(page, e2e.server, '/history', LOGIN);
      await page.getByRole('button', { name: /^Period/ }).click();
      const form = page.getByRole('form', { name: 'Period' });
      await fillPeriodIn(form, DAY, t);
      await form.getByRole('button', { name: 'Save' }).click();
      await page.getByRole('tab', { name: 'All (4)' }).waitFor();
      expect(await readFigures(historyFigures(page))).toEqual({
        delta: '23.83 EUR',
        operations: '4',
        income: '32.34 EUR',
        outcome: '8.51 EUR',
      });

      const chart = page.getByRole('figure', { name: 'Deposits and withdrawals by hour (GMT+01:00)' });
      expect(await chart.getByRole('img').getAttribute('aria-label')).toBe(
        'Deposits and withdrawals by hour (GMT+01:00). Deposits: 2, 32.34 EUR. Withdrawals: 2, 8.51 EUR.',
      );
      expect(await overflowsScreen(page, chart)).toBe(false);
      await screenshot(page, 'history-chart');
      expect(await chartRows(chart, t)).toEqual([
        ['00:00', '1', '12.34', '0', '0.00'],
        ['09:00', '1', '20.00', '1', '5.01'],
        ['23:00', '0', '0.00', '1', '3.50'],
      ]);
      expect(await smallTouchTargets(page.locator('main'))).toEqual([]);
      expect(failing(await axeScan(page)).map(describeFinding)).toEqual([]);

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Export CSV' }).click(),
      ]);
      expect(download.suggestedFilename()).toBe('cashdesk-history-2026-03-10.csv');
      const bytes = await readFile(await download.path());
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      expect(bytes.subarray(3).toString('utf8').split('\n')).toEqual([
        'Date,Type,Amount,Currency,Device name,Device ID,Player,Transaction ID',
        `2026-03-10T23:59:59+01:00,Withdraw,-3.50,EUR,Rocket Game,${ids.rocket},1,${trx[4]}`,
        `2026-03-10T09:45:30+01:00,Withdraw,-5.01,EUR,Fruit Game,${ids.fruit},2,${trx[3]}`,
        `2026-03-10T09:15:00+01:00,Deposit,20.00,EUR,Fruit Game,${ids.fruit},2,${trx[2]}`,
        `2026-03-10T00:00:00+01:00,Deposit,12.34,EUR,Rocket Game,${ids.rocket},1,${trx[1]}`,
        '',
      ]);
    },
  );

  it('charts a longer period by day, on a phone', async () => {
    const t = translator('en');
    const page = await e2e.newPage('mobile');
    await openSignedIn(page, e2e.server, '/history', LOGIN);
    await page.getByRole('button', { name: /^Period/ }).click();
    const form = page.getByRole('form', { name: 'Period' });
    await fillPeriodIn(form, { ...DAY, fromDate: '08.03.2026' }, t);
    await form.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('tab', { name: 'All (5)' }).waitFor();
    const chart = page.getByRole('figure', { name: 'Deposits and withdrawals by day (GMT+01:00)' });
    expect(await overflowsScreen(page, chart)).toBe(false);
    expect(await chartRows(chart, t)).toEqual([
      ['09.03.2026', '1', '1.00', '0', '0.00'], // 23:59:59 on the 9th at GMT+01:00
      ['10.03.2026', '2', '32.34', '2', '8.51'],
    ]);
    expect(await chart.getByRole('table').locator('tbody tr').count()).toBe(3);
    expect(await smallTouchTargets(chart)).toEqual([]);
    await screenshot(page, 'history-chart-days');
  });

  it('shows the Statistic modal chart and exports the history in Spanish', async () => {
    const t = translator('es');
    const page = await e2e.newPage('tablet');
    await page.addInitScript(() => localStorage.setItem('lng', 'es'));
    await openSignedIn(page, e2e.server, '/devices', LOGIN);
    await page.getByRole('button', { name: t('navigation:menu'), exact: true }).click();
    await page.getByRole('button', { name: t('navigation:statistic'), exact: true }).click();
    const dialog = page.getByRole('dialog', { name: t('statistic:title') });
    await fillPeriodIn(dialog, DAY, t);
    await dialog.getByRole('button', { name: t('statistic:submit') }).click();
    const chart = dialog.getByRole('figure', { name: 'Depósitos y retiros por hora (GMT+01:00)' });
    await chart.waitFor();
    expect(await chart.getByRole('img').getAttribute('aria-label')).toContain(
      'Depósitos: 2, 32.34 EUR. Retiros: 2, 8.51 EUR.',
    );
    expect(await chart.getByRole('img').getByText('Importe (EUR)').count()).toBe(1);
    expect(await overflowsScreen(page, chart)).toBe(false);
    expect(await chartRows(chart, t)).toEqual([
      ['00:00', '1', '12.34', '0', '0.00'],
      ['09:00', '1', '20.00', '1', '5.01'],
      ['23:00', '0', '0.00', '1', '3.50'],
    ]);
    expect(await smallTouchTargets(dialog)).toEqual([]);
    expect(failing(await axeScan(page)).map(describeFinding)).toEqual([]);
    await screenshot(page, 'statistic-chart-es');
    await dialog.getByRole('button', { name: t('close') }).click();

    await page.goto('/history');
    await page.getByRole('button', { name: new RegExp(`^${t('history:range.label')}`) }).click();
    const form = page.getByRole('form', { name: t('history:range.label') });
    await fillPeriodIn(form, DAY, t);
    await form.getByRole('button', { name: t('save') }).click();
    await page.getByRole('tab', { name: t('history:tabs.withdraw', { n: 2 }) }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Exportar CSV' }).click(),
    ]);
    const text = (await readFile(await download.path())).toString('utf8');
    expect(
      text
        .replace(/^\uFEFF/, '')
        .split('\n')
        .slice(0, 3),
    ).toEqual([
      'Fecha,Tipo,Importe,Moneda,Nombre del dispositivo,ID del dispositivo,Jugador,ID de transacción',
      `2026-03-10T23:59:59+01:00,Retiro,-3.50,EUR,Rocket Game,${ids.rocket},1,${trx[4]}`,
      `2026-03-10T09:45:30+01:00,Retiro,-5.01,EUR,Fruit Game,${ids.fruit},2,${trx[3]}`,
    ]);
  });
});
