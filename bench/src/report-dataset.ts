// A ledger of a given size (1 million rows in the full run) for the report benchmarks, written by bulk
// insert in one pass: 90 days of 10 venues (10 cabinets of 4 places and 3 cashiers each), 40% cashier
// deposits and withdraws and 60% game bets and wins, in time order. Every row carries its running balance
// and its place on its venue's hash chain, and the stored balances and chain heads are set to the
// ledger's at the end, so verifyLedger stays clean. Not written
// (the reports do not read them): device_events rows for the game events, stored answers of operations.
import { randomBytes } from 'node:crypto';
import SqliteDatabase from 'better-sqlite3';
import { sql } from 'kysely';
import { chainHash, GENESIS_HASH, hashPassword, type Db } from '@cashdesk/server';
import { addCashier, addDevice, fundedAccount, FLOAT_CENTS, PLACES, type Connection } from './setup.js';

export const DAY_MS = 86_400_000;
export const SPAN_DAYS = 90;
/** The venues of the dataset, each with its devices and cashiers (the reports' shape by default). */
export interface DatasetShape {
  venues: number;
  devicesPerVenue: number;
  cashiersPerVenue: number;
}
const REPORTS_SHAPE: DatasetShape = { venues: 10, devicesPerVenue: 10, cashiersPerVenue: 3 };
const CASH_SHARE = 0.4;
export const DATASET_PASSWORD = 'bench-password';

export interface Dataset {
  /** The cashier whose reports are measured, and their venue's devices. */
  login: string;
  /** That cashier's venue. */
  accountId: number;
  deviceIds: number[];
  /** Epoch ms of the dataset's first and last rows. */
  fromMs: number;
  toMs: number;
  ledgerRows: number;
}

interface VenueData {
  accountId: number;
  float: number;
  cashiers: number[];
  devices: { id: number; entries: number[] }[];
}

const LEDGER_COLUMNS = [
  'operation_id',
  'trx',
  'kind',
  'tx_type',
  'line',
  'account_id',
  'device_id',
  'place',
  'user_id',
  'amount_cents',
  'balance_after_cents',
  'created_at_ms',
  'chain_seq',
  'chain_hash',
] as const;
const OPERATION_COLUMNS = [
  'id',
  'scope',
  'trx',
  'kind',
  'request_hash',
  'status_code',
  'response_json',
  'account_id',
  'user_id',
  'device_id',
  'created_at_ms',
] as const;
type Row = (string | number | null)[];

