// The books are append-only at the database level on every test database: UPDATE and DELETE (and
// TRUNCATE on PostgreSQL) of ledger_entries, ledger_seals, device_events, audit_log, ledger_anchors and
// the shifts' counts and drawer movements are refused, whatever the rows.
// `operations` is not among them by design: its answer is stored by an UPDATE after the trx is claimed.
import { denominationValues, TX_TYPE } from '@cashdesk/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordAudit } from '../../src/back-office/audit/audit.repository.js';
import { insertAnchor } from '../../src/back-office/reports/ledger-anchors.repository.js';
import { GENESIS_HASH } from '../../src/db/ledger-chain.js';
import type { Db } from '../../src/db/database.js';
import { sealVenue } from '../../src/ledger/ledger-sealer.js';
import { LedgerService } from '../../src/ledger/ledger.service.js';
import type { CashierRow } from '../../src/auth/index.js';
import { systemClock } from '../../src/clock.js';
import { DrawerService } from '../../src/shifts/drawer.service.js';
import { findOpenShift } from '../../src/shifts/shifts.repository.js';
import { ShiftService } from '../../src/shifts/shifts.service.js';
import { testDatabases } from '../helpers/databases.js';
import { createLinkedDevice, createTestUser, createVenue } from '../helpers/factories.js';

/** Every table that holds history: what no route, repository or hand-typed query may rewrite. */
const APPEND_ONLY = [
  'audit_log',
  'device_events',
  'ledger_anchors',
  'ledger_entries',
  'ledger_seals',
  'shift_counts',
  'shift_movements',
] as const;
type AppendOnlyTable = (typeof APPEND_ONLY)[number];
/**
 * Each table's key and a column to change: the seals have neither an id nor a time of their own, and a
 * count's line is keyed by its value (each row below counts another note).
 */
const KEY_NAME = (table: AppendOnlyTable) =>
  table === 'ledger_seals' ? 'entry_id' : table === 'shift_counts' ? 'value_cents' : 'id';
const KEY = (table: AppendOnlyTable) => sql.ref(KEY_NAME(table));
const COLUMN = (table: AppendOnlyTable) =>
  sql.ref(table === 'ledger_seals' ? 'chain_seq' : table === 'shift_counts' ? 'quantity' : 'created_at_ms');

