// The torture checks must be able to fail: each kind of damage a run could do, fed to checkInvariants.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/database.js';
import { LedgerService } from '../../src/ledger/ledger.service.js';
import { sqliteTestDatabase } from '../helpers/databases.js';
import { createLinkedDevice, createTestUser, createVenue } from '../helpers/factories.js';
import { checkInvariants, totalBalances } from './invariants.js';
import { newJournal, type Journal, type TrxRecord } from './workload.js';

async function scene(db: Db) {
  const venue = await createVenue(db, { float: 10_000, min_amount: 1 });
  const user = await createTestUser(db, { account_id: venue.id });
  const device = await createLinkedDevice(db, { account_id: venue.id });
  const start = await totalBalances(db);
  const ledger = new LedgerService(db);
  const deposit = async (delta: number) => {
    const trx = `inv-${randomBytes(6).toString('hex')}`;
    const outcome = await ledger.changePlaceCash({
      account_id: venue.id,
      user_id: user.id,
      device_id: device.id,
      device_uuid: device.uuid,
      place: 1,
      delta_cents: delta,
      trx,
      remote_pin: null,
    });
    const record: TrxRecord = {
      scope: `user:${user.id}`,
      trx,
      kind: 'deposit',
      pattern: 'delayed',
      payloads: [{ op: 'cash', deviceId: device.id, place: 1, delta }],
      attempts: [{ payload: 0, server: 0, status: outcome.status, body: outcome.body, ms: 1 }],
    };
    return record;
  };
  return { start, deposit, userId: user.id, deviceId: device.id };
}

const journalOf = (...records: TrxRecord[]): Journal => ({ ...newJournal(), records });

describe('torture invariants', () => {
  it('find nothing wrong in an honest run', async () => {
    const db = await sqliteTestDatabase.open();
    const s = await scene(db);
    const journal = journalOf(await s.deposit(500), await s.deposit(700));
    expect((await checkInvariants(db, journal, s.start)).problems).toEqual([]);
    await db.close();
  });

  it('catch an acknowledged trx that is not in the database, and an answer that differs from the stored one', async () => {
    const db = await sqliteTestDatabase.open();
    const s = await scene(db);
    const real = await s.deposit(500);
    const ghost: TrxRecord = { ...real, trx: 'never-applied-1' };
    const altered: TrxRecord = {
      ...real,
      attempts: [{ ...real.attempts[0]!, body: { trx: real.trx, delta: 1 } }],
    };
    const problems = (await checkInvariants(db, journalOf(ghost, altered), s.start)).problems.join('\n');
    expect(problems).toContain(
      'never-applied-1 (delayed) was acknowledged with 200 but is not in the database',
    );
    expect(problems).toContain('the database holds');
    await db.close();
  });

  it('catch money that moved without a client asking, or other than asked', async () => {
    const db = await sqliteTestDatabase.open();
    const s = await scene(db);
    const asked = await s.deposit(500);
    const unasked = await s.deposit(300);
    const wrongAmount: TrxRecord = {
      ...asked,
      payloads: [{ op: 'cash', deviceId: s.deviceId, place: 1, delta: 499 }],
    };
    const problems = (await checkInvariants(db, journalOf(wrongAmount), s.start)).problems.join('\n');
    expect(problems).toContain(`(deposit ${unasked.trx}) was never sent by a client`);
    expect(problems).toContain('which none of its payloads asks for');
    expect(problems).toMatch(/the float changed by -800, the applied cash calls say 0/);
    await db.close();
  });

  it('catch answers no client should get', async () => {
    const db = await sqliteTestDatabase.open();
    const s = await scene(db);
    const journal = journalOf(await s.deposit(500));
    journal.unexpected.push('deposit x answered 500 {"err":"Internal server error"}');
    expect((await checkInvariants(db, journal, s.start)).problems).toEqual([
      'unexpected answer: deposit x answered 500 {"err":"Internal server error"}',
    ]);
    await db.close();
  });
});
