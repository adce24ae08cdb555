// The till in the browser (docs/product.md section 17): a shift opened and closed with a count by notes
// and coins, a cash drop to the safe, a paid-out (its reason required) and a paid-in, the X-report of the
// open shift (no expected cash on it), the copy of the last receipt marked COPY and printed, and the
// Z-report with the drawer's movements. At 375 and 768 px in English, and in Spanish at 375 px.
import type { Restriction } from '@cashdesk/contract';
import { expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { axeScan, describeFinding, failing } from './support/axe';
import { screenshot, VIEWPORTS, type ViewportName } from './support/browser';
import { createCashier } from './support/data';
import { createLinkedCabinet } from './support/devices';
import { describeE2E, useE2E } from './support/harness';
import { answer, manage, openDevice, operationButton, typeOnNumpad } from './support/screens';
import { expectToast, LOGINS, openSignedIn, smallTouchTargets } from './support/ui';

describeE2E('the till', () => {
  const e2e = useE2E();

  /** A cashier of the demo venue (with the demo cashier's restrictions) and the venue using shifts. */
  async function shiftCashier(name: string): Promise<{ id: number; login: string }> {
    const db = e2e.server.ctx.db.kysely;
    const demo = await db
      .selectFrom('users')
      .select('restrictions')
      .where('login', '=', LOGINS.cashier.login)
      .executeTakeFirstOrThrow();
    const cashier = await createCashier(e2e.server, {
      password: 'long enough 1',
      name,
      restrictions: JSON.parse(demo.restrictions) as Restriction[],
    });
    await db.updateTable('accounts').set({ shifts: 1 }).where('id', '=', e2e.server.demo.accountId).execute();
    return cashier;
  }

  async function expectAccessible(page: Page, where: Locator): Promise<void> {
    expect(failing(await axeScan(page)).map(describeFinding)).toEqual([]);
    expect(await smallTouchTargets(where)).toEqual([]);
  }

  /** An entry of the navigation: in the bar from 1351 px, else in the mobile menu. */
  async function navEntry(page: Page, viewport: ViewportName, name: string): Promise<void> {
    if (VIEWPORTS[viewport].width < 1351)
      await page.getByRole('button', { name: 'Menu', exact: true }).click();
    await page.getByRole('button', { name, exact: true }).click();
  }

  /** Types each quantity into the count by notes and coins (labels "Number of 50.00 EUR"). */
  async function countNotes(where: Locator, quantities: Record<string, string>): Promise<void> {
    await where.getByRole('button', { name: 'Count notes and coins', exact: true }).click();
    for (const [value, quantity] of Object.entries(quantities)) {
      await where.getByLabel(`Number of ${value} EUR`, { exact: true }).fill(quantity);
    }
  }

  async function field(sheet: Locator, label: string): Promise<string> {
    return (
      await sheet.locator('.receipt__field').filter({ hasText: label }).locator('dd').innerText()
    ).trim();
  }

  for (const viewport of ['mobile', 'portrait'] as const) {
    it(`counts notes and coins, drops, pays out and in, reads the X-report, reprints and closes (${VIEWPORTS[viewport].width} px)`, async () => {
      const cashier = await shiftCashier(`Till ${viewport}`);
      const cabinet = `Till ${VIEWPORTS[viewport].width}`;
      await createLinkedCabinet(e2e.server, cabinet);
      const page = await e2e.newPage(viewport);
      await openSignedIn(page, e2e.server, '/devices', cashier.login);
      const db = e2e.server.ctx.db.kysely;

      // The open: 2 x 50.00 + 1 x 10.00 + 3 x 0.50 = 111.50, summed on screen and by the server.
      await page.getByRole('heading', { name: 'Open shift', exact: true }).waitFor();
      const main = page.getByRole('main');
      await countNotes(main, { '50.00': '2', '10.00': '1', '0.50': '3' });
      await main.getByText('111.50 EUR', { exact: true }).waitFor();
      await screenshot(page, `till-count-${viewport}`);
      await expectAccessible(page, main);
      await main.getByRole('button', { name: 'Open shift', exact: true }).click();
      await expectToast(page, 'Shift opened');
      const shift = await db
        .selectFrom('shifts')
        .select(['id', 'opening_cents'])
        .where('user_id', '=', cashier.id)
        .executeTakeFirstOrThrow();
      expect(shift.opening_cents).toBe(111_50);
      const lines = await db
        .selectFrom('shift_counts')
        .select(['value_cents', 'quantity'])
        .where('shift_id', '=', shift.id)
        .where('quantity', '>', 0)
        .orderBy('value_cents', 'desc')
        .execute();
      expect(lines).toEqual([
        { value_cents: 50_00, quantity: 2 },
        { value_cents: 10_00, quantity: 1 },
        { value_cents: 50, quantity: 3 },
      ]);

      // A deposit, whose receipt the till copies later.
      const region = await openDevice(page, viewport, cabinet);
      const cash = await manage(page, region, 1);
      await typeOnNumpad(cash, '50');
      await operationButton(cash, 'Deposit').click();
      await answer(cash, 'Yes');
      await expectToast(page, 'Deposited 50.00 EUR');
      await cash.waitFor({ state: 'detached' });

      const till = page.getByRole('dialog');
      const openTill = async (entry: string) => {
        await navEntry(page, viewport, 'Till');
        await page.getByRole('dialog', { name: 'Till' }).waitFor();
        await till.getByRole('button', { name: entry, exact: true }).click();
        await page.getByRole('dialog', { name: entry }).waitFor();
      };

      await openTill('Cash drop to the safe');
      await typeOnNumpad(till, '100');
      await till.getByRole('button', { name: 'Record the drop', exact: true }).click();
      await expectToast(page, 'Drop of 100.00 EUR recorded');
      await till.waitFor({ state: 'detached' });

      // A paid-out needs its reason: refused on the screen until it has one.
      await openTill('Paid out');
      await typeOnNumpad(till, '5');
      await till.getByRole('button', { name: 'Record paid out', exact: true }).click();
      await till.getByRole('alert').filter({ hasText: 'Enter the reason' }).waitFor();
      await screenshot(page, `till-paid-out-${viewport}`);
      await expectAccessible(page, till);
      await till.getByLabel('Reason', { exact: true }).fill('Coffee for the floor');
      await till.getByRole('button', { name: 'Record paid out', exact: true }).click();
      await expectToast(page, 'Paid out of 5.00 EUR recorded');
      await till.waitFor({ state: 'detached' });

      await openTill('Paid in');
      await typeOnNumpad(till, '20');
      await till.getByLabel('Reason', { exact: true }).fill('Change from the office');
      await till.getByRole('button', { name: 'Record paid in', exact: true }).click();
      await expectToast(page, 'Paid in of 20.00 EUR recorded');
      await till.waitFor({ state: 'detached' });
      const movements = await db
        .selectFrom('shift_movements')
        .select(['kind', 'amount_cents', 'reason'])
        .where('shift_id', '=', shift.id)
        .orderBy('id')
        .execute();
      expect(movements).toEqual([
        { kind: 'drop', amount_cents: 100_00, reason: null },
        { kind: 'paid_out', amount_cents: 5_00, reason: 'Coffee for the floor' },
        { kind: 'paid_in', amount_cents: 20_00, reason: 'Change from the office' },
      ]);

      // The X-report: the figures so far, and not what the close expects (111.50 + 50 - 100 - 5 + 20).
      await openTill('X-report (mid-shift read)');
      const x = till.getByRole('article', { name: 'X-report' });
      await x.waitFor();
      expect(await field(x, 'Opening cash')).toBe('111.50 EUR');
      expect(await field(x, 'Deposits (1)')).toBe('50.00 EUR');
      expect(await field(x, 'Drops to the safe (1)')).toBe('100.00 EUR');
      expect(await field(x, 'Paid out (1)')).toBe('5.00 EUR');
      expect(await field(x, 'Paid in (1)')).toBe('20.00 EUR');
      expect(await x.innerText()).toContain('Coffee for the floor');
      expect(await x.innerText()).not.toContain('76.50');
      expect(await x.innerText()).not.toContain('Expected');
      await screenshot(page, `till-x-report-${viewport}`);
      await expectAccessible(page, till);
      await till.getByRole('button', { name: 'Back', exact: true }).click();
      await till.getByRole('button', { name: 'Reprint last receipt', exact: true }).click();

      // The copy: the deposit's receipt, marked COPY, printed by the receipt's print.
      const receipt = till.getByRole('article', { name: 'Deposit receipt' });
      await receipt.waitFor();
      await till.getByText('COPY', { exact: true }).waitFor();
      expect(await field(receipt, 'Amount')).toBe('50.00 EUR');
      expect(await receipt.innerText()).toContain(cabinet);
      // Headed by the venue and numbered as the first print was: the operation record's id.
      expect(await receipt.innerText()).toContain('Demo Venue');
      expect(await field(receipt, 'Receipt No.')).toMatch(/^\d{1,10}$/);
      await screenshot(page, `till-copy-${viewport}`);
      await page.evaluate(() => {
        const w = window as Window & { printedText?: string };
        w.print = () => {
          // The print copy is laid out off-screen and hidden (receipt.css): its text, not its rendering.
          w.printedText = document.querySelector('.receipt-print')?.textContent ?? '';
        };
      });
      await till.getByRole('button', { name: 'Print', exact: true }).click();
      const printed = await page.waitForFunction(
        () => (window as Window & { printedText?: string }).printedText,
      );
      const text = String(await printed.jsonValue());
      expect(text).toContain('COPY');
      expect(text).toContain('50.00 EUR');
      await till.getByRole('button', { name: 'Back', exact: true }).click();
      await page.keyboard.press('Escape');
      await till.waitFor({ state: 'detached' });

      // The close, counted by notes and coins: 50 + 20 + 5 + 1 + 0.50 = 76.50, just what it expects.
      await navEntry(page, viewport, 'Close shift');
      const close = page.getByRole('dialog', { name: 'Close shift' });
      await countNotes(close, { '50.00': '1', '20.00': '1', '5.00': '1', '1.00': '1', '0.50': '1' });
      await close.getByRole('button', { name: 'Close shift', exact: true }).click();
      await close.getByText('76.50 EUR', { exact: true }).waitFor();
      await close.getByRole('button', { name: 'Confirm', exact: true }).click();
      const z = page.getByRole('dialog', { name: 'Z-report' }).getByRole('article', { name: 'Z-report' });
      await z.waitFor();
      expect(await field(z, 'Expected')).toBe('76.50 EUR');
      expect(await field(z, 'Counted')).toBe('76.50 EUR');
      expect(await field(z, 'Over/short')).toBe('0.00 EUR');
      expect(await field(z, 'Drops to the safe (1)')).toBe('100.00 EUR');
      expect(await z.innerText()).toContain('Change from the office');
      expect(await field(z, '0.50 EUR × 3')).toBe('1.50 EUR');
      await screenshot(page, `till-z-report-${viewport}`);
    });
  }

  it('pays out from the keyboard in Spanish and says when there is no receipt to copy', async () => {
    const cashier = await shiftCashier('Caja Cajera');
    const page = await e2e.newPage('mobile');
    await page.goto('/authorization');
    await page.evaluate(() => localStorage.setItem('lng', 'es'));
    await openSignedIn(page, e2e.server, '/devices', cashier.login);
    await page.getByRole('heading', { name: 'Abrir turno', exact: true }).waitFor();
    await page.keyboard.type('30');
    await page.keyboard.press('Enter');
    await expectToast(page, 'Turno abierto');

    const till = page.getByRole('dialog');
    await page.getByRole('button', { name: 'Menú', exact: true }).click();
    await page.getByRole('button', { name: 'Caja', exact: true }).click();
    await till.getByRole('button', { name: 'Salida de efectivo', exact: true }).click();
    await page.getByRole('dialog', { name: 'Salida de efectivo' }).waitFor();
    await page.keyboard.type('3');
    await till.getByLabel('Motivo', { exact: true }).fill('Periódicos');
    await page.keyboard.press('Enter');
    await expectToast(page, 'Salida de 3.00 EUR registrada');
    await till.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Menú', exact: true }).click();
    await page.getByRole('button', { name: 'Caja', exact: true }).click();
    await till.getByRole('button', { name: 'Reimprimir el último recibo', exact: true }).click();
    await till.getByText('Todavía no hay ningún recibo que reimprimir.', { exact: true }).waitFor();
    await till.getByRole('button', { name: 'Volver', exact: true }).click();
    await till.getByRole('button', { name: 'Informe X (lectura a mitad de turno)', exact: true }).click();
    const x = till.getByRole('article', { name: 'Informe X' });
    await x.waitFor();
    expect(await field(x, 'Salidas (1)')).toBe('3.00 EUR');
    expect(await x.innerText()).toContain('Periódicos');
    await screenshot(page, 'till-x-report-es');
    await expectAccessible(page, till);
  });
});
