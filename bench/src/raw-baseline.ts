// The raw-SQL baseline: the same cash transaction as LedgerService.changePlaceCash (deposit or withdraw
// of a place without final bonus), statement for statement and row for row, written straight against the
// driver (better-sqlite3 prepared statements, pg named prepared statements). The gap between the two is
// the cost of our layers (Kysely, the service, the idempotency helpers, and over HTTP the server), not
// of the work the database does. On PostgreSQL that work includes the venue lock every batch shares (the
// server's ledger/ledger-seals.repository.ts); the hash chain itself is put on by the sealer after the
// commit, off the call's path, in the server as here.
import { randomBytes } from 'node:crypto';
import type { CashResult } from '@cashdesk/contract';
import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';
import { requestHash, SEAL_LOCK_CLASS, type AccountRow, type PlaceRow } from '@cashdesk/server';
import { DEPOSIT_CENTS, placeFor, type Venue } from './setup.js';

/** One cash call of the baseline: `delta` > 0 deposits, < 0 withdraws. */
export interface RawCashCall {
  venue: Venue;
  place: number;
  delta: number;
}

export interface RawCash {
  cash(call: RawCashCall): Promise<void>;
  close(): Promise<void>;
}

/** The deposit benchmark's call: DEPOSIT_CENTS onto the venue's places in turn. */
export function rawDeposits(raw: RawCash, venue: Venue): () => Promise<void> {
  let seq = 0;
  return () => raw.cash({ venue, place: placeFor(seq++, venue), delta: DEPOSIT_CENTS });
}

// The statements our path issues, in its order: share the venue lock (PostgreSQL), lock account, lock
// place, claim the trx, update the float, update the place, insert both ledger rows in one statement,
// store the answer.
const SHARE_VENUE_LOCK = `select pg_advisory_xact_lock_shared(${SEAL_LOCK_CLASS}, $1)`;
const SELECT_ACCOUNT = 'select * from accounts where id = $1';
const SELECT_PLACE = 'select * from places where device_id = $1 and place = $2';
const CLAIM_TRX = `insert into operations
  (scope, trx, kind, request_hash, status_code, response_json, account_id, user_id, device_id, reason, created_at_ms)
  values ($1, $2, $3, $4, null, null, $5, $6, $7, null, $8)
  on conflict (scope, trx) do nothing returning id`;
const UPDATE_FLOAT = 'update accounts set balance_cents = $1 where id = $2';
const UPDATE_PLACE =
  'update places set entries_cents = $1, final_bonus_cents = $2 where device_id = $3 and place = $4';
const LEDGER_COLUMNS =
  '(operation_id, trx, kind, tx_type, line, account_id, device_id, place, user_id, amount_cents, balance_after_cents, created_at_ms)';
const INSERT_LEDGER = `insert into ledger_entries ${LEDGER_COLUMNS} values
  ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12),
  ($13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23, $24)`;
const STORE_OUTCOME = 'update operations set status_code = $1, response_json = $2 where id = $3';

/** better-sqlite3 binds `?`; `$1` would be a named parameter there. Same text otherwise. */
const toSqlite = (text: string) => text.replace(/\$\d+/g, '?');

const TX_TYPE_DEPOSIT = 0;
const TX_TYPE_WITHDRAW = 1;

interface Call extends RawCashCall {
  kind: 'deposit' | 'withdraw';
  trx: string;
  scope: string;
  hash: string;
  now: number;
}

function newCall(prefix: string, n: number, call: RawCashCall): Call {
  return {
    ...call,
    kind: call.delta > 0 ? 'deposit' : 'withdraw',
    trx: `${prefix}-${n}`,
    scope: `user:${call.venue.user_id}`,
    // The same request identity our path hashes, so the operations rows are identical too.
    hash: requestHash(['cash', call.venue.device_id, call.place, call.delta, false]),
    now: Date.now(),
  };
}

function claimValues(call: Call): unknown[] {
  const { venue } = call;
  return [
    call.scope,
    call.trx,
    call.kind,
    call.hash,
    venue.account_id,
    venue.user_id,
    venue.device_id,
    call.now,
  ];
}

/** The money rules of a deposit or withdraw on the locked rows, and everything the writes need. */
function plan(call: Call, account: AccountRow, place: PlaceRow, operationId: number) {
  const { venue, delta } = call;
  const magnitude = Math.abs(delta);
  if (magnitude < account.min_amount_cents || magnitude > account.max_amount_cents) {
    throw new Error('raw cash outside min/max amount: the benchmark setup is wrong');
  }
  const limit = account.has_overdraft === 1 ? account.overdraft_cents : 0;
  if (delta > 0 && account.balance_cents - delta < -limit) throw new Error('raw deposit: the float ran dry');
  if (delta < 0 && magnitude > place.entries_cents) throw new Error('raw withdraw: not enough money');
  // The benchmark's places never accrue final bonus, so a withdraw burns nothing (no burn rows).
  if (delta < 0 && place.final_bonus_cents !== 0) throw new Error('raw withdraw: unexpected final bonus');
  const floatAfter = account.balance_cents - delta;
  const entriesAfter = place.entries_cents + delta;
  const txType = delta > 0 ? TX_TYPE_DEPOSIT : TX_TYPE_WITHDRAW;
  const common = [call.trx, call.kind] as const;
  const rows = [
    [operationId, ...common, null, 'float', account.id, venue.device_id, call.place, venue.user_id],
    [operationId, ...common, txType, 'entries', account.id, venue.device_id, call.place, venue.user_id],
  ];
  rows[0]!.push(-delta, floatAfter, call.now);
  rows[1]!.push(delta, entriesAfter, call.now);
  const ledger = rows.flat();
  const answer: CashResult = {
    trx: call.trx,
    delta,
    balances: { entries: entriesAfter, final_bonus: place.final_bonus_cents },
    burned_final_bonus: 0,
    float_balance: floatAfter,
    currency: account.currency,
    device_uuid: venue.device_uuid,
    created_at: new Date(call.now).toISOString(),
  };
  return { floatAfter, entriesAfter, ledger, response: JSON.stringify(answer) };
}

