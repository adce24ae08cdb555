// Migration 012 (the hash-chained ledger) over a database from before it: the rows already written are
// put on their venues' chains in id order, every venue gets its head, migration 019 moves their places
// into the seals, and the ledger then goes on from there; `verify` holds throughout.
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/database.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { sealAllVenues } from '../../src/ledger/ledger-sealer.js';
import { LedgerService } from '../../src/ledger/ledger.service.js';
import { verifyLedger } from '../../src/ledger/verify.js';
import { testDatabases } from '../helpers/databases.js';

describe.each(testDatabases)('migration 012-ledger-chain on $name', (database) => {
  let db: Db | undefined;
  afterEach(async () => {
    await db?.close();
    db = undefined;
  });

  it('chains the rows written before it, per venue, and the ledger goes on from their heads', async () => {
    db = await database.open({ migrateTo: '011-login-skeleton' });
    const at = db;
    // Two venues, each with float top-ups booked as the ledger of then booked them (float and external rows).
    const accounts: number[] = [];
    for (const name of ['Old venue A', 'Old venue B']) {
      const row = await sql<{
        id: number;
      }>`insert into accounts (name, currency, balance_cents, overdraft_cents,
          has_overdraft, home_play, min_amount_cents, max_amount_cents, created_at_ms)
        values (${name}, 'EUR', 0, 0, 0, 0, 1, 100000, 0) returning id`.execute(at.kysely);
      accounts.push(Number(row.rows[0]!.id));
    }
    const balance = new Map<number, number>();
    for (const [i, amount] of [100_00, 250_00, 40_00, 5_00].entries()) {
      const accountId = accounts[i % 2]!;
      const trx = `old-${i}`;
      const op = await sql<{
        id: number;
      }>`insert into operations (scope, trx, kind, request_hash, status_code,
          response_json, account_id, created_at_ms)
        values ('operator', ${trx}, 'float_top_up', 'h', 200, '{}', ${accountId}, ${i}) returning id`.execute(
        at.kysely,
      );
      const after = (balance.get(accountId) ?? 0) + amount;
      balance.set(accountId, after);
      for (const [line, cents, balanceAfter] of [
        ['float', amount, after],
        ['external', -amount, null],
      ] as const) {
        await sql`insert into ledger_entries (operation_id, trx, kind, tx_type, line, account_id, device_id, place,
            user_id, amount_cents, balance_after_cents, created_at_ms)
          values (${op.rows[0]!.id}, ${trx}, 'float_top_up', null, ${line}, ${accountId}, null, null, null, ${cents},
            ${balanceAfter}, ${i})`.execute(at.kysely);
      }
      await sql`update accounts set balance_cents = ${after} where id = ${accountId}`.execute(at.kysely);
    }

    await migrateToLatest(at);

    expect(await verifyLedger(at)).toEqual([]);
    const heads = await at.kysely
      .selectFrom('ledger_chain_heads')
      .selectAll()
      .orderBy('account_id')
      .execute();
    expect(heads.map((h) => [Number(h.account_id), Number(h.entries)])).toEqual([
      [accounts[0], 4],
      [accounts[1], 4],
    ]);
    // The ledger goes on from the heads, and a venue created afterwards starts its own chain.
    const ledger = new LedgerService(at);
    const moved = await ledger.moveFloat({
      account_id: accounts[0]!,
      user_id: null,
      delta_cents: 1_00,
      trx: 'new-1',
      reason: 'after the upgrade',
    });
    expect(moved.status).toBe(200);
    const fresh = await sql<{
      id: number;
    }>`insert into accounts (name, currency, balance_cents, overdraft_cents,
        has_overdraft, home_play, min_amount_cents, max_amount_cents, created_at_ms)
      values ('New venue', 'EUR', 0, 0, 0, 0, 1, 100000, 0) returning id`.execute(at.kysely);
    const freshId = Number(fresh.rows[0]!.id);
    expect(
      (
        await ledger.moveFloat({
          account_id: freshId,
          user_id: null,
          delta_cents: 2_00,
          trx: 'new-2',
          reason: 'x',
        })
      ).status,
    ).toBe(200);
    // The new rows go onto the chains after the old ones (migration 019 carried those over unchanged).
    expect(await sealAllVenues(at)).toBe(4);
    expect(await verifyLedger(at)).toEqual([]);
    const after = await at.kysely
      .selectFrom('ledger_chain_heads')
      .select(['account_id', 'entries'])
      .where('account_id', 'in', [accounts[0]!, freshId])
      .orderBy('account_id')
      .execute();
    expect(after.map((h) => Number(h.entries))).toEqual([6, 2]);
  });
});
