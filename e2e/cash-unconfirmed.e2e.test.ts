// A lost answer must never become a second deposit. The browser never sees the answer to a cash
// call (Playwright drops it after the server applied it, or before the server got it); the tests prove
// the money moved exactly once, that the cashier was told the truth at every step (not confirmed yet,
// never a failure, the place blocked, other places usable), and that the operation settles by itself or
// on "Check again", across a reload too, for a cabinet and a home-play phone.
import type { Locator, Page, Route } from 'playwright-core';
import { expect, it } from 'vitest';
import { screenshot } from './support/browser';
import { floatBalance, placeBalances } from './support/data';
import { createLinkedCabinet, enrollPhone, renameDevice } from './support/devices';
import { describeE2E, useE2E } from './support/harness';
import type { E2EServer } from './support/server';
import { answer, manage, openDevice, operationButton, playerRow, typeOnNumpad } from './support/screens';
import { eventually, expectToast, openSignedIn, watchForToast } from './support/ui';

/**
 * Drops the answers of one place's cash calls: 'after the server' forwards each request to the server
 * and throws its answer away (a connection reset on the way back), 'before the server' resets the
 * connection before the request gets there. Counts what it did; `stop()` lets answers through again.
 */
async function loseAnswers(
  page: Page,
  url: string,
  when: 'after the server' | 'before the server',
): Promise<{ sent: () => number; stop: () => Promise<void> }> {
  let sent = 0;
  const handler = async (route: Route) => {
    sent += 1;
    try {
      if (when === 'after the server') await route.fetch();
      await route.abort('connectionreset');
    } catch (error) {
      // The page gave up on the request first (its call timeout, a reload, the page's close): the route
      // is over and there is no answer left to drop. Anything else is a real failure.
      if (!/already handled|closed/i.test(String(error))) throw error;
    }
  };
  await page.route(url, handler);
  return { sent: () => sent, stop: () => page.unroute(url, handler) };
}

const cashUrl = (deviceId: number, place: number) =>
  `**/api/v1/a/cashier/devices/${deviceId}/place/${place}/update`;
const remoteCashUrl = (deviceId: number, place: number) =>
  `**/api/v1/a/cashier/devices/remote/${deviceId}/place/${place}/update`;

/** Every cash move the ledger holds for a place (its `entries` rows of deposits and withdraws). */
async function cashMoves(server: E2EServer, deviceId: number, place: number) {
  const rows = await server.ctx.db.kysely
    .selectFrom('ledger_entries')
    .select(['trx', 'amount_cents'])
    .where('device_id', '=', deviceId)
    .where('place', '=', place)
    .where('line', '=', 'entries')
    .where('kind', 'in', ['deposit', 'withdraw'])
    .execute();
  return rows.map((row) => ({ trx: row.trx, cents: Number(row.amount_cents) }));
}