/**
 * SQLite: a second connection to the same file with the same pragmas; better-sqlite3's `.immediate`
 * wraps the function in BEGIN IMMEDIATE ... COMMIT, as our driver does.
 */
export function rawSqliteCash(file: string): RawCash {
  const sqlite = new SqliteDatabase(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');

  const selectAccount = sqlite.prepare<[number], AccountRow>(toSqlite(SELECT_ACCOUNT));
  const selectPlace = sqlite.prepare<[number, number], PlaceRow>(toSqlite(SELECT_PLACE));
  const claim = sqlite.prepare<unknown[], { id: number }>(toSqlite(CLAIM_TRX));
  const updateFloat = sqlite.prepare(toSqlite(UPDATE_FLOAT));
  const updatePlace = sqlite.prepare(toSqlite(UPDATE_PLACE));
  const insertLedger = sqlite.prepare(toSqlite(INSERT_LEDGER));
  const storeOutcome = sqlite.prepare(toSqlite(STORE_OUTCOME));

  const transaction = sqlite.transaction((call: Call) => {
    const account = selectAccount.get(call.venue.account_id);
    const place = selectPlace.get(call.venue.device_id, call.place);
    if (!account || !place) throw new Error('raw cash: no such account or place');
    const claimed = claim.get(...claimValues(call));
    if (!claimed) throw new Error(`raw cash: trx ${call.trx} was already claimed`);
    const p = plan(call, account, place, claimed.id);
    updateFloat.run(p.floatAfter, account.id);
    updatePlace.run(p.entriesAfter, place.final_bonus_cents, call.venue.device_id, call.place);
    insertLedger.run(...p.ledger);
    storeOutcome.run(200, p.response, claimed.id);
  });

  const prefix = `bench-raw-${randomBytes(4).toString('hex')}`;
  let seq = 0;
  return {
    // Synchronous underneath: the event loop is blocked for the whole transaction, nothing overlaps.
    cash: async (call) => transaction.immediate(newCall(prefix, seq++, call)),
    close: async () => {
      sqlite.close();
    },
  };
}

/** int8 and numeric as safe integers, as the server's pool parses them. */
function parseSafeInteger(text: string): number {
  const value = Number(text);
  if (!Number.isSafeInteger(value)) throw new RangeError(`integer out of the safe range: ${text}`);
  return value;
}

/**
 * PostgreSQL: its own pool on the same schema; each call checks out a client and runs BEGIN, the locking
 * reads (FOR UPDATE), the writes and COMMIT, one round trip per statement as ours.
 */
export function rawPostgresCash(url: string, poolSize: number): RawCash {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === 20 || oid === 1700
          ? parseSafeInteger
          : pg.types.getTypeParser(oid, format ?? 'text')) as typeof pg.types.getTypeParser,
    },
  });
  // An idle connection the server ends makes the pool emit 'error' (it drops the connection itself);
  // without a listener that is an uncaught exception ending the run.
  pool.on('error', (error) => console.warn(`raw baseline: PostgreSQL connection lost: ${error.message}`));
  // Named statements are parsed once per connection: what a hand-written driver path would do.
  const q = (name: string, text: string) => ({ name: `bench_${name}`, text });
  const shareVenueLock = q('venue_lock', SHARE_VENUE_LOCK);
  const selectAccount = q('account', `${SELECT_ACCOUNT} for update`);
  const selectPlace = q('place', `${SELECT_PLACE} for update`);
  const claim = q('claim', CLAIM_TRX);
  const updateFloat = q('float', UPDATE_FLOAT);
  const updatePlace = q('update_place', UPDATE_PLACE);
  const insertLedger = q('ledger', INSERT_LEDGER);
  const storeOutcome = q('outcome', STORE_OUTCOME);

  const prefix = `bench-raw-${randomBytes(4).toString('hex')}`;
  let seq = 0;
  const cash = async (input: RawCashCall) => {
    const call = newCall(prefix, seq++, input);
    const { venue } = call;
    const client = await pool.connect();
    try {
      await client.query('begin');
      await client.query({ ...shareVenueLock, values: [venue.account_id] });
      const account = (await client.query<AccountRow>({ ...selectAccount, values: [venue.account_id] }))
        .rows[0];
      const place = (await client.query<PlaceRow>({ ...selectPlace, values: [venue.device_id, call.place] }))
        .rows[0];
      if (!account || !place) throw new Error('raw cash: no such account or place');
      const claimed = (await client.query<{ id: number }>({ ...claim, values: claimValues(call) })).rows[0];
      if (!claimed) throw new Error(`raw cash: trx ${call.trx} was already claimed`);
      const p = plan(call, account, place, claimed.id);
      await client.query({ ...updateFloat, values: [p.floatAfter, account.id] });
      await client.query({
        ...updatePlace,
        values: [p.entriesAfter, place.final_bonus_cents, venue.device_id, call.place],
      });
      await client.query({ ...insertLedger, values: p.ledger });
      await client.query({ ...storeOutcome, values: [200, p.response, claimed.id] });
      await client.query('commit');
    } catch (error) {
      await client.query('rollback').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  };
  return { cash, close: () => pool.end() };
}
