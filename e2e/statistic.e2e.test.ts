// Web app II, the Statistic modal: a period in a GMT offset, submit, and its total delta, operations,
// income and outcome, checked against the operations this test booked and against the history page's
// figures for the same period, at the three widths; 'No devices available' for a venue without devices.
import { beforeAll, expect, it } from 'vitest';
import { screenshot, VIEWPORT_NAMES, type ViewportName } from './support/browser';
import { describeE2E, useE2E } from './support/harness';
import {
  bookOperations,
  createCashier,
  fillPeriod,
  historyFigures,
  readFigures,
  saveHistoryPeriod,
  type Period,
} from './support/reports';
import { smallTouchTargets } from './support/ui';
import { openSignedIn } from './support/ui';
import type { Page } from 'playwright-core';

const LOGIN = 'statistician';
/** 1 to 2 April at GMT-05:00: 1 April 05:00Z to 3 April 04:59:59Z. */
const PERIOD: Period = {
  offset: 'GMT-05:00',
  fromDate: '01.04.2026',
  fromTime: '00:00:00',
  toDate: '02.04.2026',
  toTime: '23:59:59',
};

/** Opens the Statistic modal from the menu the width offers. */
async function openStatistic(page: Page, viewport: ViewportName) {
  if (viewport !== 'desktop') await page.getByRole('button', { name: 'Menu', exact: true }).click();
  await page.getByRole('button', { name: 'Statistic', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Statistic' });
  await dialog.waitFor();
  return dialog;
}

describeE2E('statistic modal', () => {
  const e2e = useE2E();

  beforeAll(async () => {
    const server = e2e.server;
    const [rocket, fruit] = [server.demoDevice('rocket').id, server.demoDevice('fruit').id];
    const statistician = await createCashier(server, LOGIN, 'Stan Statistician');
    await bookOperations(server, statistician, [
      { at: '2026-04-01T04:59:59Z', deviceId: rocket, place: 1, delta: 1_00 }, // before the period
      { at: '2026-04-01T05:00:00Z', deviceId: rocket, place: 1, delta: 10_05 },
      { at: '2026-04-01T17:20:00Z', deviceId: fruit, place: 1, delta: -2_50 },
      { at: '2026-04-02T09:00:00Z', deviceId: fruit, place: 5, delta: 33_33 },
      { at: '2026-04-03T04:59:59.600Z', deviceId: rocket, place: 2, delta: -1_01 }, // in its last second
      { at: '2026-04-03T05:00:00Z', deviceId: rocket, place: 2, delta: 9_99 }, // after it
    ]);
    await bookOperations(server, server.demo.cashierId, [
      { at: '2026-04-01T12:00:00Z', deviceId: rocket, place: 1, delta: 70_00 }, // another cashier's
    ]);
  });

  it.each(VIEWPORT_NAMES)(
    'sums the period to the cent, as the history page does (%s)',
    async (viewport: ViewportName) => {
      const page = await e2e.newPage(viewport);
      await openSignedIn(page, e2e.server, '/devices', LOGIN);
      const dialog = await openStatistic(page, viewport);
      await dialog.getByText('Choose a period and submit to see its figures.').waitFor();
      await fillPeriod(dialog, PERIOD);
      await dialog.getByRole('button', { name: 'Submit' }).click();

      const result = dialog.getByRole('region', { name: 'Statistic result' });
      await result.waitFor();
      const expected = { delta: '39.87 EUR', operations: '4', income: '43.38 EUR', outcome: '3.51 EUR' };
      expect(await readFigures(result)).toEqual(expected);
      await dialog.getByText('01.04.2026 00:00:00 – 02.04.2026 23:59:59 (GMT-05:00)').waitFor();
      expect(await smallTouchTargets(dialog)).toEqual([]);
      await screenshot(page, 'statistic');

      await dialog.getByRole('button', { name: 'Close' }).click();
      if (viewport === 'desktop') {
        await page.getByRole('link', { name: 'History' }).click();
      } else {
        await page.getByRole('button', { name: 'Menu', exact: true }).click();
        await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'History' }).click();
      }
      await saveHistoryPeriod(page, PERIOD);
      await page.getByRole('tab', { name: 'All (4)' }).waitFor();
      expect(await readFigures(historyFigures(page))).toEqual(expected);
    },
  );

  it("says 'No devices available' to a cashier whose venue has no devices", async () => {
    const page = await e2e.newPage('mobile');
    await openSignedIn(page, e2e.server, '/devices', 'other');
    const dialog = await openStatistic(page, 'mobile');
    await dialog.getByRole('alert').filter({ hasText: 'No devices available' }).waitFor();
    expect(await dialog.getByRole('button', { name: 'Submit' }).isDisabled()).toBe(true);
  });
});