/** Records the text of every toast the page shows, to prove none of them said the operation failed. */
async function recordToasts(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __toasts: string[] }).__toasts = seen;
    new MutationObserver(() => {
      for (const toast of document.querySelectorAll('.toast > span')) {
        const text = toast.textContent ?? '';
        if (seen[seen.length - 1] !== text) seen.push(text);
      }
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
  return () => page.evaluate(() => (window as unknown as { __toasts: string[] }).__toasts);
}

const FAILURE_WORDS = /fail|error|no connection|refused|timeout/i;

/** The unconfirmed notice of an operation inside `scope` (the modal, a player row, the list). */
function notice(scope: Locator): Locator {
  return scope.locator('.unconfirmed-notice');
}

/** The stored unconfirmed operations of every cashier on this terminal, as the page keeps them. */
function storedOperations(page: Page): Promise<{ trx: string; delta: number }[]> {
  return page.evaluate(() =>
    Object.keys(localStorage)
      .filter((key) => key.startsWith('cash.unconfirmed.'))
      .flatMap((key) => JSON.parse(localStorage.getItem(key) ?? '[]') as { trx: string; delta: number }[]),
  );
}

describeE2E('unconfirmed cash operations', () => {
  const e2e = useE2E();

  it('a deposit applied by the server whose answer is lost counts once; the cashier is told the truth throughout', async () => {
    const name = 'Lost answer';
    const device = await createLinkedCabinet(e2e.server, name);
    const floatBefore = await floatBalance(e2e.server);
    const page = await e2e.newPage('desktop');
    const toasts = await recordToasts(page);
    await openSignedIn(page, e2e.server);
    const lost = await loseAnswers(page, cashUrl(device.id, 1), 'after the server');

    const region = await openDevice(page, 'desktop', name);
    const dialog = await manage(page, region, 1);
    await typeOnNumpad(dialog, '25');
    await operationButton(dialog, 'Deposit').click();
    const told = watchForToast(page, 'Deposit of 25.00 EUR not confirmed yet: checking. Do not repeat it.');
    await answer(dialog, 'Yes');
    await told;

    // The modal stays and says what happened: not confirmed yet, being checked, the place waits.
    const inModal = notice(dialog);
    await inModal.getByText('Not confirmed yet', { exact: true }).waitFor();
    const modalText = await inModal.innerText();
    expect(modalText).toContain('Deposit 25.00 EUR');
    expect(modalText).toContain('New operations on this player wait until it is confirmed.');
    await screenshot(page, 'cash-unconfirmed-modal');
    for (const button of ['Deposit', 'Withdraw', 'Cash out'] as const) {
      expect(await operationButton(dialog, button).isDisabled()).toBe(true);
    }
    expect(await dialog.getByRole('button', { name: 'Deposit 100.00', exact: true }).isDisabled()).toBe(true);

    // The server did apply it, once, and the resends with the same trx (their answers lost too) add nothing.
    await eventually(
      async () => (await cashMoves(e2e.server, device.id, 1)).length === 1,
      'the deposit booked',
    );
    await eventually(() => lost.sent() >= 3, 'two resends', 15_000);
    const [move] = await cashMoves(e2e.server, device.id, 1);
    expect(await cashMoves(e2e.server, device.id, 1)).toEqual([{ trx: move?.trx, cents: 25_00 }]);
    expect(await storedOperations(page)).toEqual([expect.objectContaining({ trx: move?.trx, delta: 25_00 })]);

    // Closed, the place's row and the list above the screen still say it.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    const row = playerRow(region, 1);
    await notice(row).getByText('Not confirmed yet', { exact: true }).waitFor();
    expect(await notice(row).innerText()).toContain('Deposit 25.00 EUR');
    const list = page.getByRole('region', { name: 'Operations not confirmed yet' });
    expect(await list.innerText()).toContain(`Lost answer · ID ${device.id} · Player 1`);
    await screenshot(page, 'cash-unconfirmed-row');

    // Another place of the same device takes operations as usual.
    const other = await manage(page, region, 2);
    await typeOnNumpad(other, '10');
    await operationButton(other, 'Deposit').click();
    await answer(other, 'Yes');
    await expectToast(page, 'Deposited 10.00 EUR');
    await other.waitFor({ state: 'detached' });
    expect(await placeBalances(e2e.server, device.id, 2)).toEqual({ entries: 10_00, finalBonus: 0 });

    // The connection is back: Check again settles it with the server's stored answer, no second move.
    await lost.stop();
    const confirmed = watchForToast(
      page,
      `Confirmed: deposited 25.00 EUR to Lost answer (ID ${device.id}), player 1`,
    );
    await row.getByRole('button', { name: /^Check again/ }).click();
    await confirmed;
    await notice(row).waitFor({ state: 'detached' });
    await eventually(async () => (await row.innerText()).includes('25.00'), 'the balance 25.00 in the row');
    expect(await list.count()).toBe(0);
    expect(await cashMoves(e2e.server, device.id, 1)).toEqual([{ trx: move?.trx, cents: 25_00 }]);
    expect(await placeBalances(e2e.server, device.id, 1)).toEqual({ entries: 25_00, finalBonus: 0 });
    expect(await floatBalance(e2e.server)).toBe(floatBefore - 35_00);
    expect(await storedOperations(page)).toEqual([]);
    expect((await toasts()).filter((text) => FAILURE_WORDS.test(text))).toEqual([]);

    // Settled, the place takes a new operation again.
    const again = await manage(page, region, 1);
    expect(await operationButton(again, 'Cash out').isDisabled()).toBe(false);
  });

  it('survives a reload in the middle and settles by itself', async () => {
    const name = 'Reload';
    const device = await createLinkedCabinet(e2e.server, name, { entries: [50_00] });
    const page = await e2e.newPage('tablet');
    const toasts = await recordToasts(page);
    await openSignedIn(page, e2e.server);
    const lost = await loseAnswers(page, cashUrl(device.id, 1), 'after the server');

    const region = await openDevice(page, 'tablet', name);
    const dialog = await manage(page, region, 1);
    await typeOnNumpad(dialog, '20');
    await operationButton(dialog, 'Withdraw').click();
    await notice(dialog).getByText('Not confirmed yet', { exact: true }).waitFor();
    await eventually(
      async () => (await cashMoves(e2e.server, device.id, 1)).length === 2,
      'the withdraw booked',
    );
    const stored = await storedOperations(page);
    expect(stored).toEqual([expect.objectContaining({ delta: -20_00 })]);

    // Reloaded while the answers are still lost: the operation is back on screen and sent again by itself.
    const sentBeforeReload = lost.sent();
    await page.reload();
    const list = page.getByRole('region', { name: 'Operations not confirmed yet' });
    await list.waitFor();
    const listText = await list.innerText();
    expect(listText).toContain('Withdraw 20.00 EUR');
    expect(listText).toContain(`Reload · ID ${device.id} · Player 1`);
    await screenshot(page, 'cash-unconfirmed-after-reload');
    await eventually(() => lost.sent() > sentBeforeReload, 'a resend after the reload');
    expect(await cashMoves(e2e.server, device.id, 1)).toHaveLength(2);

    // Answers get through again: nobody clicks, the next resend settles it.
    const confirmed = watchForToast(
      page,
      `Confirmed: withdrawn 20.00 EUR from Reload (ID ${device.id}), player 1`,
      20_000,
    );
    await lost.stop();
    await confirmed;
    await list.waitFor({ state: 'detached' });
    const moves = await cashMoves(e2e.server, device.id, 1);
    expect(moves.map((m) => m.cents)).toEqual([50_00, -20_00]);
    expect(moves[1]?.trx).toBe(stored[0]?.trx);
    expect(await placeBalances(e2e.server, device.id, 1)).toEqual({ entries: 30_00, finalBonus: 0 });
    expect(await storedOperations(page)).toEqual([]);
    expect((await toasts()).filter((text) => FAILURE_WORDS.test(text))).toEqual([]);
  });

  it('a deposit the server never received is applied exactly once by the resend', async () => {
    const name = 'Never received';
    const device = await createLinkedCabinet(e2e.server, name);
    const page = await e2e.newPage('mobile');
    await openSignedIn(page, e2e.server);
    const lost = await loseAnswers(page, cashUrl(device.id, 1), 'before the server');

    const region = await openDevice(page, 'mobile', name);
    const dialog = await manage(page, region, 1);
    await typeOnNumpad(dialog, '40');
    await operationButton(dialog, 'Deposit').click();
    await answer(dialog, 'Yes');
    await notice(dialog).getByText('Not confirmed yet', { exact: true }).waitFor();
    expect(await notice(dialog).innerText()).toContain('Deposit 40.00 EUR');
    await eventually(() => lost.sent() >= 2, 'a resend');
    expect(await cashMoves(e2e.server, device.id, 1)).toEqual([]);

    const confirmed = watchForToast(
      page,
      `Confirmed: deposited 40.00 EUR to Never received (ID ${device.id}), player 1`,
      20_000,
    );
    await lost.stop();
    await confirmed;
    await notice(dialog).waitFor({ state: 'detached' });
    // The modal, still open, shows the new balance and takes operations again.
    await dialog.getByText('40.00 EUR', { exact: true }).waitFor();
    expect(await operationButton(dialog, 'Cash out').isDisabled()).toBe(false);
    expect((await cashMoves(e2e.server, device.id, 1)).map((m) => m.cents)).toEqual([40_00]);
    expect(await placeBalances(e2e.server, device.id, 1)).toEqual({ entries: 40_00, finalBonus: 0 });
  });

  it('a home-play deposit whose answer is lost is resent with its PIN and counts once', async () => {
    const phone = await enrollPhone(e2e.server);
    const name = 'Lost phone';
    await renameDevice(e2e.server, phone.id, name);
    const pin = phone.pin;
    const page = await e2e.newPage('desktop');
    await openSignedIn(page, e2e.server);
    await page.getByRole('button', { name: 'Remote devices', exact: true }).click();
    const pinDialog = page.getByRole('dialog', { name: 'Remote device' });
    await typeOnNumpad(pinDialog, pin);
    await pinDialog.getByRole('button', { name: 'Activate', exact: true }).click();
    await pinDialog.waitFor({ state: 'detached' });
    const region = page
      .getByRole('complementary', { name: 'Device details' })
      .getByRole('region', { name, exact: true });
    await region.waitFor();
    // The phone stops playing, so its balance holds still.
    await phone.stop();
    const lost = await loseAnswers(page, remoteCashUrl(phone.id, 1), 'after the server');

    const dialog = await manage(page, region, 1);
    await typeOnNumpad(dialog, '10');
    await operationButton(dialog, 'Deposit').click();
    await answer(dialog, 'Yes');
    await notice(dialog).getByText('Not confirmed yet', { exact: true }).waitFor();
    await eventually(
      async () => (await cashMoves(e2e.server, phone.id, 1)).length === 1,
      'the deposit booked',
    );
    await eventually(() => lost.sent() >= 2, 'a resend');

    const confirmed = watchForToast(
      page,
      `Confirmed: deposited 10.00 EUR to ${name} (ID ${phone.id}), player 1`,
      20_000,
    );
    await lost.stop();
    // A scheduled resend may settle it before the cashier asks; otherwise Check again does.
    await notice(dialog)
      .getByRole('button', { name: /^Check again/ })
      .click({ timeout: 2_000 })
      .catch(() => undefined);
    await confirmed;
    expect((await cashMoves(e2e.server, phone.id, 1)).map((m) => m.cents)).toEqual([10_00]);
    expect(await placeBalances(e2e.server, phone.id, 1)).toEqual({ entries: 10_00, finalBonus: 0 });
  });
});
