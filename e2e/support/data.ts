// Setup and assertions straight on the test server's database and ledger (never the screens' path).
import { randomBytes, randomUUID } from 'node:crypto';
import type { Restriction } from '@cashdesk/contract';
import {
  createSession,
  createUser,
  findUserByLogin,
  hashPassword,
  type LedgerKind,
  type LedgerLine,
} from '@cashdesk/server';
import type { E2EServer } from './server';

/** The demo venue's float in cents. */
export async function floatBalance(server: E2EServer): Promise<number> {
  const row = await server.ctx.db.kysely
    .selectFrom('accounts')
    .select('balance_cents')
    .where('id', '=', server.demo.accountId)
    .executeTakeFirstOrThrow();
  return row.balance_cents;
}

/** Moves the demo venue's float to exactly `cents` through the ledger (a back-office float move). */
export async function setFloatBalance(server: E2EServer, cents: number): Promise<void> {
  const delta = cents - (await floatBalance(server));
  if (delta === 0) return;
  const outcome = await server.ctx.ledger.moveFloat({
    account_id: server.demo.accountId,
    user_id: null,
    delta_cents: delta,
    trx: `e2e-float-${randomUUID()}`,
    reason: 'e2e: set the float for a test',
  });
  if (outcome.status !== 200) throw new Error(`e2e: float move refused: ${JSON.stringify(outcome.body)}`);
}

/** A place's balances in cents. */
export async function placeBalances(
  server: E2EServer,
  deviceId: number,
  place: number,
): Promise<{ entries: number; finalBonus: number }> {
  const row = await server.ctx.db.kysely
    .selectFrom('places')
    .select(['entries_cents', 'final_bonus_cents'])
    .where('device_id', '=', deviceId)
    .where('place', '=', place)
    .executeTakeFirstOrThrow();
  return { entries: row.entries_cents, finalBonus: row.final_bonus_cents };
}

/**
 * A cashier deposit (positive) or withdraw (negative) made through the ledger, as the demo cashier; gives
 * its trx (a manager's correction names the operation by it).
 */
export async function changePlaceCash(
  server: E2EServer,
  deviceId: number,
  place: number,
  delta: number,
): Promise<string> {
  const device = await server.ctx.db.kysely
    .selectFrom('devices')
    .select('uuid')
    .where('id', '=', deviceId)
    .executeTakeFirstOrThrow();
  const trx = `e2e-cash-${randomUUID()}`;
  const outcome = await server.ctx.ledger.changePlaceCash({
    account_id: server.demo.accountId,
    user_id: server.demo.cashierId,
    device_id: deviceId,
    device_uuid: device.uuid,
    place,
    delta_cents: delta,
    trx,
    remote_pin: null,
  });
  if (outcome.status !== 200) throw new Error(`e2e: cash change refused: ${JSON.stringify(outcome.body)}`);
  return trx;
}

