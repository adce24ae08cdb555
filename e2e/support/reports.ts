// The history page and the statistic modal as a cashier uses them, and cashier operations booked at
// chosen moments (through the ledger with a clock of the test's own), so a period's figures are known.
import { randomUUID } from 'node:crypto';
import type { Restriction } from '@cashdesk/contract';
import type { Locator, Page } from 'playwright-core';
import { createUser, LedgerService } from '@cashdesk/server';
import type { E2EServer } from './server';

/** A cashier of the demo venue with a session-only login (openSignedIn makes its session). */
export async function createCashier(
  server: E2EServer,
  login: string,
  name: string,
  restrictions: Restriction[] = ['can_view_history_reports'],
): Promise<number> {
  const user = await createUser(
    server.ctx.db.kysely,
    { login, name, role: 'cashier', account_id: server.demo.accountId, password_hash: 'x', restrictions },
    Date.now(),
  );
  return user.id;
}

export interface BookedOperation {
  at: string;
  deviceId: number;
  place: number;
  delta: number;
}

/** Deposits (delta > 0) and withdraws by `userId`, each booked at its `at` (ISO), in that order. */
export async function bookOperations(
  server: E2EServer,
  userId: number,
  operations: readonly BookedOperation[],
): Promise<string[]> {
  const trxs: string[] = [];
  for (const op of operations) {
    const ledger = new LedgerService(server.ctx.db, { now: () => Date.parse(op.at) });
    const device = await server.ctx.db.kysely
      .selectFrom('devices')
      .select('uuid')
      .where('id', '=', op.deviceId)
      .executeTakeFirstOrThrow();
    const trx = randomUUID(); // as the web makes one
    const outcome = await ledger.changePlaceCash({
      account_id: server.demo.accountId,
      user_id: userId,
      device_id: op.deviceId,
      device_uuid: device.uuid,
      place: op.place,
      delta_cents: op.delta,
      trx,
      remote_pin: null,
    });
    if (outcome.status !== 200) throw new Error(`e2e: operation refused: ${JSON.stringify(outcome.body)}`);
    trxs.push(trx);
  }
  return trxs;
}

export interface Period {
  /** As the list shows it, e.g. 'GMT+01:00'. */
  offset: string;
  /** As a cashier types it, day first: '10.03.2026'. */
  fromDate: string;
  /** 24-hour, '00:00:00'. */
  fromTime: string;
  toDate: string;
  toTime: string;
}

/** Fills the period fields inside `scope` (the history's Period form or the Statistic dialog). */
export async function fillPeriod(scope: Locator, period: Period): Promise<void> {
  await scope.getByLabel('GMT offset').selectOption({ label: period.offset });
  await scope.getByLabel('From date').fill(period.fromDate);
  await scope.getByLabel('From time').fill(period.fromTime);
  await scope.getByLabel('To date').fill(period.toDate);
  await scope.getByLabel('To time').fill(period.toTime);
}

/** Opens the history's Period dropdown, sets the period and saves it. */
export async function saveHistoryPeriod(page: Page, period: Period): Promise<void> {
  await page.getByRole('button', { name: /^Period/ }).click();
  const form = page.getByRole('form', { name: 'Period' });
  await fillPeriod(form, period);
  await form.getByRole('button', { name: 'Save' }).click();
  await form.waitFor({ state: 'detached' });
}

export interface Figures {
  delta: string;
  operations: string;
  income: string;
  outcome: string;
}

/** The four figures of a report region (the history's or the statistic's result). */
export async function readFigures(region: Locator): Promise<Figures> {
  const figure = (term: string) =>
    region
      .locator('div')
      .filter({ has: region.page().getByText(term, { exact: true }) })
      .locator('dd');
  return {
    delta: await figure('Total delta').innerText(),
    operations: await figure('Total operations').innerText(),
    income: await figure('Total income').innerText(),
    outcome: await figure('Total outcome').innerText(),
  };
}

export function historyFigures(page: Page): Locator {
  return page.getByRole('region', { name: 'Figures of the operations shown' });
}

/** The transaction ids listed, top to bottom, as their copy controls name them (shortened). */
export async function listedTransactions(page: Page): Promise<string[]> {
  const labels = await page
    .getByRole('button', { name: /^Copy transaction ID / })
    .evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-label') ?? ''));
  return labels.map((label) => label.replace('Copy transaction ID ', ''));
}

/** As the history shortens it: first 4 and last 4 (phones: first 4 and an ellipsis). */
export function shortTrx(trx: string, narrow = false): string {
  return narrow ? `${trx.slice(0, 4)}…` : `${trx.slice(0, 4)}…${trx.slice(-4)}`;
}
