// Cash-drawer shifts in the browser (docs/shifts.md): when the venue uses shifts a cashier counts the drawer
// on the Open shift screen before the devices screen, deposits and withdraws, closes with a blind count
// and reads the Z-report (its figures checked); a cash call without an open shift sends the cashier back
// to the Open shift screen with a toast; the back office lists the shifts with their differences and
// opens each Z-report. At the three widths, and once in Spanish.
import type { Restriction } from '@cashdesk/contract';
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshot, VIEWPORTS, type ViewportName } from './support/browser';
import { createCashier, insertClosedShift } from './support/data';
import { createLinkedCabinet } from './support/devices';
import { atEveryWidth, describeE2E, useE2E } from './support/harness';
import { answer, manage, openDevice, operationButton, typeOnNumpad } from './support/screens';
import { eventually, expectToast, LOGINS, openSignedIn, smallTouchTargets } from './support/ui';
import { axeScan, describeFinding, failing } from './support/axe';
import { openAccountTab } from './support/back-office';

describeE2E('cash-drawer shifts', () => {
  const e2e = useE2E();

  /** A cashier of the demo venue (with the demo cashier's restrictions) and the venue using shifts. */
  async function shiftCashier(): Promise<{ id: number; login: string }> {
    const db = e2e.server.ctx.db.kysely;
    const demo = await db
      .selectFrom('users')
      .select('restrictions')
      .where('login', '=', LOGINS.cashier.login)
      .executeTakeFirstOrThrow();
    const cashier = await createCashier(e2e.server, {
      password: 'long enough 1',
      name: 'Shift Cashier',
      restrictions: JSON.parse(demo.restrictions) as Restriction[],
    });
    await db.updateTable('accounts').set({ shifts: 1 }).where('id', '=', e2e.server.demo.accountId).execute();
    return cashier;
  }

  async function countOnNumpad(page: Page, scope: 'page' | 'dialog', amount: string): Promise<void> {
    const where = scope === 'page' ? page.getByRole('main') : page.getByRole('dialog');
    await typeOnNumpad(where, amount);
  }

  /** No serious or critical axe finding and no control under 44 px, as screens.e2e.test.ts asks of every screen. */
  async function expectAccessible(page: Page, scope: 'page' | 'dialog'): Promise<void> {
    expect(failing(await axeScan(page)).map(describeFinding)).toEqual([]);
    const where = scope === 'page' ? page.getByRole('main') : page.getByRole('dialog');
    expect(await smallTouchTargets(where)).toEqual([]);
  }

  /** Close shift: in the bar from 1351 px, else in the mobile menu. */
  async function startClose(page: Page, viewport: ViewportName): Promise<void> {
    if (VIEWPORTS[viewport].width < 1351) {
      await page.getByRole('button', { name: 'Menu', exact: true }).click();
    }
    await page.getByRole('button', { name: 'Close shift', exact: true }).click();
    await page.getByRole('dialog', { name: 'Close shift' }).waitFor();
  }

  it('opens a shift, deposits, withdraws and closes short with a blind count, at every width', async () => {
    await atEveryWidth(async (viewport) => {
      const cashier = await shiftCashier();
      const name = `Shift ${VIEWPORTS[viewport].width}`;
      await createLinkedCabinet(e2e.server, name);
      const page = await e2e.newPage(viewport);
      await openSignedIn(page, e2e.server, '/devices', cashier.login);

      await page.getByRole('heading', { name: 'Open shift', exact: true }).waitFor();
      await screenshot(page, `shift-open-${viewport}`);
      await expectAccessible(page, 'page');
      await countOnNumpad(page, 'page', '100');
      await page.getByRole('button', { name: 'Open shift', exact: true }).click();
      await expectToast(page, 'Shift opened');

      const region = await openDevice(page, viewport, name);
      let dialog = await manage(page, region, 1);
      await typeOnNumpad(dialog, '50');
      await operationButton(dialog, 'Deposit').click();
      await answer(dialog, 'Yes');
      await expectToast(page, 'Deposited 50.00 EUR');
      await dialog.waitFor({ state: 'detached' });
      dialog = await manage(page, region, 1);
      await typeOnNumpad(dialog, '20');
      await operationButton(dialog, 'Withdraw').click();
      await expectToast(page, 'Withdrawn 20.00 EUR');
      await dialog.waitFor({ state: 'detached' });

      await startClose(page, viewport);
      const close = page.getByRole('dialog', { name: 'Close shift' });
      // Blind: nothing on the close says what the drawer should hold (100 + 50 - 20 = 130.00).
      expect(await close.innerText()).not.toContain('130.00');
      await expectAccessible(page, 'dialog');
      await typeOnNumpad(close, '125');
      await close.getByRole('button', { name: 'Close shift', exact: true }).click();
      // The count once more before the final close: Confirm makes the Z-report.
      await close.getByText('125.00 EUR', { exact: true }).waitFor();
      await close.getByRole('button', { name: 'Confirm', exact: true }).click();

      const report = page.getByRole('dialog', { name: 'Z-report' });
      await report.waitFor();
      const sheet = report.getByRole('article', { name: 'Z-report' });
      const field = async (label: string) =>
        (await sheet.locator('.receipt__field').filter({ hasText: label }).locator('dd').innerText()).trim();
      expect(await field('Venue')).toBe('Demo Venue');
      expect(await field('Cashier')).toBe(`Shift Cashier · ID ${cashier.id}`);
      expect(await field('Opening cash')).toBe('100.00 EUR');
      expect(await field('Deposits (1)')).toBe('50.00 EUR');
      expect(await field('Withdrawals (1)')).toBe('20.00 EUR');
      expect(await field('Cash-outs (0)')).toBe('0.00 EUR');
      expect(await field('Expected')).toBe('130.00 EUR');
      expect(await field('Counted')).toBe('125.00 EUR');
      expect(await field('Short')).toBe('-5.00 EUR');
      await screenshot(page, `shift-z-report-${viewport}`);
      await expectAccessible(page, 'dialog');
      await report.getByRole('button', { name: 'Done', exact: true }).click();
      // The shift is over: the next step is a new count.
      await page.getByRole('heading', { name: 'Open shift', exact: true }).waitFor();
    });
  });

  it('sends a cash call without an open shift to the Open shift screen with a toast', async () => {
    const cashier = await shiftCashier();
    const name = 'Shift 403';
    await createLinkedCabinet(e2e.server, name);
    const page = await e2e.newPage('desktop');
    await openSignedIn(page, e2e.server, '/devices', cashier.login);
    await countOnNumpad(page, 'page', '0');
    await page.getByRole('button', { name: 'Open shift', exact: true }).click();
    const region = await openDevice(page, 'desktop', name);
    const dialog = await manage(page, region, 1);
    // Closed meanwhile at another terminal.
    await e2e.server.ctx.db.kysely
      .updateTable('shifts')
      .set({ closed_at_ms: Date.now(), counted_cents: 0, expected_cents: 0, difference_cents: 0 })
      .where('user_id', '=', cashier.id)
      .where('closed_at_ms', 'is', null)
      .execute();
    await typeOnNumpad(dialog, '10');
    await operationButton(dialog, 'Deposit').click();
    await answer(dialog, 'Yes');
    await expectToast(page, 'No shift is open: count the drawer and open a shift to continue');
    await page.getByRole('heading', { name: 'Open shift', exact: true }).waitFor();
  });

  it('opens a shift from the keyboard in Spanish', async () => {
    const cashier = await shiftCashier();
    const page = await e2e.newPage('mobile');
    await page.goto('/authorization');
    await page.evaluate(() => localStorage.setItem('lng', 'es'));
    await openSignedIn(page, e2e.server, '/devices', cashier.login);
    await page.getByRole('heading', { name: 'Abrir turno', exact: true }).waitFor();
    await page.getByText('Cuente el efectivo de la caja e introdúzcalo para empezar su turno.').waitFor();
    await screenshot(page, 'shift-open-es');
    // The keyboard works as on the cash modal: digits into the count, Enter confirms.
    await page.keyboard.type('20');
    expect(await page.getByLabel(/^Efectivo contado/).inputValue()).toBe('20');
    await page.keyboard.press('Enter');
    await expectToast(page, 'Turno abierto');
    const shift = await e2e.server.ctx.db.kysely
      .selectFrom('shifts')
      .select('opening_cents')
      .where('user_id', '=', cashier.id)
      .executeTakeFirstOrThrow();
    expect(shift.opening_cents).toBe(20_00);
  });

  it('asks for the count once more before closing, from the keyboard in Portuguese', async () => {
    const cashier = await shiftCashier();
    const page = await e2e.newPage('desktop');
    await page.goto('/authorization');
    await page.evaluate(() => localStorage.setItem('lng', 'pt'));
    await openSignedIn(page, e2e.server, '/devices', cashier.login);
    await page.getByRole('heading', { name: 'Abrir turno', exact: true }).waitFor();
    await page.keyboard.type('40');
    await page.keyboard.press('Enter');
    await expectToast(page, 'Turno aberto');
    await page.getByRole('button', { name: 'Fechar turno', exact: true }).click();
    const close = page.getByRole('dialog', { name: 'Fechar turno' });
    await close.waitFor();
    await page.keyboard.type('38.5');
    await page.keyboard.press('Enter');
    // The check shows the amount as the app shows money; nothing is closed yet.
    await close.getByText('38.50 EUR', { exact: true }).waitFor();
    await screenshot(page, 'shift-close-check-pt');
    await expectAccessible(page, 'dialog');
    const openShift = () =>
      e2e.server.ctx.db.kysely
        .selectFrom('shifts')
        .select(['closed_at_ms', 'counted_cents'])
        .where('user_id', '=', cashier.id)
        .executeTakeFirstOrThrow();
    // Escape goes back to the count, its text kept, and the shift stays open.
    await page.keyboard.press('Escape');
    expect(await close.getByLabel(/^Dinheiro contado/).inputValue()).toBe('38.5');
    expect((await openShift()).closed_at_ms).toBeNull();
    await page.keyboard.press('Enter');
    await close.getByRole('button', { name: 'Confirmar', exact: true }).waitFor();
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: 'Relatório Z' }).waitFor();
    expect((await openShift()).counted_cents).toBe(38_50);
  });

  it('lists the shifts with their differences in the back office and opens a Z-report', async () => {
    // A closed shift of its own: 100.00 at the open, 130.00 expected, 125.00 counted.
    const cashier = await shiftCashier();
    await insertClosedShift(e2e.server, cashier.id);
    const page = await e2e.newPage('desktop');
    await openSignedIn(
      page,
      e2e.server,
      `/back-office/accounts/${e2e.server.demo.accountId}/settings`,
      LOGINS.manager.login,
    );
    const section = await openAccountTab(page, 'Drawer shifts');
    const short = section.getByRole('row').filter({ hasText: '-5.00' }).first();
    await short.waitFor();
    expect(await short.innerText()).toContain('Shift Cashier');
    await short.getByRole('button', { name: /^Z-report #\d+$/ }).click();
    const report = page.getByRole('dialog', { name: 'Z-report' });
    await report.getByText('125.00 EUR', { exact: true }).waitFor();
    await screenshot(page, 'shift-back-office');
    await report.getByRole('button', { name: 'Done', exact: true }).click();

    // The switch in Settings turns shifts off for the venue (and back on).
    const accountId = e2e.server.demo.accountId;
    const usesShifts = async () =>
      (
        await e2e.server.ctx.db.kysely
          .selectFrom('accounts')
          .select('shifts')
          .where('id', '=', accountId)
          .executeTakeFirstOrThrow()
      ).shifts;
    const settings = await openAccountTab(page, 'Settings');
    const toggle = settings.getByRole('checkbox', { name: /^Cash-drawer shifts/ });
    expect(await toggle.isChecked()).toBe(true);
    await toggle.uncheck();
    await settings.getByRole('button', { name: 'Save settings', exact: true }).click();
    await settings.getByText('Settings saved').waitFor();
    expect(await usesShifts()).toBe(0);
    await toggle.check();
    await settings.getByRole('button', { name: 'Save settings', exact: true }).click();
    await eventually(async () => (await usesShifts()) === 1, 'shifts back on');
  });
});