/** A seeded generator (mulberry32): the same dataset on both databases and in every run. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export async function buildDataset(
  db: Db,
  connection: Connection,
  ledgerRows: number,
  nowMs = Date.now(),
  shape: DatasetShape = REPORTS_SHAPE,
): Promise<Dataset> {
  const passwordHash = await hashPassword(DATASET_PASSWORD);
  const venues: VenueData[] = [];
  let login = '';
  for (let v = 0; v < shape.venues; v++) {
    const accountId = await fundedAccount(db);
    const cashiers: number[] = [];
    for (let c = 0; c < shape.cashiersPerVenue; c++) {
      const cashier = await addCashier(db, accountId, passwordHash);
      cashiers.push(cashier.id);
      if (v === 0 && c === 0) login = cashier.login;
    }
    const devices = [];
    for (let d = 0; d < shape.devicesPerVenue; d++) {
      devices.push({ id: (await addDevice(db, accountId)).id, entries: new Array<number>(PLACES).fill(0) });
    }
    venues.push({ accountId, float: FLOAT_CENTS, cashiers, devices });
  }

  const maxId = await sql<{ id: number | null }>`select max(id) as id from operations`.execute(db.kysely);
  let operationId = Number(maxId.rows[0]?.id ?? 0);
  const next = random(7);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  const fromMs = nowMs - SPAN_DAYS * DAY_MS;
  const operations = ledgerRows / 2;
  const prefix = randomBytes(3).toString('hex');
  // The venues' chains go on from the rows their set-up wrote (the funding top-ups).
  const heads = new Map(
    (await db.kysely.selectFrom('ledger_chain_heads').selectAll().execute()).map((h) => [
      Number(h.account_id),
      { entries: Number(h.entries), hash: h.hash },
    ]),
  );
  const writer = bulkWriter(db, connection, heads);

  for (let i = 0; i < operations; i++) {
    const at = Math.floor(fromMs + ((i + next()) / operations) * (nowMs - fromMs));
    const venue = pick(venues);
    const device = pick(venue.devices);
    const place = Math.floor(next() * PLACES) + 1;
    const entries = device.entries[place - 1]!;
    const amount = 100 * (1 + Math.floor(next() * 200));
    const id = ++operationId;
    const trx = `r${prefix}-${i}`;
    if (next() < CASH_SHARE) {
      const user = pick(venue.cashiers);
      const delta = entries >= amount && next() < 0.5 ? -amount : amount;
      const kind = delta > 0 ? 'deposit' : 'withdraw';
      venue.float -= delta;
      device.entries[place - 1] = entries + delta;
      writer.operation([id, `user:${user}`, trx, kind, 'h', 200, '{}', venue.accountId, user, device.id, at]);
      writer.ledger([
        id,
        trx,
        kind,
        null,
        'float',
        venue.accountId,
        device.id,
        place,
        user,
        -delta,
        venue.float,
        at,
      ]);
      writer.ledger([
        id,
        trx,
        kind,
        delta > 0 ? 0 : 1,
        'entries',
        venue.accountId,
        device.id,
        place,
        user,
        delta,
        entries + delta,
        at,
      ]);
    } else {
      // A bet (type 3) when the place has the money, else a win (type 2): entries against the game line.
      const delta = entries >= amount ? -amount : amount;
      device.entries[place - 1] = entries + delta;
      writer.operation([
        id,
        `device:${device.id}`,
        trx,
        'device_event',
        'h',
        200,
        '{}',
        venue.accountId,
        null,
        device.id,
        at,
      ]);
      writer.ledger([
        id,
        trx,
        'device_event',
        delta < 0 ? 3 : 2,
        'entries',
        venue.accountId,
        device.id,
        place,
        null,
        delta,
        entries + delta,
        at,
      ]);
      writer.ledger([
        id,
        trx,
        'device_event',
        null,
        'game',
        venue.accountId,
        device.id,
        place,
        null,
        -delta,
        null,
        at,
      ]);
    }
    if (writer.pending() >= 20_000) await writer.flush();
  }
  await writer.flush();
  await writer.finish(operationId);

  for (const venue of venues) {
    await db.kysely
      .updateTable('accounts')
      .set({ balance_cents: venue.float })
      .where('id', '=', venue.accountId)
      .execute();
    for (const device of venue.devices) {
      for (let p = 0; p < PLACES; p++) {
        await db.kysely
          .updateTable('places')
          .set({ entries_cents: device.entries[p]! })
          .where('device_id', '=', device.id)
          .where('place', '=', p + 1)
          .execute();
      }
    }
  }
  // Fresh statistics, as a database that grew to this size over months would have.
  await sql`analyze`.execute(db.kysely);
  return {
    login,
    accountId: venues[0]!.accountId,
    deviceIds: venues[0]!.devices.map((d) => d.id),
    fromMs,
    toMs: nowMs,
    ledgerRows,
  };
}

/**
 * Buffers rows and writes them in large batches: on SQLite through a second better-sqlite3 connection
 * with one prepared insert per table in one transaction per batch (SQLite limits bound values per
 * statement, so multi-row inserts would need tiny batches), on PostgreSQL with one unnest insert per table.
 */