/** A call of the back office's API as the demo admin, as the admin's console sends it; its status. */
async function asAdmin(server: E2EServer, path: string, body: unknown): Promise<number> {
  const admin = await findUserByLogin(server.ctx.db.kysely, 'admin');
  if (!admin) throw new Error('e2e: no demo admin');
  const { token } = await createSession(
    server.ctx.db.kysely,
    { userId: admin.id, remember: false },
    Date.now(),
  );
  const res = await fetch(`${server.apiUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: `x-token=${token}`, origin: server.baseUrl },
    body: JSON.stringify(body),
  });
  return res.status;
}

/** Blocks a user from the back office, as an admin does: their sessions are refused from then on. */
export async function blockUser(server: E2EServer, userId: number): Promise<void> {
  const status = await asAdmin(server, `/a/admin/user/${userId}`, { blocked: true, reason: 'e2e: blocked' });
  if (status !== 200) throw new Error(`e2e: block refused: ${status}`);
}

/**
 * A manager's correction of a cash operation of the demo venue (docs/product.md section 13), through the
 * back office's own call, as the manager's console sends it: the operation is reversed by a new, linked
 * one, and both carry `reason`. Gives the correction's trx.
 */
export async function correctOperation(server: E2EServer, trx: string, reason: string): Promise<string> {
  const manager = await findUserByLogin(server.ctx.db.kysely, 'manager');
  if (!manager) throw new Error('e2e: no demo manager');
  const { token } = await createSession(
    server.ctx.db.kysely,
    { userId: manager.id, remember: false },
    Date.now(),
  );
  const correctionTrx = `e2e-fix-${randomUUID()}`;
  const res = await fetch(`${server.apiUrl}/a/manager/account/${server.demo.accountId}/corrections`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: `x-token=${token}`, origin: server.baseUrl },
    body: JSON.stringify({ trx, correction_trx: correctionTrx, reason }),
  });
  if (res.status !== 200) throw new Error(`e2e: correction refused: ${res.status} ${await res.text()}`);
  return correctionTrx;
}

/** Ends every session (as an expiry or a revocation would): the next call of any screen gets a 401. */
export async function deleteAllSessions(server: E2EServer): Promise<number> {
  const result = await server.ctx.db.kysely.deleteFrom('sessions').executeTakeFirst();
  // Behind the server's back: its auth cache must hear of it as from any write path of the server.
  server.ctx.auth.forget({ all: true });
  return Number(result.numDeletedRows);
}

export async function countSessions(server: E2EServer): Promise<number> {
  const row = await server.ctx.db.kysely
    .selectFrom('sessions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function deviceRow(server: E2EServer, deviceId: number) {
  return server.ctx.db.kysely
    .selectFrom('devices')
    .selectAll()
    .where('id', '=', deviceId)
    .executeTakeFirstOrThrow();
}

/**
 * What the ledger moved on one line for one device, in cents, optionally of one kind of entry
 * (e.g. line 'float': what its cash calls took; line 'promotion' of kind 'final_bonus_burn': bonus burned).
 */
export async function ledgerSumOfDevice(
  server: E2EServer,
  deviceId: number,
  line: LedgerLine,
  kind?: LedgerKind,
): Promise<number> {
  let query = server.ctx.db.kysely
    .selectFrom('ledger_entries')
    .select((eb) => eb.fn.sum<number>('amount_cents').as('total'))
    .where('device_id', '=', deviceId)
    .where('line', '=', line);
  if (kind) query = query.where('kind', '=', kind);
  const row = await query.executeTakeFirstOrThrow();
  return Number(row.total ?? 0);
}

/**
 * A cashier of the demo venue (or of `accountId`) with a real password of its own, for tests that change
 * or check a password without touching the demo logins other tests use. The login is unique per call
 * unless `login` names it.
 */
export async function createCashier(
  server: E2EServer,
  options: {
    password: string;
    name?: string;
    restrictions?: Restriction[];
    login?: string;
    accountId?: number;
  },
): Promise<{ id: number; login: string; password: string }> {
  const login = options.login ?? `cashier_${randomBytes(4).toString('hex')}`;
  const user = await createUser(
    server.ctx.db.kysely,
    {
      login,
      name: options.name ?? 'Test Cashier',
      role: 'cashier',
      account_id: options.accountId ?? server.demo.accountId,
      password_hash: await hashPassword(options.password),
      restrictions: options.restrictions ?? [],
    },
    Date.now(),
  );
  return { id: user.id, login, password: options.password };
}

/**
 * A closed shift of `userId` at the demo venue, as its close would have stored it: 100.00 at the open,
 * a deposit of 50.00 and a withdraw of 20.00, so 130.00 expected, 125.00 counted (5.00 short).
 * It ended `endedAgoMs` ago, after an hour.
 */
export async function insertClosedShift(server: E2EServer, userId: number, endedAgoMs = 0): Promise<void> {
  const now = Date.now();
  await server.ctx.db.kysely
    .insertInto('shifts')
    .values({
      account_id: server.demo.accountId,
      user_id: userId,
      opened_at_ms: now - endedAgoMs - 3_600_000,
      opening_cents: 100_00,
      open_trx: `e2e-open-${randomUUID()}`,
      closed_at_ms: now - endedAgoMs,
      close_trx: `e2e-close-${randomUUID()}`,
      counted_cents: 125_00,
      deposits: 1,
      deposits_cents: 50_00,
      withdraws: 1,
      cash_outs: 0,
      cash_outs_cents: 0,
      withdrawals_cents: 20_00,
      expected_cents: 130_00,
      difference_cents: -5_00,
    })
    .execute();
}
