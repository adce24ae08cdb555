// The hash-chained ledger (db/ledger-chain.ts, ledger/ledger-sealer.ts): every committed ledger row is put
// on its venue's chain, and `verify` names the first row of a chain that someone with database access
// changed, removed or slipped in, with the append-only triggers out of the way (as such a person could).
// A venue's batches do not wait for one another on the chain.
import { randomUUID } from 'node:crypto';
import { TX_TYPE } from '@cashdesk/contract';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/database.js';
import { chainedFieldsOf, chainHash, GENESIS_HASH } from '../../src/db/ledger-chain.js';
import { sealAllVenues, sealVenue } from '../../src/ledger/ledger-sealer.js';
import { LedgerService } from '../../src/ledger/ledger.service.js';
import { verifyLedger } from '../../src/ledger/verify.js';
import { runCliCaptured } from '../helpers/cli.js';
import { testDatabases } from '../helpers/databases.js';
import { behindTheBackSql, chainRowsOf } from '../helpers/ledger-chain.js';
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
    await sealAllVenues(db);
    return account;
  }

  const rowsOf = (accountId: number) => chainRowsOf(db, accountId);
  const behindTheBack = (statement: string) => behindTheBackSql(db, statement);

  it('puts every row on its venue chain, in order, each hash over the one before', async () => {
    const account = await busyVenue();
    const other = await busyVenue();
    for (const venue of [account, other]) {
      const rows = await rowsOf(venue.id);
      expect(rows.map((r) => Number(r.chain_seq))).toEqual(rows.map((_, i) => i + 1));
      let previous = GENESIS_HASH;
      // In id order: the order the rows committed in, as the sealer found them.
      expect(rows.map((r) => Number(r.id))).toEqual(rows.map((r) => Number(r.id)).sort((a, b) => a - b));
      for (const row of rows) {
        expect(row.chain_hash).toBe(chainHash(previous, chainedFieldsOf(row, Number(row.chain_seq))));
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
    await behindTheBack(`delete from ledger_seals where entry_id = ${removed.id}`);
    await behindTheBack(`delete from ledger_entries where id = ${removed.id}`);
    const chain = (await verifyLedger(db)).filter((m) => m.kind === 'chain');
    expect(chain).toEqual([{ kind: 'chain', account_id: account.id, chain_seq: 3, entry_id: rows[3]!.id }]);
  });

  it('names the place whose row was removed while its seal stayed', async () => {
    const account = await busyVenue();
    const rows = await rowsOf(account.id);
    const removed = rows[2]!;
    await behindTheBack(`delete from ledger_entries where id = ${removed.id}`);
    const chain = (await verifyLedger(db)).filter((m) => m.kind === 'chain');
    expect(chain).toEqual([{ kind: 'chain', account_id: account.id, chain_seq: 3, entry_id: removed.id }]);
  });

  /** A copy of the venue's last row, written behind the application's back; its id. */
  async function slipIn(accountId: number): Promise<number> {
    const rows = await rowsOf(accountId);
    const { id: _id, chain_seq: _seq, chain_hash: _hash, ...last } = rows[rows.length - 1]!;
    const row = await db.kysely
      .insertInto('ledger_entries')
      .values({ ...last, line: 'game', amount_cents: 1, balance_after_cents: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(row.id);
  }

  it('names a row slipped in with a place and hash of its own making', async () => {
    const account = await busyVenue();
    const rows = await rowsOf(account.id);
    const id = await slipIn(account.id);
    await db.kysely
      .insertInto('ledger_seals')
      .values({
        account_id: account.id,
        chain_seq: rows.length + 1,
        entry_id: id,
        chain_hash: 'f'.repeat(64),
      })
      .execute();
    const chain = (await verifyLedger(db)).filter((m) => m.kind === 'chain');
    expect(chain).toEqual([
      { kind: 'chain', account_id: account.id, chain_seq: rows.length + 1, entry_id: id },
    ]);
  });

  it('names a row slipped in among the sealed ones with no place on the chain', async () => {
    const account = await busyVenue();
    const id = await slipIn(account.id);
    // Not yet sealed: a row waiting for the sealer is no fault of the chain (its sums are another check's).
    expect((await verifyLedger(db)).filter((m) => m.kind === 'chain')).toEqual([]);
    // Told the chain holds it already (the head's stretch moved past it), it is one.
    await db.kysely
      .updateTable('ledger_chain_heads')
      .set({ sealed_through_id: id })
      .where('account_id', '=', account.id)
      .execute();
    const chain = (await verifyLedger(db)).filter((m) => m.kind === 'chain');
    expect(chain).toEqual([{ kind: 'chain', account_id: account.id, chain_seq: 0, entry_id: id }]);
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

  it('seals what was written meanwhile, whoever wrote it, once and in order', async () => {
    const account = await busyVenue();
    const before = await rowsOf(account.id);
    // Two sealers at once (two server processes): the second finds nothing left, no place is taken twice.
    const user = await createTestUser(db, { account_id: account.id });
    const device = await createLinkedDevice(db, { account_id: account.id, places: 1 });
    const deposit = () =>
      ledger.changePlaceCash({
        account_id: account.id,
        user_id: user.id,
        device_id: device.id,
        device_uuid: device.uuid,
        place: 1,
        delta_cents: 1_00,
        trx: randomUUID(),
        remote_pin: null,
      });
    expect((await Promise.all([deposit(), deposit(), deposit()])).map((o) => o.status)).toEqual([
      200, 200, 200,
    ]);
    const sealed = await Promise.all([sealVenue(db, account.id), sealVenue(db, account.id)]);
    expect(sealed.reduce((a, b) => a + b, 0)).toBe(6);
    const after = await rowsOf(account.id);
    expect(after.map((r) => Number(r.chain_seq))).toEqual(after.map((_, i) => i + 1));
    expect(after.slice(0, before.length)).toEqual(before);
    expect(await sealVenue(db, account.id)).toBe(0);
    expect(await verifyLedger(db)).toEqual([]);
  });

  it.runIf(database.name === 'postgres')(
    "commits two devices' batches of one venue side by side: neither waits for the other on the chain",
    async () => {
      const account = await createVenue(db, { float: 1_000_00, min_amount: 1, max_amount: 1_000_00 });
      const user = await createTestUser(db, { account_id: account.id });
      const first = await createLinkedDevice(db, { account_id: account.id, places: 1 });
      const second = await createLinkedDevice(db, { account_id: account.id, places: 1 });
      await db.kysely
        .insertInto('shifts')
        .values({
          account_id: account.id,
          user_id: user.id,
          opened_at_ms: 0,
          opening_cents: 0,
          open_trx: randomUUID(),
        })
        .execute();
      // A cashier's deposit on the first cabinet is held inside its batch, after its venue's and place's
      // locks, by a transaction that holds the cashier's open shift (which the batch reads for share).
      const holder = await db.kysely.connection().execute(async (c) => {
        await sql`begin`.execute(c);
        await sql`select id from shifts where user_id = ${user.id} for update`.execute(c);
        const deposit = ledger.changePlaceCash({
          account_id: account.id,
          user_id: user.id,
          device_id: first.id,
          device_uuid: first.uuid,
          place: 1,
          delta_cents: 5_00,
          trx: randomUUID(),
          remote_pin: null,
        });
        // Meanwhile a game event on the second cabinet of the same venue, from another process's ledger.
        const elsewhere = new LedgerService(db);
        const event = await elsewhere.applyDeviceEvent({
          device_id: second.id,
          place: 1,
          type: TX_TYPE.win,
          amount_cents: 3_00,
          trx: randomUUID(),
        });
        const settledFirst = await Promise.race([
          deposit.then(() => 'committed'),
          sleep(200).then(() => 'waiting'),
        ]);
        await sql`commit`.execute(c);
        return { event, settledFirst, deposit: await deposit };
      });
      expect(holder.event.status).toBe(200);
      expect(holder.settledFirst).toBe('waiting');
      expect(holder.deposit.status).toBe(200);
      await sealAllVenues(db);
      expect(await verifyLedger(db)).toEqual([]);
    },
  );
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