function bulkWriter(db: Db, connection: Connection, heads: Map<number, { entries: number; hash: string }>) {
  let operations: Row[] = [];
  let ledger: Row[] = [];
  // `heads`: each venue's chain head so far (the server's db/ledger-chain.ts, by its exported chainHash).
  const chained = (row: Row): Row => {
    const field = (name: (typeof LEDGER_COLUMNS)[number]) => row[LEDGER_COLUMNS.indexOf(name)] as never;
    const accountId = field('account_id') as number;
    const head = heads.get(accountId) ?? { entries: 0, hash: GENESIS_HASH };
    const chain_seq = head.entries + 1;
    const hash = chainHash(head.hash, {
      chain_seq,
      operation_id: field('operation_id'),
      trx: field('trx'),
      kind: field('kind'),
      tx_type: field('tx_type'),
      line: field('line'),
      account_id: accountId,
      device_id: field('device_id'),
      place: field('place'),
      user_id: field('user_id'),
      amount_cents: field('amount_cents'),
      balance_after_cents: field('balance_after_cents'),
      created_at_ms: field('created_at_ms'),
    });
    heads.set(accountId, { entries: chain_seq, hash });
    return [...row, chain_seq, hash];
  };
  const columnsOf = (rows: Row[], width: number) =>
    Array.from({ length: width }, (_, c) => rows.map((row) => row[c] ?? null));
  const insertText = (table: string, columns: readonly string[]) =>
    `insert into ${table} (${columns.join(', ')}) values (${columns.map(() => '?').join(', ')})`;
  const sqlite = connection.kind === 'sqlite' ? new SqliteDatabase(connection.file) : null;
  sqlite?.pragma('busy_timeout = 5000');
  const writeSqlite = sqlite
    ? (() => {
        const insertOperation = sqlite.prepare(insertText('operations', OPERATION_COLUMNS));
        const insertLedger = sqlite.prepare(insertText('ledger_entries', LEDGER_COLUMNS));
        return sqlite.transaction((ops: Row[], entries: Row[]) => {
          for (const row of ops) insertOperation.run(row);
          for (const row of entries) insertLedger.run(row);
        });
      })()
    : null;
  return {
    operation: (row: Row) => void operations.push(row),
    ledger: (row: Row) => void ledger.push(chained(row)),
    pending: () => ledger.length,
    async flush() {
      const ops = operations;
      const entries = ledger;
      operations = [];
      ledger = [];
      if (ops.length === 0) return;
      if (writeSqlite) {
        writeSqlite.immediate(ops, entries);
        return;
      }
      const o = columnsOf(ops, OPERATION_COLUMNS.length);
      const l = columnsOf(entries, LEDGER_COLUMNS.length);
      await db.kysely.transaction().execute(async (tx) => {
        await sql`insert into operations (${sql.raw(OPERATION_COLUMNS.join(', '))})
          select * from unnest(${o[0]}::bigint[], ${o[1]}::text[], ${o[2]}::text[], ${o[3]}::text[], ${o[4]}::text[],
            ${o[5]}::int[], ${o[6]}::text[], ${o[7]}::int[], ${o[8]}::int[], ${o[9]}::int[], ${o[10]}::bigint[])`.execute(
          tx,
        );
        await sql`insert into ledger_entries (${sql.raw(LEDGER_COLUMNS.join(', '))})
          select * from unnest(${l[0]}::bigint[], ${l[1]}::text[], ${l[2]}::text[], ${l[3]}::smallint[], ${l[4]}::text[],
            ${l[5]}::int[], ${l[6]}::int[], ${l[7]}::smallint[], ${l[8]}::int[], ${l[9]}::bigint[], ${l[10]}::bigint[],
            ${l[11]}::bigint[], ${l[12]}::bigint[], ${l[13]}::text[])`.execute(tx);
      });
    },
    /** Closes the SQLite writer; PostgreSQL hands out ids from a sequence: move it past the ids written here. */
    async finish(lastOperationId: number) {
      sqlite?.close();
      for (const [accountId, head] of heads) {
        await db.kysely
          .updateTable('ledger_chain_heads')
          .set(head)
          .where('account_id', '=', accountId)
          .execute();
      }
      if (db.dialect === 'postgres') {
        await sql`select setval(pg_get_serial_sequence('operations', 'id'), ${lastOperationId})`.execute(
          db.kysely,
        );
      }
    },
  };
}
