// Accounts in the back office: create, settings (blocks, limits, overdraft) and float moves, each with
// its audit entry in the same transaction, and what a cashier of the account notices.
import { ERR, type Account, type AuditEntry, type FloatInfo } from '@cashdesk/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyLedger } from '../../src/ledger/verify.js';
import { testDatabases } from '../helpers/databases.js';
import { createLinkedDevice, createVenue } from '../helpers/factories.js';
import { useTestServer } from '../helpers/test-server-suite.js';
import { cash, cashierClient, linkCabinet, sendEvent } from '../helpers/cashier.js';
import { answer, auditRowsOf, countRows, newTrx, signedInAs, type SignedIn } from './support.js';

const NEW_ACCOUNT = {
  name: 'Harbour Hall',
  currency: 'USD',
  overdraft: 200_00,
  has_overdraft: true,
  home_play: true,
  min_amount: 5_00,
  max_amount: 2_000_00,
  final_bonus_rate_bps: 500,
};

describe.each(testDatabases)('back-office accounts on $name', (database) => {
  let admin: SignedIn;

  // Enrollment open: a cabinet enrolls and plays through the real gateway (the per-event ceiling).
  const suite = useTestServer(database, { config: { enrollmentOpen: true } });
  beforeAll(async () => {
    admin = await signedInAs(suite.server, suite.db, 'admin', null);
  });
  afterAll(async () => {
    expect(await verifyLedger(suite.db)).toEqual([]);
  });

  it('creates an account with an empty float, lists it and records who created it', async () => {
    const created = await admin.client.post<Account>('/a/admin/account', NEW_ACCOUNT);
    expect(answer(created)).toMatchObject({ status: 200, body: { ...NEW_ACCOUNT, balance: 0 } });
    const list = await admin.client.get<Account[]>('/a/admin/accounts');
    expect(list.body.find((a) => a.id === created.body.id)).toEqual(created.body);

    const [entry] = await auditRowsOf(suite.db, { type: 'account', id: created.body.id });
    expect(entry).toMatchObject({
      action: 'account.create',
      actor_user_id: admin.id,
      actor_login: admin.login,
    });
    expect(JSON.parse(entry!.after_json!)).toMatchObject({ name: 'Harbour Hall', currency: 'USD' });
    expect(entry!.before_json).toBeNull();
  });

  it.each([
    ['min above max', { ...NEW_ACCOUNT, min_amount: 10_00, max_amount: 5_00 }, 'min_amount'],
    ['a lower-case currency', { ...NEW_ACCOUNT, currency: 'usd' }, 'currency'],
    ['an empty name', { ...NEW_ACCOUNT, name: ' ' }, 'name'],
    ['a fractional overdraft', { ...NEW_ACCOUNT, overdraft: 1.5 }, 'overdraft'],
    ['a rate above 100%', { ...NEW_ACCOUNT, final_bonus_rate_bps: 10001 }, 'final_bonus_rate_bps'],
    ['an unknown field', { ...NEW_ACCOUNT, balance: 100 }, ''],
  ])('refuses to create an account with %s (400, nothing stored)', async (_what, body, path) => {
    const before = await countRows(suite.db, 'audit_log');
    const res = await admin.client.post<{ err: string; issues: { path: string }[] }>(
      '/a/admin/account',
      body,
    );
    expect(res.status).toBe(400);
    expect(res.body.err).toBe(ERR.validation);
    expect(res.body.issues.map((i) => i.path)).toContain(path);
    expect(await countRows(suite.db, 'audit_log')).toBe(before);
  });

  it("a manager's hard block reaches the cashier at once and is audited with the reason", async () => {
    const venue = await createVenue(suite.db, { float: 500_00, home_play: true });
    const manager = await signedInAs(suite.server, suite.db, 'manager', venue.id);
    const cashier = (await cashierClient(suite.server, suite.db, venue.id)).client;

    const res = await manager.client.post<Account>(`/a/manager/account/${venue.id}`, {
      is_hard_block_home_play: true,
      reason: 'phones misbehaving',
    });
    expect(answer(res)).toMatchObject({ status: 200, body: { is_hard_block_home_play: true } });
    const float = await cashier.get<FloatInfo>('/a/cashier/account_balance');
    expect(float.body.is_hard_block_home_play).toBe(true);
    const connect = await cashier.post('/a/cashier/devices/remote/register', {
      pin: '123456',
      trx: newTrx(),
    });
    expect(connect.body).toEqual({ err: ERR.hardBlock });

    const entries = await auditRowsOf(suite.db, { type: 'account', id: venue.id });
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: 'account.update',
      actor_login: manager.login,
      account_id: venue.id,
      reason: 'phones misbehaving',
    });
    expect(JSON.parse(entries[0]!.before_json!)).toEqual({ is_hard_block_home_play: false });
    expect(JSON.parse(entries[0]!.after_json!)).toEqual({ is_hard_block_home_play: true });

    // Saving the same value again changes nothing and records nothing.
    await manager.client.post(`/a/manager/account/${venue.id}`, { is_hard_block_home_play: true });
    expect(await auditRowsOf(suite.db, { type: 'account', id: venue.id })).toHaveLength(1);
  });

  it('new amount limits apply to the next cash call', async () => {
    const venue = await createVenue(suite.db, { float: 500_00 });
    const cashier = (await cashierClient(suite.server, suite.db, venue.id)).client;
    const cabinet = await createLinkedDevice(suite.db, { account_id: venue.id });
    await admin.client.post(`/a/manager/account/${venue.id}`, { min_amount: 10_00, max_amount: 50_00 });
    expect((await cash(cashier, cabinet.id, 1, 9_99)).body).toEqual({
      err: ERR.minAmount,
      min_amount: 10_00,
    });
    expect((await cash(cashier, cabinet.id, 1, 50_01)).body).toEqual({
      err: ERR.maxAmount,
      max_amount: 50_00,
    });
    expect((await cash(cashier, cabinet.id, 1, 50_00)).status).toBe(200);
  });

  it("the per-event ceiling set in the account's settings refuses the next game event above it", async () => {
    const venue = await createVenue(suite.db, { float: 500_00 });
    const manager = await signedInAs(suite.server, suite.db, 'manager', venue.id);
    const installer = (await cashierClient(suite.server, suite.db, venue.id)).client;
    const cabinet = await linkCabinet(suite.server, installer);

    const res = await manager.client.post<Account>(`/a/manager/account/${venue.id}`, {
      max_event_amount: 300_00,
      reason: 'cabinets of this floor pay at most 300.00',
    });
    expect(answer(res)).toMatchObject({ status: 200, body: { max_event_amount: 300_00 } });
    const [entry] = await auditRowsOf(suite.db, { type: 'account', id: venue.id });
    expect(JSON.parse(entry!.after_json!)).toEqual({ max_event_amount: 300_00 });

    expect(answer(await sendEvent(cabinet, { place: 1, type: 2, amount: 300_01 }))).toEqual({
      status: 422,
      body: { err: ERR.maxAmount, max_amount: 300_00 },
    });
    expect(answer(await sendEvent(cabinet, { place: 1, type: 2, amount: 300_00 }))).toEqual({
      status: 200,
      body: { balances: { entries: 300_00, final_bonus: 0 } },
    });
  });

  it('refuses limits the float already breaks (409 overdraft) and min above the current max (400)', async () => {
    const venue = await createVenue(suite.db, { float: 0, overdraft: 100_00 });
    await admin.client.post(`/a/manager/account/${venue.id}/move`, {
      delta: -60_00,
      trx: newTrx(),
      reason: 'owed',
    });
    const lowered = await admin.client.post(`/a/manager/account/${venue.id}`, { overdraft: 50_00 });
    expect(answer(lowered)).toEqual({
      status: 409,
      body: { err: ERR.overdraft, balance: -60_00, overdraft: 50_00 },
    });
    const off = await admin.client.post(`/a/manager/account/${venue.id}`, { has_overdraft: false });
    expect(off.status).toBe(409);

    const minAboveMax = await admin.client.post<{ issues: { path: string }[] }>(
      `/a/manager/account/${venue.id}`,
      {
        min_amount: 1_000_000_01,
      },
    );
    expect(minAboveMax.status).toBe(400);
    expect(minAboveMax.body.issues[0]?.path).toBe('min_amount');
    const account = await admin.client.get<Account>(`/a/manager/account/${venue.id}`);
    expect(account.body).toMatchObject({ overdraft: 100_00, has_overdraft: true, min_amount: 1 });
    expect((await auditRowsOf(suite.db, { type: 'account', id: venue.id })).map((e) => e.action)).toEqual([
      'account.float_move',
    ]);
  });

  it('an admin naming an unknown account gets 404', async () => {
    expect((await admin.client.get('/a/manager/account/999999')).body).toEqual({ err: ERR.notFound });
    const move = await admin.client.post('/a/manager/account/999999/move', {
      delta: 1_00,
      trx: newTrx(),
      reason: 'nobody',
    });
    expect(answer(move)).toEqual({ status: 404, body: { err: ERR.notFound } });
  });

  describe('float moves', () => {
    it('tops up and withdraws through the ledger, once per trx, with the audit entry beside', async () => {
      const venue = await createVenue(suite.db, { float: 100_00, overdraft: 50_00 });
      const manager = await signedInAs(suite.server, suite.db, 'manager', venue.id);
      const path = `/a/manager/account/${venue.id}/move`;
      const trx = newTrx();
      const topUp = await manager.client.post(path, { delta: 250_00, trx, reason: 'morning cash' });
      expect(answer(topUp)).toEqual({ status: 200, body: { trx, delta: 250_00, balance: 350_00 } });

      const replay = await manager.client.post(path, { delta: 250_00, trx, reason: 'morning cash' });
      expect(answer(replay)).toEqual(answer(topUp));
      const conflict = await manager.client.post(path, { delta: 25_00, trx, reason: 'morning cash' });
      expect(answer(conflict)).toEqual({ status: 422, body: { err: ERR.trxConflict } });

      const withdraw = await manager.client.post(path, { delta: -400_00, trx: newTrx(), reason: 'bank run' });
      expect(withdraw.body).toMatchObject({ delta: -400_00, balance: -50_00 });
      const tooFar = await manager.client.post(path, { delta: -1, trx: newTrx(), reason: 'one more cent' });
      expect(answer(tooFar)).toEqual({
        status: 409,
        body: { err: ERR.overdraft, balance: -50_00, overdraft: 50_00 },
      });

      const audit = await manager.client.get<AuditEntry[]>(`/a/manager/account/${venue.id}/audit`);
      const moves = audit.body.filter((e) => e.action === 'account.float_move');
      expect(moves.map((e) => [e.before, e.after, e.reason])).toEqual([
        [{ balance: 350_00 }, { balance: -50_00 }, 'bank run'],
        [{ balance: 100_00 }, { balance: 350_00 }, 'morning cash'],
      ]);
      expect(moves[1]).toMatchObject({ trx, actor_id: manager.id });
      const account = await manager.client.get<Account>(`/a/manager/account/${venue.id}`);
      expect(account.body.balance).toBe(-50_00);
    });

    it.each([
      ['no reason', { delta: 1_00, trx: 'trx-00000001' }],
      ['a blank reason', { delta: 1_00, trx: 'trx-00000002', reason: '  ' }],
      ['a zero delta', { delta: 0, trx: 'trx-00000003', reason: 'x' }],
      ['a fraction', { delta: 1.5, trx: 'trx-00000004', reason: 'x' }],
      ['a string amount', { delta: '100', trx: 'trx-00000005', reason: 'x' }],
      ['a short trx', { delta: 1_00, trx: 'short', reason: 'x' }],
    ])('refuses a move with %s (400, no money moved)', async (_what, body) => {
      const venue = await createVenue(suite.db, { float: 10_00 });
      const res = await admin.client.post(`/a/manager/account/${venue.id}/move`, body);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ err: ERR.validation });
      expect((await admin.client.get<Account>(`/a/manager/account/${venue.id}`)).body.balance).toBe(10_00);
    });

    it('a move whose audit entry cannot be written does not happen (one transaction)', async () => {
      const venue = await createVenue(suite.db, { float: 10_00 });
      // Make the audit insert fail for this account only, the way a full disk or a bug would.
      if (suite.db.dialect === 'sqlite') {
        await sql`create trigger audit_fails before insert on audit_log when new.account_id = ${sql.lit(venue.id)}
          begin select raise(abort, 'audit unavailable'); end`.execute(suite.db.kysely);
      } else {
        await sql`create function audit_fails() returns trigger language plpgsql as $$
          begin if new.account_id = ${sql.lit(venue.id)} then raise exception 'audit unavailable'; end if;
          return new; end $$`.execute(suite.db.kysely);
        await sql`create trigger audit_fails before insert on audit_log for each row
          execute function audit_fails()`.execute(suite.db.kysely);
      }
      const ledgerRows = await countRows(suite.db, 'ledger_entries');
      const res = await admin.client.post(`/a/manager/account/${venue.id}/move`, {
        delta: 5_00,
        trx: newTrx(),
        reason: 'will not stick',
      });
      await sql`drop trigger audit_fails${sql.raw(suite.db.dialect === 'postgres' ? ' on audit_log' : '')}`.execute(
        suite.db.kysely,
      );
      expect(answer(res)).toEqual({ status: 500, body: { err: ERR.internal } });
      expect(await countRows(suite.db, 'ledger_entries')).toBe(ledgerRows);
      expect((await admin.client.get<Account>(`/a/manager/account/${venue.id}`)).body.balance).toBe(10_00);
    });
  });
});