describe.each(testDatabases)('append-only books on $name', (database) => {
  let db: Db;
  let appended = 0;
  /** Appends one row to `table` the way the server does: a deposit, a game event, an audit entry. */
  let appendRow: (table: AppendOnlyTable) => Promise<void>;

  beforeAll(async () => {
    db = await database.open();
    const ledger = new LedgerService(db);
    const shifts = new ShiftService(db, systemClock);
    const drawer = new DrawerService(db, systemClock);
    const venue = await createVenue(db, { float: 1_000_00 });
    const user = await createTestUser(db, { account_id: venue.id });
    const device = await createLinkedDevice(db, { account_id: venue.id });
    appendRow = async (table) => {
      const trx = `append-only-${++appended}`;
      if (table === 'ledger_entries') {
        const deposit = await ledger.changePlaceCash({
          account_id: venue.id,
          user_id: user.id,
          device_id: device.id,
          device_uuid: device.uuid,
          place: 1,
          delta_cents: 20_00,
          trx,
          remote_pin: null,
        });
        expect(deposit.status).toBe(200);
      } else if (table === 'device_events') {
        const win = await ledger.applyDeviceEvent({
          device_id: device.id,
          place: 1,
          type: TX_TYPE.win,
          amount_cents: 5_00,
          trx,
        });
        expect(win.status).toBe(200);
      } else if (table === 'ledger_seals') {
        // A deposit's rows, put on their chain by the sealer (ledger/ledger-sealer.ts).
        await appendRow('ledger_entries');
        expect(await sealVenue(db, venue.id)).toBeGreaterThan(0);
      } else if (table === 'shift_counts') {
        // A shift opened with a count by notes and coins (shifts/shifts.service.ts), by a cashier of its
        // own (one open shift each), one note of another value each time.
        const cashier = await createTestUser(db, { account_id: venue.id });
        const value = denominationValues('EUR')[appended % 15]!;
        const opened = await shifts.open(cashier as CashierRow, {
          denominations: [{ value_cents: value, quantity: 1 }],
          trx,
        });
        expect(opened.status).toBe(200);
      } else if (table === 'shift_movements') {
        // A drop in the shift of `user` (shifts/drawer.service.ts), opened with the first.
        const cashier = user as CashierRow;
        let open = await findOpenShift(db.kysely, cashier.id);
        if (!open) {
          expect((await shifts.open(cashier, { counted_cents: 0, trx: `${trx}-open` })).status).toBe(200);
          open = await findOpenShift(db.kysely, cashier.id);
        }
        const drop = await drawer.move(cashier, open!.id, 'drop', { amount: 1_00, trx });
        expect(drop.status).toBe(200);
      } else if (table === 'ledger_anchors') {
        // A day's anchor as the sweep keeps it (back-office/reports/ledger-anchors.ts), one day per row.
        const inserted = await insertAnchor(db.kysely, {
          account_id: venue.id,
          day: `${2000 + appended}-01-01`,
          entries: 0,
          hash: GENESIS_HASH,
          day_ends_at_ms: Date.UTC(2020, 0, 2),
          created_at_ms: Date.now(),
        });
        expect(inserted).toBe(true);
      } else {
        await recordAudit(db.kysely, {
          actor: { user_id: null, login: 'operator' },
          action: 'account.update',
          target_type: 'account',
          target_id: venue.id,
          account_id: venue.id,
          before: { name: `before ${trx}` },
          after: { name: trx },
          now_ms: Date.now(),
        });
      }
    };
    // Two rows at least in each table, so "one row" and "every row" differ.
    for (const table of APPEND_ONLY) {
      await appendRow(table);
      await appendRow(table);
    }
  });
  afterAll(async () => {
    await db.close();
  });

  async function snapshot(table: AppendOnlyTable): Promise<unknown[]> {
    const rows = await sql`select * from ${sql.table(table)} order by ${KEY(table)}`.execute(db.kysely);
    return rows.rows;
  }

  describe.each(APPEND_ONLY)('%s', (table) => {
    it('has rows to protect', async () => {
      expect((await snapshot(table)).length).toBeGreaterThanOrEqual(2);
    });

    it('refuses UPDATE of one row, of a column that changes nothing, and of every row', async () => {
      const before = await snapshot(table);
      const key = KEY(table);
      const column = COLUMN(table);
      const firstId = (before[0] as Record<string, number>)[KEY_NAME(table)];
      await expect(
        sql`update ${sql.table(table)} set ${column} = ${column} + 1 where ${key} = ${firstId}`.execute(
          db.kysely,
        ),
      ).rejects.toThrow(/append-only/);
      await expect(
        sql`update ${sql.table(table)} set ${column} = ${column}`.execute(db.kysely),
      ).rejects.toThrow(/append-only/);
      await expect(sql`update ${sql.table(table)} set ${key} = ${key}`.execute(db.kysely)).rejects.toThrow(
        /append-only/,
      );
      expect(await snapshot(table)).toEqual(before);
    });

    it('refuses DELETE of one row and of every row', async () => {
      const before = await snapshot(table);
      const lastId = (before[before.length - 1] as Record<string, number>)[KEY_NAME(table)];
      await expect(
        sql`delete from ${sql.table(table)} where ${KEY(table)} = ${lastId}`.execute(db.kysely),
      ).rejects.toThrow(/append-only/);
      await expect(sql`delete from ${sql.table(table)}`.execute(db.kysely)).rejects.toThrow(/append-only/);
      expect(await snapshot(table)).toEqual(before);
    });

    if (database.name === 'postgres') {
      it('refuses TRUNCATE, which row triggers do not see (SQLite has no TRUNCATE)', async () => {
        const before = await snapshot(table);
        await expect(sql`truncate ${sql.table(table)}`.execute(db.kysely)).rejects.toThrow(/append-only/);
        await expect(sql`truncate ${sql.table(table)} cascade`.execute(db.kysely)).rejects.toThrow(
          /append-only/,
        );
        expect(await snapshot(table)).toEqual(before);
      });
    }

    it('still takes new rows: append-only, not read-only', async () => {
      const before = (await snapshot(table)).length;
      await appendRow(table);
      expect((await snapshot(table)).length).toBeGreaterThan(before);
    });
  });

  it('guards exactly these tables in the schema (a new history table needs its guard and a line here)', async () => {
    const guarded =
      db.dialect === 'postgres'
        ? await sql<{ table: string; events: string }>`
            select event_object_table as table, string_agg(distinct event_manipulation, ',' order by event_manipulation) as events
            from information_schema.triggers
            where trigger_schema = current_schema() and action_statement like '%refuse_change%'
            group by event_object_table order by event_object_table`.execute(db.kysely)
        : await sql<{ table: string; events: string }>`
            select tbl_name as "table", group_concat(upper(case when sql like '%before update%' then 'UPDATE' else 'DELETE' end)) as events
            from (select tbl_name, lower(sql) as sql from sqlite_master
                  where type = 'trigger' and lower(sql) like '%append-only table%' order by tbl_name, sql)
            group by tbl_name order by tbl_name`.execute(db.kysely);
    expect(guarded.rows.map((r) => r.table)).toEqual([...APPEND_ONLY]);
    for (const row of guarded.rows) {
      expect(row.events.split(',').sort()).toEqual(['DELETE', 'UPDATE']);
    }
    if (db.dialect === 'postgres') {
      const truncate = await sql<{ table: string }>`
        select c.relname as table from pg_trigger t join pg_class c on c.oid = t.tgrelid
        where c.relnamespace = current_schema()::regnamespace and t.tgname like '%no_truncate'
        order by c.relname`.execute(db.kysely);
      expect(truncate.rows.map((r) => r.table)).toEqual([...APPEND_ONLY]);
    }
  });
});
