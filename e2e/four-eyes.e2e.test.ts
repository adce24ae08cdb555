// Four eyes (docs/product.md section 12) in Chromium against the real server: a cashier's withdrawal above
// the venue's limit waits at the till, a manager approves it from the back office on a phone-width page,
// and the till settles it on its own (the decision is pushed); a second one the cashier withdraws.
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { updateAccount } from '@cashdesk/server';
import { screenshot } from './support/browser';
import { consoleFolds } from './support/back-office';
import { floatBalance, placeBalances } from './support/data';
import { createLinkedCabinet } from './support/devices';
import { describeE2E, useE2E } from './support/harness';
import { manage, openDevice, operationButton, typeOnNumpad } from './support/screens';
import { eventually, expectToast, LOGINS, openSignedIn, watchForToast } from './support/ui';

const APPROVAL_ABOVE = 100_00;

describeE2E('four eyes', () => {
  const e2e = useE2E();
  const setLimit = (cents: number | null) =>
    updateAccount(e2e.server.ctx.db.kysely, e2e.server.demo.accountId, { approval_above: cents });
  beforeAll(() => setLimit(APPROVAL_ABOVE));
  afterAll(() => setLimit(null));

  /** A withdraw of `amount` on place 1 of the device, at the till, which the server holds back. */
  async function withdrawHeld(till: Page, region: Locator, amount: string): Promise<Locator> {
    const dialog = await manage(till, region, 1);
    await typeOnNumpad(dialog, amount);
    await operationButton(dialog, 'Withdraw').click();
    await expectToast(till, `Withdrawal of ${amount}.00 EUR waits for a manager's approval.`);
    const waiting = dialog.locator('.unconfirmed-notice');
    await waiting.getByText("Held for a manager's approval", { exact: false }).waitFor();
    return dialog;
  }

  it('a withdrawal waits at the till, is approved on a phone, and settles at the till by itself', async () => {
    const device = await createLinkedCabinet(e2e.server, 'Four eyes', { entries: [500_00] });
    const floatBefore = await floatBalance(e2e.server);
    const till = await e2e.newPage('desktop');
    await openSignedIn(till, e2e.server);
    const region = await openDevice(till, 'desktop', 'Four eyes');
    const dialog = await withdrawHeld(till, region, '250');
    await screenshot(till, 'four-eyes-till-waiting');
    // Nothing moved while it waits.
    expect(await placeBalances(e2e.server, device.id, 1)).toEqual({ entries: 500_00, finalBonus: 0 });

    const phone = await e2e.newPage('mobile', undefined, { touch: true });
    await openSignedIn(
      phone,
      e2e.server,
      '/back-office/accounts/' + e2e.server.demo.accountId,
      LOGINS.manager.login,
    );
    if (consoleFolds('mobile')) await phone.getByRole('button', { name: 'Menu', exact: true }).tap();
    const menuEntry = phone
      .getByRole('navigation', { name: 'Back office' })
      .getByRole('link', { name: /^Approvals/ });
    await menuEntry.getByRole('status', { name: '1 payout waiting for approval' }).waitFor();
    await menuEntry.tap();
    const section = phone.getByRole('region', { name: 'Payouts waiting for approval' });
    const row = section.getByRole('row').filter({ hasText: 'Four eyes' });
    await row.getByText('250.00 EUR').waitFor();
    await screenshot(phone, 'four-eyes-approvals-phone');
    await row.getByRole('button', { name: /^Approve the payout of/ }).tap();
    const decision = phone.getByRole('dialog', { name: 'Approve this payout' });
    await decision.getByLabel('Your password').fill(LOGINS.manager.password);
    // The till hears of the decision (pushed, or at its next resend) and asks again: confirmed by itself.
    const confirmed = watchForToast(till, 'Confirmed: withdrawn 250.00 EUR from Four eyes, player 1');
    const approved = watchForToast(phone, 'Approved: the payout of cashier (player 1) is applied.');
    await decision.getByRole('button', { name: 'Approve', exact: true }).tap();
    await approved;
    await section.getByText('Nothing is waiting for approval.').waitFor();
    await confirmed;
    await dialog.locator('.unconfirmed-notice').waitFor({ state: 'detached' });
    expect(await placeBalances(e2e.server, device.id, 1)).toEqual({ entries: 250_00, finalBonus: 0 });
    await eventually(async () => (await floatBalance(e2e.server)) === floatBefore + 250_00, 'float +250');
  });

  it('the cashier withdraws a request that waits: it ends, and nothing moves', async () => {
    const device = await createLinkedCabinet(e2e.server, 'Four eyes 2', { entries: [500_00] });
    const till = await e2e.newPage('tablet');
    await openSignedIn(till, e2e.server);
    const region = await openDevice(till, 'tablet', 'Four eyes 2');
    const dialog = await withdrawHeld(till, region, '300');
    const withdrawn = watchForToast(till, 'This payout request was withdrawn');
    await dialog.getByRole('button', { name: /^Withdraw the request for manager approval/ }).click();
    await withdrawn;
    await dialog.locator('.unconfirmed-notice').waitFor({ state: 'detached' });
    expect(await placeBalances(e2e.server, device.id, 1)).toEqual({ entries: 500_00, finalBonus: 0 });
  });
});
