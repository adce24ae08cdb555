// The hash-chained ledger (db/ledger-chain.ts, issue 29 item 3): every ledger row is on its venue's chain,
// and `verify` names the first row of a chain that someone with database access changed, removed or
// slipped in, with the append-only triggers out of the way (as such a person could).
import { randomUUID } from 'node:crypto';
import { TX_TYPE } from '@cashdesk/contract';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/database.js';
import { chainHash, GENESIS_HASH } from '../../src/db/ledger-chain.js';
import { LedgerService } from '../../src/ledger/ledger.service.js';
import { verifyLedger } from '../../src/ledger/verify.js';
import { runCliCaptured } from '../helpers/cli.js';
import { testDatabases } from '../helpers/databases.js';
import { createLinkedDevice, createTestUser, createVenue } from '../helpers/factories.js';

describe.each(testDatabases)('the hash-chained ledger on $name', (database) => {
  let db: Db;
  let ledger: LedgerService;
  beforeEach(async () => {
    db = await database.open({ poolSize: 10 });
    ledger = new LedgerService(db);
  });
  afterEach(() => db.close());

  /** A venue with a cashier and a cabinet, and some cash calls and game events on it. */
  async function busyVenue() {
    const account = await createVenue(db, { float: 1_000_00, min_amount: 1, max_amount: 1_000_00 });
    const user = await createTestUser(db, { account_id: account.id });
    const device = await createLinkedDevice(db, { account_id: account.id, places: 4 });
    const cash = (place: number, delta: number) =>
      ledger.changePlaceCash({
        account_id: account.id,
        user_id: user.id,
        device_id: device.id,
        device_uuid: device.uuid,
        place,
        delta_cents: delta,
        trx: randomUUID(),
        remote_pin: null,
      });
    const event = (place: number, type: typeof TX_TYPE.win | typeof TX_TYPE.pay, amount: number) =>
      ledger.applyDeviceEvent({ device_id: device.id, place, type, amount_cents: amount, trx: randomUUID() });
    // Some at once, so batches hold several rows of one chain, across lanes on PostgreSQL.
    const outcomes = await Promise.all([
      cash(1, 50_00),
      cash(2, 30_00),
      event(3, TX_TYPE.win, 5_00),
      event(4, TX_TYPE.win, 7_00),
    ]);
    outcomes.push(await event(1, TX_TYPE.pay, 10_00), await cash(2, -5_00));
    expect(outcomes.map((o) => o.status)).toEqual(Array(outcomes.length).fill(200));
    return account;
  }

  const rowsOf = (accountId: number) =>
    db.kysely
      .selectFrom('ledger_entries')
      .selectAll()
      .where('account_id', '=', accountId)
      .orderBy('chain_seq')
      .execute();

  /** Runs `change` on the ledger with the append-only triggers off, as someone with database access could. */
  async function behindTheBack(change: string) {
    if (db.dialect === 'postgres') {
      await sql`alter table ledger_entries disable trigger ledger_entries_append_only`.execute(db.kysely);
      await sql.raw(change).execute(db.kysely);
      await sql`alter table ledger_entries enable trigger ledger_entries_append_only`.execute(db.kysely);
      return;
    }
    await sql`drop trigger ledger_entries_no_update`.execute(db.kysely);
    await sql`drop trigger ledger_entries_no_delete`.execute(db.kysely);
    await sql.raw(change).execute(db.kysely);
  }

  it('puts every row on its venue chain, in order, each hash over the one before', async () => {
    const account = await busyVenue();
    const other = await busyVenue();
    for (const venue of [account, other]) {
      const rows = await rowsOf(venue.id);
      expect(rows.map((r) => Number(r.chain_seq))).toEqual(rows.map((_, i) => i + 1));
      let previous = GENESIS_HASH;
      for (const row of rows) {
        expect(row.chain_hash).toBe(
          chainHash(previous, {
            ...row,
            chain_seq: Number(row.chain_seq),
            operation_id: Number(row.operation_id),
            amount_cents: Number(row.amount_cents),
            balance_after_cents: row.balance_after_cents === null ? null : Number(row.balance_after_cents),
            created_at_ms: Number(row.created_at_ms),
          }),
        );
        previous = row.chain_hash;
      }
      const head = await db.kysely
        .selectFrom('ledger_chain_heads')
        .selectAll()
        .where('account_id', '=', venue.id)
        .executeTakeFirstOrThrow();
      expect({ entries: Number(head.entries), hash: head.hash }).toEqual({
        entries: rows.length,
        hash: previous,
      });
    }
    expect(await verifyLedger(db)).toEqual([]);
  });

  it('names a row whose time was changed behind the application, though every balance still adds up', async () => {
    const account = await busyVenue();
    const rows = await rowsOf(account.id);
    const victim = rows[1]!;
    await behindTheBack(
      `update ledger_entries set created_at_ms = created_at_ms + 1 where id = ${victim.id}`,
    );
    expect(await verifyLedger(db)).toEqual([
      { kind: 'chain', account_id: account.id, chain_seq: Number(victim.chain_seq), entry_id: victim.id },
    ]);
    const cli = await runCliCaptured(db, ['verify']);
    expect(cli.code).toBe(1);
    expect(cli.out).toContain(`hash chain of account ${account.id}: broken at entry ${victim.id}`);
  });

  it('names the row after one that was removed', async () => {
    const account = await busyVenue();
    const rows = await rowsOf(account.id);
    const removed = rows[2]!;
    await behindTheBack(`delete from ledger_entries where id = ${removed.id}`);
    const chain = (await verifyLedger(db)).filter((m) => m.kind === 'chain');
    expect(chain).toEqual([{ kind: 'chain', account_id: account.id, chain_seq: 3, entry_id: rows[3]!.id }]);
  });

  it('names a row slipped in with a place and hash of its own making', async () => {
    const account = await busyVenue();
    const rows = await rowsOf(account.id);
    const last = rows[rows.length - 1]!;
    // A copy of the last row, on the next place, with a hash that is not the chain's.
    await db.kysely
      .insertInto('ledger_entries')
      .values({
        operation_id: last.operation_id,
        trx: last.trx,
        kind: last.kind,
        tx_type: last.tx_type,
        line: 'game',
        account_id: account.id,
        device_id: last.device_id,
        place: last.place,
        user_id: last.user_id,
        amount_cents: 1,
        balance_after_cents: null,
        created_at_ms: last.created_at_ms,
        chain_seq: Number(last.chain_seq) + 1,
        chain_hash: 'f'.repeat(64),
      })
      .execute();
    const chain = (await verifyLedger(db)).filter((m) => m.kind === 'chain');
    expect(chain).toHaveLength(1);
    expect(chain[0]).toMatchObject({ account_id: account.id, chain_seq: rows.length + 1 });
  });

  it('names a head that was moved back (the last rows cut off with it)', async () => {
    const account = await busyVenue();
    await db.kysely
      .updateTable('ledger_chain_heads')
      .set({ entries: 1, hash: GENESIS_HASH })
      .where('account_id', '=', account.id)
      .execute();
    const rows = await rowsOf(account.id);
    expect(await verifyLedger(db)).toEqual([
      { kind: 'chain', account_id: account.id, chain_seq: rows.length + 1, entry_id: null },
    ]);
  });

  it('checks one venue alone when asked, and leaves the other chains to their own check', async () => {
    const broken = await busyVenue();
    const fine = await busyVenue();
    const rows = await rowsOf(broken.id);
    await behindTheBack(`update ledger_entries set trx = 'forged' where id = ${rows[0]!.id}`);
    expect(await verifyLedger(db, { accountId: fine.id })).toEqual([]);
    // The forged trx breaks the chain, and the row no longer has its operation's trx either.
    expect((await verifyLedger(db, { accountId: broken.id })).map((m) => m.kind)).toEqual(['chain', 'link']);
  });
});
