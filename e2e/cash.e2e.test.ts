// Web app I: the cash-manage modal of a place: deposit with the adult confirmation (yes and no),
// withdraw and cash out with the final-bonus confirmation, the overdraft and maximum refusals (kept until
// closed), and a cash-out that takes what the seat holds when the server books it.
import { TX_TYPE, type Language } from '@cashdesk/contract';
import { expect, it } from 'vitest';
import { screenshot, VIEWPORT_NAMES, VIEWPORTS } from './support/browser';
import { floatBalance, ledgerSumOfDevice, placeBalances, setFloatBalance } from './support/data';
import { createLinkedCabinet, devicePays, sendDeviceEvent } from './support/devices';
import { atEveryWidth, describeE2E, useE2E } from './support/harness';
import { translator } from './support/i18n';
import {
  amountField,
  answer,
  floatShown,
  manage,
  openDevice,
  operationButton,
  playerRow,
  typeOnNumpad,
} from './support/screens';
import { eventually, expectToast, money, openSignedIn } from './support/ui';

const OVERDRAFT = 1000_00;
const OPENING_FLOAT = 10_000_00;

describeE2E('cash-manage modal', () => {
  const e2e = useE2E();

  it.each(VIEWPORT_NAMES)('deposits after the adult confirmation (%s)', async (viewport) => {
    const name = `Deposit ${VIEWPORTS[viewport].width}`;
    const device = await createLinkedCabinet(e2e.server, name, { entries: [10_00] });
    const floatBefore = await floatBalance(e2e.server);
    const page = await e2e.newPage(viewport);
    await openSignedIn(page, e2e.server);
    const region = await openDevice(page, viewport, name);
    const dialog = await manage(page, region, 1);
    await dialog.getByText('10.00 EUR', { exact: true }).waitFor();
    await screenshot(page, 'cash-manage');

    await typeOnNumpad(dialog, '25');
    expect(await amountField(dialog).inputValue()).toBe('25');
    await operationButton(dialog, 'Deposit').click();
    await dialog.getByRole('heading', { name: 'Age check' }).waitFor();
    await dialog.getByText('Deposit 25.00 EUR to player 1', { exact: true }).waitFor();
    await dialog.getByText('Is the customer over 18?', { exact: true }).waitFor();
    await screenshot(page, 'cash-adult-check');
    await answer(dialog, 'Yes');

    await expectToast(page, 'Deposited 25.00 EUR');
    await dialog.waitFor({ state: 'detached' });
    expect(await placeBalances(e2e.server, device.id, 1)).toEqual({ entries: 35_00, finalBonus: 0 });
    expect(await floatBalance(e2e.server)).toBe(floatBefore - 25_00);
    // The screen follows: the place's balance and the float in the bar.
    await eventually(async () => (await playerRow(region, 1).innerText()).includes('35.00'), 'balance 35.00');
    const expectedFloat = `${money(floatBefore - 25_00 + OVERDRAFT)} EUR`;
    await eventually(async () => (await floatShown(page)) === expectedFloat, `float ${expectedFloat}`);
  });

  it('a double click on Deposit does not also answer the age check', async () => {
    const name = 'Double click';
    const device = await createLinkedCabinet(e2e.server, name);
    const page = await e2e.newPage('desktop');
    await openSignedIn(page, e2e.server);
    const region = await openDevice(page, 'desktop', name);
    const dialog = await manage(page, region, 1);
    await typeOnNumpad(dialog, '15');
    await operationButton(dialog, 'Deposit').dblclick();
    await dialog.getByRole('heading', { name: 'Age check' }).waitFor();
    await page.waitForTimeout(600);
    expect(await dialog.getByRole('heading', { name: 'Age check' }).isVisible()).toBe(true);
    expect(await placeBalances(e2e.server, device.id, 1)).toEqual({ entries: 0, finalBonus: 0 });
    await answer(dialog, 'Yes');
    await expectToast(page, 'Deposited 15.00 EUR');
    expect(await placeBalances(e2e.server, device.id, 1)).toEqual({ entries: 15_00, finalBonus: 0 });
  });

  it('refuses a deposit for a customer under 18 and closes, at every width', async () => {
    await atEveryWidth(async (viewport) => {
      const name = `Minor ${VIEWPORTS[viewport].width}`;
      const device = await createLinkedCabinet(e2e.server, name, { entries: [10_00] });
      const page = await e2e.newPage(viewport);
      await openSignedIn(page, e2e.server);
      const region = await openDevice(page, viewport, name);
      const dialog = await manage(page, region, 1);
      await typeOnNumpad(dialog, '40');
      await operationButton(dialog, 'Deposit').click();
      await answer(dialog, 'No');
      const refusedAt = Date.now();

      await dialog.getByRole('heading', { name: 'Deposit refused' }).waitFor();
      await dialog.getByText('Deposits for customers under 18 are not allowed.', { exact: true }).waitFor();
      await dialog.getByText(/^This window closes in [1-5] s\.$/).waitFor();
      await screenshot(page, 'cash-under-age');
      // The countdown closes the modal after 5 s; nothing moved.
      await dialog.waitFor({ state: 'detached', timeout: 8_000 });
      expect(Date.now() - refusedAt).toBeGreaterThanOrEqual(4_500);
      expect(await placeBalances(e2e.server, device.id, 1)).toEqual({ entries: 10_00, finalBonus: 0 });
      expect(await ledgerSumOfDevice(e2e.server, device.id, 'float')).toBe(-10_00);
    });
  });

  it('withdraws and cashes out after confirming the final bonus burn, at every width', async () => {
    await atEveryWidth(async (viewport) => {
      const name = `Bonus ${VIEWPORTS[viewport].width}`;
      const device = await createLinkedCabinet(e2e.server, name, { entries: [100_00] });
      // The cabinet pays 20.00 on place 1: at the demo rate of 10%, 2.00 accrues as final bonus.
      await devicePays(e2e.server, device.token, 1, 20_00);
      expect(await placeBalances(e2e.server, device.id, 1)).toEqual({ entries: 80_00, finalBonus: 2_00 });

      const page = await e2e.newPage(viewport);
      await openSignedIn(page, e2e.server);
      const region = await openDevice(page, viewport, name);
      let dialog = await manage(page, region, 1);
      await dialog.getByText('2.00 EUR', { exact: true }).waitFor();
      await typeOnNumpad(dialog, '30');
      await operationButton(dialog, 'Withdraw').click();
      await dialog.getByRole('heading', { name: 'Final bonus will burn' }).waitFor();
      await dialog.getByText('Withdraw 30.00 EUR from player 1?', { exact: true }).waitFor();
      await dialog
        .getByText('The final bonus of 2.00 EUR will burn and cannot be restored.', { exact: true })
        .waitFor();
      await screenshot(page, 'cash-bonus-withdraw');

      // Cancel returns to the form and moves nothing.
      await answer(dialog, 'Cancel');
      await dialog.getByRole('heading', { name: 'Player 1', exact: true }).waitFor();
      expect(await placeBalances(e2e.server, device.id, 1)).toEqual({ entries: 80_00, finalBonus: 2_00 });
      if ((await amountField(dialog).inputValue()) !== '30') {
        await amountField(dialog).evaluate((input) => input.blur());
        await typeOnNumpad(dialog, '30');
      }
      await operationButton(dialog, 'Withdraw').click();
      await answer(dialog, 'Confirm');
      await expectToast(page, 'Withdrawn 30.00 EUR');
      await dialog.waitFor({ state: 'detached' });
      expect(await placeBalances(e2e.server, device.id, 1)).toEqual({ entries: 50_00, finalBonus: 0 });
      // The 30.00 went back to the float; the 2.00 of bonus went back to the promotion line.
      expect(await ledgerSumOfDevice(e2e.server, device.id, 'float')).toBe(-100_00 + 30_00);
      expect(await ledgerSumOfDevice(e2e.server, device.id, 'promotion', 'final_bonus_burn')).toBe(2_00);

      // Another pay of 10.00 accrues 1.00; cash out takes the whole 40.00 and burns it.
      await devicePays(e2e.server, device.token, 1, 10_00);
      await eventually(
        async () => (await playerRow(region, 1).innerText()).includes('Final bonus 1.00'),
        'the final bonus 1.00 on the screen',
      );
      dialog = await manage(page, region, 1);
      await operationButton(dialog, 'Cash out').click();
      await dialog.getByText('Cash out 40.00 EUR from player 1?', { exact: true }).waitFor();
      await dialog
        .getByText('The final bonus of 1.00 EUR will burn and cannot be restored.', { exact: true })
        .waitFor();
      await screenshot(page, 'cash-bonus-cashout');
      await answer(dialog, 'Confirm');
      await expectToast(page, 'Cashed out 40.00 EUR');
      await dialog.waitFor({ state: 'detached' });
      expect(await placeBalances(e2e.server, device.id, 1)).toEqual({ entries: 0, finalBonus: 0 });
      expect(await ledgerSumOfDevice(e2e.server, device.id, 'float')).toBe(-100_00 + 70_00);
      expect(await ledgerSumOfDevice(e2e.server, device.id, 'promotion', 'final_bonus_burn')).toBe(3_00);
    });
  });

  // The refusals a cashier must read stay until closed, and the overdraft refusal names the float as the
  // navigation bar shows it: a float 369.78 into its overdraft of 1000.00 shows 630.22, and so does the
  // refusal (it said "balance -369.78" beside a bar showing 630.22).
  it.each([
    ['mobile', 'en'],
    ['portrait', 'en'],
    ['mobile', 'es'],
    ['portrait', 'es'],
  ] as const)(
    'keeps the maximum and the overdraft refusals until closed, naming the float as the bar shows it (%s, %s)',
    async (viewport, lng: Language) => {
      const t = translator(lng);
      const name = `Overdraft ${lng} ${VIEWPORTS[viewport].width}`;
      const device = await createLinkedCabinet(e2e.server, name);
      await setFloatBalance(e2e.server, -369_78);
      try {
        const page = await e2e.newPage(viewport);
        await page.addInitScript((chosen) => localStorage.setItem('lng', chosen), lng);
        await openSignedIn(page, e2e.server);
        const bar = page.getByRole('group', { name: t('navigation:float') });
        await eventually(async () => (await bar.innerText()).includes('630.22 EUR'), 'the float 630.22');
        await page.getByRole('button', { name: t('devices:table.open', { name }), exact: true }).click();
        const region = page.getByRole('region', { name, exact: true });
        await region.getByRole('button', { name: t('devices:players.manageLabel', { place: 1 }) }).click();
        const dialog = page.getByRole('dialog');
        const deposit = async (amount: string) => {
          const numpad = dialog.getByRole('group', { name: t('numpad.label') });
          for (const key of amount) await numpad.getByRole('button', { name: key, exact: true }).click();
          await dialog
            .getByRole('group', { name: t('cash:actions.label') })
            .getByRole('button', { name: t('cash:actions.deposit'), exact: true })
            .click();
          await answer(dialog, t('cash:adult.yes'));
        };
        // Above the venue's maximum of 5000.00, then more than the float's 630.22.
        const maximum = t('errors:maxAmount', { amount: '5000.00' });
        const overdraft = t('errors:overdraft', { float: '630.22' });
        await deposit('5000.01');
        await expectToast(page, maximum);
        await deposit('700');
        await expectToast(page, overdraft);
        await screenshot(page, `cash-overdraft-${lng}`);
        // Both stay past a passing toast's 1.5 s, until the cashier closes each.
        await page.waitForTimeout(2_500);
        const toast = (text: string) => page.getByRole('alert').filter({ hasText: text });
        expect(await toast(maximum).isVisible()).toBe(true);
        expect(await toast(overdraft).isVisible()).toBe(true);
        // The modal stays open with a reset form, so the cashier can try a smaller amount.
        const amount = dialog.getByRole('textbox', { name: new RegExp(`^${t('cash:amount')}`) });
        expect(await amount.inputValue()).toBe('');
        for (const text of [overdraft, maximum]) {
          await toast(text)
            .getByRole('button', { name: t('close'), exact: true })
            .click();
          await toast(text).waitFor({ state: 'detached' });
        }
        expect(await placeBalances(e2e.server, device.id, 1)).toEqual({ entries: 0, finalBonus: 0 });
        expect(await floatBalance(e2e.server)).toBe(-369_78);
      } finally {
        await setFloatBalance(e2e.server, OPENING_FLOAT);
      }
    },
  );

  it('runs the float into its overdraft with deposits of the maximum, typed on the keyboard', async () => {
    const name = 'Big deposits';
    const device = await createLinkedCabinet(e2e.server, name);
    await setFloatBalance(e2e.server, OPENING_FLOAT);
    try {
      const page = await e2e.newPage('desktop');
      await openSignedIn(page, e2e.server);
      const region = await openDevice(page, 'desktop', name);
      const dialog = await manage(page, region, 1);
      const deposit = async (amount: string) => {
        await amountField(dialog).fill(amount);
        await operationButton(dialog, 'Deposit').click();
        await answer(dialog, 'Yes');
      };
      // Above the venue's maximum of 5000.00 per operation: refused, the modal stays.
      await deposit('5000.01');
      await expectToast(page, 'The amount is above the maximum of 5000.00');
      await dialog.getByRole('heading', { name: 'Player 1', exact: true }).waitFor();

      for (const [step, floatAfter] of [
        [1, 5_000_00],
        [2, 0],
      ] as const) {
        const again = step === 1 ? dialog : await manage(page, region, 1);
        await amountField(again).fill('5000');
        await operationButton(again, 'Deposit').click();
        await answer(again, 'Yes');
        await expectToast(page, 'Deposited 5000.00 EUR');
        await again.waitFor({ state: 'detached' });
        expect(await floatBalance(e2e.server)).toBe(floatAfter);
      }
      // The float is 0.00 now; another 5000.00 would take it to -5000.00, past the overdraft of 1000.00.
      const last = await manage(page, region, 1);
      await amountField(last).fill('5000');
      await operationButton(last, 'Deposit').click();
      await answer(last, 'Yes');
      await expectToast(page, 'Not enough float for this deposit: the float is 1000.00');
      expect(await placeBalances(e2e.server, device.id, 1)).toEqual({ entries: 10_000_00, finalBonus: 0 });
      expect(await floatBalance(e2e.server)).toBe(0);
    } finally {
      await setFloatBalance(e2e.server, OPENING_FLOAT);
    }
  });

  // The modal shows 5006.11, above the venue's maximum of 5000.00; the player
  // bets 12.34 after the cashier pressed Cash out, before the server books it. The cash-out takes what
  // the seat holds then, 4993.77, in one call, and says so; while the answer is held "Processing…"
  // explains after a few seconds that the answer is late and the operation is kept.
  it.each(['en', 'pt'] as const)(
    'cashes out what the seat holds when booked, above the maximum, after a bet; a late answer is explained (%s)',
    async (lng: Language) => {
      const t = translator(lng);
      const name = `Cash out late ${lng}`;
      const device = await createLinkedCabinet(e2e.server, name);
      await sendDeviceEvent(e2e.server, device.token, { place: 1, type: TX_TYPE.win, amount: 5_006_11 });
      const page = await e2e.newPage('desktop');
      await page.addInitScript((chosen) => localStorage.setItem('lng', chosen), lng);
      await openSignedIn(page, e2e.server);

      let release = () => {};
      const released = new Promise<void>((resolve) => (release = resolve));
      const bodies: unknown[] = [];
      await page.route(`**/api/v1/a/cashier/devices/${device.id}/place/1/update`, async (route) => {
        bodies.push(route.request().postDataJSON());
        await devicePays(e2e.server, device.token, 1, 12_34);
        await released;
        await route.continue();
      });

      await page.getByRole('button', { name: t('devices:table.open', { name }), exact: true }).click();
      const region = page
        .getByRole('complementary', { name: t('devices:detail.label') })
        .getByRole('region', { name, exact: true });
      await region.getByRole('button', { name: t('devices:players.manageLabel', { place: 1 }) }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByText('5006.11 EUR', { exact: true }).first().waitFor();
      await dialog
        .getByRole('group', { name: t('cash:actions.label') })
        .getByRole('button', { name: t('cash:actions.cashOut'), exact: true })
        .click();
      const status = dialog.getByRole('status');
      await status.getByText(t('cash:processing')).waitFor();
      expect(await status.innerText()).not.toContain(t('cash:processingLate'));
      await status.getByText(t('cash:processingLate'), { exact: true }).waitFor({ timeout: 10_000 });
      await screenshot(page, `cash-out-late-${lng}`);
      release();

      await expectToast(page, t('cash:success.cashOut', { amount: '4993.77 EUR' }));
      expect(bodies).toEqual([{ delta: -5_006_11, trx: expect.any(String), cash_out: true }]);
      expect(await placeBalances(e2e.server, device.id, 1)).toEqual({ entries: 0, finalBonus: 0 });
      expect(await ledgerSumOfDevice(e2e.server, device.id, 'float')).toBe(4_993_77);
    },
  );
});
