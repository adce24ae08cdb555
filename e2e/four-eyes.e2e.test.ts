// Four eyes (docs/product.md section 12) in Chromium against the real server: a cashier's withdrawal above
// the venue's limit waits at the till, a manager approves it from the back office on a phone-width page,
// and the till settles it on its own (the decision is pushed); a second one the cashier withdraws; a
// cash-out reads "up to" its amount and is declined by keyboard; the approval window is set on a phone;
// and a manager's correction (section 13) reads as one in the till's histories. How a held payout ended
// stays at the till until the cashier dismisses it, after a reload too, at 375 and 768 px in en and es.
import type { Language } from '@cashdesk/contract';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { decideAsManager, findUserByLogin, updateAccount } from '@cashdesk/server';
import { screenshot, VIEWPORTS, type ViewportName } from './support/browser';
import { axeScan, describeFinding, failing } from './support/axe';
import { consoleFolds, openAccountTab } from './support/back-office';
import { changePlaceCash, floatBalance, placeBalances } from './support/data';
import { createLinkedCabinet } from './support/devices';
import { describeE2E, useE2E } from './support/harness';
import { translator } from './support/i18n';
import { layoutFaults } from './support/layout';
import { manage, openDevice, operationButton, opensInPanel, typeOnNumpad } from './support/screens';
import {
  eventually,
  expectToast,
  LOGINS,
  openSignedIn,
  smallTouchTargets,
  watchForToast,
} from './support/ui';

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
    // The till hears of the decision (pushed as a change of the approvals, or at its own resend, every 15 s
    // while the stream is open) and asks again: confirmed by itself.
    const confirmed = watchForToast(
      till,
      `Confirmed: withdrawn 250.00 EUR from Four eyes (ID ${device.id}), player 1`,
      25_000,
    );
    // What the answer says was paid, not an assumption.
    const approved = watchForToast(phone, 'Approved: 250.00 EUR paid to player 1 by cashier.');
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

  it('a cash-out reads "up to" its amount in the back office, and a decline by keyboard reaches the till', async () => {
    await createLinkedCabinet(e2e.server, 'Four eyes 3', { entries: [500_00] });
    const till = await e2e.newPage('tablet');
    await openSignedIn(till, e2e.server);
    const region = await openDevice(till, 'tablet', 'Four eyes 3');
    const dialog = await manage(till, region, 1);
    await operationButton(dialog, 'Cash out').click();
    await expectToast(till, "Cash-out of 500.00 EUR waits for a manager's approval.");

    const office = await e2e.newPage('tablet');
    await openSignedIn(
      office,
      e2e.server,
      '/back-office/accounts/' + e2e.server.demo.accountId,
      LOGINS.manager.login,
    );
    await office
      .getByRole('navigation', { name: 'Account sections' })
      .getByRole('link', { name: /^Approvals/ })
      .click();
    const section = office.getByRole('region', { name: 'Payouts waiting for approval' });
    const row = section.getByRole('row').filter({ hasText: 'Four eyes 3' });
    await row.getByText('up to 500.00 EUR').waitFor();
    expect(await layoutFaults(office)).toEqual([]);
    await screenshot(office, 'four-eyes-cash-out-up-to');

    // By keyboard alone: to the Decline button, the password, the reason, and Enter.
    const decline = row.getByRole('button', { name: /^Decline the payout of/ });
    await decline.focus();
    await office.keyboard.press('Enter');
    const decision = office.getByRole('dialog', { name: 'Decline this payout' });
    await decision.getByText('up to 500.00 EUR').waitFor();
    await decision.getByLabel('Your password').focus();
    await office.keyboard.type(LOGINS.manager.password);
    await decision.getByLabel('Reason', { exact: true }).focus();
    await office.keyboard.type('no cash in the drawer');
    const declinedAtTill = watchForToast(till, 'A manager declined this payout', 25_000);
    const declined = watchForToast(office, 'Declined: cashier sees it at the till (player 1).');
    await decision.getByRole('button', { name: 'Decline', exact: true }).focus();
    await office.keyboard.press('Enter');
    await declined;
    await section.getByText('Nothing is waiting for approval.').waitFor();
    await declinedAtTill;
  });

  /** The till's lasting place for held payouts: where a cashier reads whether to hand over the cash. */
  async function heldPayoutsAtTill(
    viewport: Extract<ViewportName, 'mobile' | 'portrait'>,
    lng: Language,
  ): Promise<void> {
    const t = translator(lng);
    const name = `Held ${lng} ${VIEWPORTS[viewport].width}`;
    const device = await createLinkedCabinet(e2e.server, name, { entries: [500_00, 500_00] });
    const till = await e2e.newPage(viewport, undefined, { touch: viewport === 'mobile' });
    await till.addInitScript((chosen) => localStorage.setItem('lng', chosen), lng);
    await openSignedIn(till, e2e.server);

    // Two withdrawals above the limit, on players 1 and 2: both wait for a manager.
    const openLabel = t('devices:table.open', { name });
    await till.getByRole('button', { name: openLabel, exact: true }).click();
    const region = opensInPanel(viewport)
      ? till
          .getByRole('complementary', { name: t('devices:detail.label') })
          .getByRole('region', { name, exact: true })
      : till.getByRole('region', { name, exact: true });
    for (const place of [1, 2]) {
      await region.getByRole('button', { name: t('devices:players.manageLabel', { place }) }).click();
      const dialog = till.getByRole('dialog');
      const numpad = dialog.getByRole('group', { name: t('numpad.label') });
      for (const key of '250') await numpad.getByRole('button', { name: key, exact: true }).click();
      await dialog
        .getByRole('group', { name: t('cash:actions.label') })
        .getByRole('button', { name: t('cash:actions.withdraw'), exact: true })
        .click();
      await dialog.getByText(t('cash:unconfirmed.heldTitle')).waitFor();
      await till.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
    }
    const panel = till.getByRole('region', { name: t('cash:heldPayouts.title') });
    const where = (place: number) => t('cash:unconfirmed.where', { device: name, id: device.id, place });
    // Waiting, each named by the device's id besides its name.
    for (const place of [1, 2]) await panel.getByText(where(place), { exact: true }).waitFor();

    // A manager approves player 1's and declines player 2's, with a reason.
    const manager = await findUserByLogin(e2e.server.ctx.db.kysely, LOGINS.manager.login);
    const held = await e2e.server.ctx.db.kysely
      .selectFrom('approvals')
      .select(['id', 'place'])
      .where('device_id', '=', device.id)
      .execute();
    const reason = lng === 'en' ? 'no cash in the drawer' : 'no hay efectivo en la caja';
    for (const approval of held) {
      await decideAsManager(e2e.server.ctx, {
        account_id: e2e.server.demo.accountId,
        id: approval.id,
        decision: Number(approval.place) === 1 ? 'approve' : 'decline',
        reason: Number(approval.place) === 1 ? null : reason,
        actor: { user_id: manager!.id, login: manager!.login },
      });
    }

    const paid = t('cash:heldPayouts.outcome.paid', { paid: '250.00 EUR' });
    const declined = t('cash:heldPayouts.outcome.declined');
    const outcome = (headline: string) => panel.getByRole('listitem').filter({ hasText: headline });
    // The till hears of the decisions (pushed, or at its own resend) and keeps them, long after a toast.
    await outcome(paid).waitFor({ timeout: 25_000 });
    await outcome(declined).waitFor({ timeout: 25_000 });
    expect(await outcome(paid).innerText()).toContain(where(1));
    expect(await outcome(declined).innerText()).toContain(where(2));
    expect(await outcome(declined).innerText()).toContain(t('cash:heldPayouts.reason', { reason }));
    expect(await panel.innerText()).not.toContain(t('cash:unconfirmed.heldTitle'));
    expect(await placeBalances(e2e.server, device.id, 1)).toEqual({ entries: 250_00, finalBonus: 0 });
    expect(await placeBalances(e2e.server, device.id, 2)).toEqual({ entries: 500_00, finalBonus: 0 });
    // Once the decisions' passing toasts (1.5 s each) are gone, the outcomes are still there.
    await eventually(async () => (await till.locator('.toast').count()) === 0, 'the toasts gone');
    await outcome(paid).waitFor();
    await outcome(declined).waitFor();
    const faults = await layoutFaults(till);
    if (faults.length > 0) throw new Error(`layout faults: ${faults.join('; ')}`);
    expect(await smallTouchTargets(panel)).toEqual([]);
    expect(failing(await axeScan(till)).map(describeFinding)).toEqual([]);
    await panel.scrollIntoViewIfNeeded();
    await screenshot(till, `held-payouts-${lng}`);

    // A reload keeps them; Dismiss takes each away, for good.
    await till.reload();
    await outcome(paid).waitFor();
    await outcome(declined).waitFor();
    const dismiss = (headline: string, place: number) =>
      panel.getByRole('button', {
        name: t('cash:heldPayouts.dismissLabel', { outcome: headline, where: where(place) }),
      });
    await dismiss(paid, 1).click();
    await outcome(paid).waitFor({ state: 'detached' });
    await outcome(declined).waitFor();
    await dismiss(declined, 2).click();
    await panel.waitFor({ state: 'detached' });
    await till.reload();
    // The screen is back (on a phone the device's own page, else the list, no device chosen) ...
    await (opensInPanel(viewport) ? till.getByRole('button', { name: openLabel }) : region).waitFor();
    // ... and nothing of the dismissed outcomes comes back with it.
    await till.waitForTimeout(1_000);
    expect(await panel.count()).toBe(0);
  }

  it('keeps how a held payout ended at the till until the cashier dismisses it, at 375 and 768 px in en and es', async () => {
    const runs = [
      ['mobile', 'en'],
      ['portrait', 'en'],
      ['mobile', 'es'],
      ['portrait', 'es'],
    ] as const;
    // Side by side, each on its own device: most of a run is waiting for the till to hear.
    const failures = await Promise.all(
      runs.map(([viewport, lng]) =>
        heldPayoutsAtTill(viewport, lng).then(
          () => null,
          (error: unknown) => `${viewport} ${lng}: ${error instanceof Error ? error.stack : String(error)}`,
        ),
      ),
    );
    expect(failures.filter((failure) => failure !== null)).toEqual([]);
  }, 150_000);

  it("sets the window a seat's payouts count together over, on a phone by touch", async () => {
    const phone = await e2e.newPage('mobile', undefined, { touch: true });
    await openSignedIn(
      phone,
      e2e.server,
      '/back-office/accounts/' + e2e.server.demo.accountId,
      LOGINS.manager.login,
    );
    if (consoleFolds('mobile')) await phone.getByRole('button', { name: 'Menu', exact: true }).tap();
    const settings = await openAccountTab(phone, 'Settings');
    const field = settings.getByLabel("Count a seat's payouts over (minutes)");
    expect(await field.inputValue()).toBe('60');
    const save = settings.getByRole('button', { name: 'Save settings', exact: true });
    await field.fill('0');
    await save.tap();
    await settings.getByText('Whole minutes from 1 to 1440 (a day)').waitFor();
    await field.fill('30');
    await save.tap();
    await settings.getByText('Settings saved', { exact: true }).waitFor();
    expect(await layoutFaults(phone)).toEqual([]);
    const saved = await e2e.server.ctx.db.kysely
      .selectFrom('accounts')
      .select('approval_window_minutes')
      .where('id', '=', e2e.server.demo.accountId)
      .executeTakeFirstOrThrow();
    expect(Number(saved.approval_window_minutes)).toBe(30);
  });

  it("a manager's correction reads as one in the device's History tab and the cash modal, not as another cashier's", async () => {
    const device = await createLinkedCabinet(e2e.server, 'Corrected', { entries: [0] });
    const original = await changePlaceCash(e2e.server, device.id, 1, 40_00);
    const office = await e2e.newPage('desktop');
    await openSignedIn(
      office,
      e2e.server,
      '/back-office/accounts/' + e2e.server.demo.accountId,
      LOGINS.manager.login,
    );
    const answer = await office.evaluate(
      async ({ url, body }) => {
        const response = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
        return response.status;
      },
      {
        url: `/api/v1/a/manager/account/${e2e.server.demo.accountId}/corrections`,
        body: { trx: original, correction_trx: `e2e-fix-${Date.now()}`, reason: 'wrong seat' },
      },
    );
    expect(answer).toBe(200);

    const short = `${original.slice(0, 4)}…${original.slice(-4)}`;
    for (const viewport of ['mobile', 'desktop'] as const) {
      const till = await e2e.newPage(viewport, undefined, { touch: viewport === 'mobile' });
      await openSignedIn(till, e2e.server);
      const region = await openDevice(till, viewport, 'Corrected');
      await region.getByRole('tab', { name: 'History' }).click();
      const table = region.getByRole('table', { name: 'Last operations of player 1' });
      const correction = table.getByRole('row').filter({ hasText: `Corrects ${short} · wrong seat` });
      await correction.waitFor();
      const cells = await correction.getByRole('cell').allInnerTexts();
      expect(cells[1]).toMatch(/^Correction\s/);
      expect(cells.join(' ')).not.toMatch(/another cashier|Withdraw/);
      expect(await layoutFaults(till)).toEqual([]);
      await screenshot(till, `correction-history-${viewport}`);
    }

    const till = await e2e.newPage('tablet');
    await openSignedIn(till, e2e.server);
    const region = await openDevice(till, 'tablet', 'Corrected');
    const dialog = await manage(till, region, 1);
    const last = dialog.getByRole('table', { name: 'Last operations' });
    const row = last.getByRole('row').filter({ hasText: `Corrects ${short} · wrong seat` });
    await row.waitFor();
    const cells = await row.getByRole('cell').allInnerTexts();
    expect(cells[1]).toMatch(/^Correction\s/);
    expect(cells.join(' ')).not.toMatch(/other cashier|Withdraw/);
  });
});
