// Devices and their places: reads for the cashier screens and the gateway, and the non-money writes.
import { DEVICE_TYPE, type DevicePayment, type DeviceType } from '@cashdesk/contract';
import { sql, type Insertable } from 'kysely';
import type { DialectName, Executor } from '../db/database.js';
import type { DeviceRow, DevicesTable, PlaceRow } from '../db/schema.js';
import { shapedStatement } from '../db/query-shapes.js';
import { lockedOn } from '../db/row-locks.js';
import { cashMoveRowsOf, cashMoveSums, venueMovesByDevice } from '../ledger/cash-moves.repository.js';

/** The device by id, compiled once (db/query-shapes.ts): every cash call and device screen asks this. */
export function findDeviceStatement(db: Executor, id: number) {
  return shapedStatement(db, 'findDevice', [id], ([deviceId]) =>
    db
      .selectFrom('devices')
      .selectAll()
      .where('id', '=', deviceId as number)
      .compile(),
  );
}

export async function findDevice(db: Executor, id: number): Promise<DeviceRow | undefined> {
  return (await db.executeQuery(findDeviceStatement(db, id))).rows[0];
}

export async function findDeviceByTokenHash(db: Executor, tokenHash: string): Promise<DeviceRow | undefined> {
  return db.selectFrom('devices').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

/**
 * Which devices a read is of: a list of ids, or every device of a venue (of one type, or all): a whole
 * venue's list reads by its account, not by a list of a thousand ids (a statement text per count, and
 * its parameters built and parsed on every call).
 */
export type DeviceSet = readonly number[] | { account_id: number; type?: DeviceType };

const isEmpty = (set: DeviceSet) => Array.isArray(set) && set.length === 0;

/** The set as a condition on the devices joined as `d`. */
function inSet(set: DeviceSet) {
  if (Array.isArray(set)) return sql<boolean>`d.id in (${sql.join(set as readonly number[])})`;
  const { account_id, type } = set as Exclude<DeviceSet, readonly number[]>;
  return type === undefined
    ? sql<boolean>`d.account_id = ${account_id}`
    : sql<boolean>`d.account_id = ${account_id} and d.type = ${type}`;
}

/** The devices of one type (cabinets or phones), to narrow further. */
function devicesOfType(db: Executor, type: DeviceType) {
  return db.selectFrom('devices').selectAll().where('type', '=', type);
}

/** The devices of an account of one type, oldest first (the order the cashier's table shows). */
export async function listAccountDevices(
  db: Executor,
  accountId: number,
  type: DeviceType,
): Promise<DeviceRow[]> {
  return devicesOfType(db, type)
    .where('account_id', '=', accountId)
    .orderBy('created_at_ms')
    .orderBy('id')
    .execute();
}

/** Those of `ids` that are devices of the account, each once; ids of other accounts are left out. */
export async function accountDeviceIds(
  db: Executor,
  accountId: number,
  ids: readonly number[],
): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('devices')
    .select('id')
    .where('account_id', '=', accountId)
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return rows.map((r) => r.id);
}

export async function listPlaces(db: Executor, devices: DeviceSet): Promise<PlaceRow[]> {
  if (isEmpty(devices)) return [];
  return db
    .selectFrom('places as p')
    .innerJoin('devices as d', 'd.id', 'p.device_id')
    .selectAll('p')
    .where(inSet(devices))
    .orderBy('p.device_id')
    .orderBy('p.place')
    .execute();
}

export async function updateDeviceSettings(
  db: Executor,
  id: number,
  patch: { name: string; hidden: boolean },
): Promise<DeviceRow | undefined> {
  return db
    .updateTable('devices')
    .set({ name: patch.name, hidden: patch.hidden ? 1 : 0 })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

export interface DeviceTotals {
  device_id: number;
  deposit_24h: number;
  withdraw_24h: number;
}

export interface LastMove {
  device_id: number;
  amount: number;
  created_at_ms: number;
}

/**
 * Cashier money moves (ledger/cash-moves.repository.ts, the rule History and Statistic read too) per
 * device since `sinceMs`, those booked to the venue the device belongs to (what the venue's daily totals
 * count: a cabinet moved here keeps its old venue's figures there), in one aggregate query (no N+1), through the partial index of the cash-move rows
 * (migration 020): a cabinet's game play of the day is never read.
 */
export async function deviceTotalsSince(
  db: Executor,
  devices: DeviceSet,
  sinceMs: number,
): Promise<DeviceTotals[]> {
  if (isEmpty(devices)) return [];
  if (!Array.isArray(devices)) {
    // A whole venue: its moves by device (a device of another type or gone since is never asked for).
    const { account_id } = devices as Exclude<DeviceSet, readonly number[]>;
    return (await venueMovesByDevice(db, account_id, sinceMs)).map((m) => ({
      device_id: m.device_id,
      deposit_24h: m.deposit,
      withdraw_24h: m.withdraw,
    }));
  }
  const rows = await db
    .selectFrom('ledger_entries as l')
    .innerJoin('devices as d', (join) =>
      join.onRef('d.id', '=', 'l.device_id').onRef('d.account_id', '=', 'l.account_id'),
    )
    .where(cashMoveRowsOf('l'))
    .select((eb) => ['l.device_id', ...cashMoveSums(eb)])
    .where(inSet(devices))
    .where('l.created_at_ms', '>=', sinceMs)
    .groupBy('l.device_id')
    .execute();
  return rows.map((r) => ({
    device_id: Number(r.device_id),
    deposit_24h: Number(r.deposit),
    withdraw_24h: -Number(r.withdraw),
  }));
}

/**
 * The latest deposit or withdraw of each device: its highest ledger id of that kind, one backward seek per
 * device (ledger_device_kind, migration 004, keyed by the kind), so the cost stays one row per device
 * however long its history; grouping the devices' rows instead read every move they ever had.
 */
export async function lastMoves(
  db: Executor,
  devices: DeviceSet,
  kind: 'deposit' | 'withdraw',
): Promise<LastMove[]> {
  if (isEmpty(devices)) return [];
  const rows = await db
    .selectFrom(['devices as d', 'ledger_entries as l'])
    .select(['d.id as device_id', 'l.amount_cents', 'l.created_at_ms'])
    .where(inSet(devices))
    .where('l.id', '=', (eb) =>
      eb
        .selectFrom('ledger_entries as m')
        .select((e) => e.fn.max('m.id').as('id'))
        .whereRef('m.device_id', '=', 'd.id')
        .where('m.line', '=', 'entries')
        .where('m.kind', '=', kind),
    )
    .execute();
  return rows.map((r) => ({
    device_id: Number(r.device_id),
    amount: Math.abs(r.amount_cents),
    created_at_ms: r.created_at_ms,
  }));
}

/**
 * Those of `ids` that are cabinets of the account, each with its `payment` as the device list's row has it
 * (device-view.ts: the sum of its seats' entries): what a till's live stream tells of their game play
 * (live/live-stream.ts). Never another venue's device, nor a home-play phone, whose figures need its PIN.
 */
export async function cabinetPayments(
  db: Executor,
  accountId: number,
  ids: readonly number[],
): Promise<DevicePayment[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('places as p')
    .innerJoin('devices as d', 'd.id', 'p.device_id')
    .select((eb) => ['p.device_id', eb.fn.sum<number>('p.entries_cents').as('payment')])
    .where('d.account_id', '=', accountId)
    .where('d.type', '=', DEVICE_TYPE.regular)
    .where('p.device_id', 'in', inListOfBucketLength(ids))
    .groupBy('p.device_id')
    .execute();
  return rows.map((r) => ({ id: Number(r.device_id), payment: Number(r.payment) }));
}

/**
 * `ids` once each, then the last repeated up to the next power of two: every read of a few hundred ids
 * is then one of ten statement texts, not one per count, so PostgreSQL's named statements
 * (db/pg-named-statements.ts) are prepared once per connection and not crowded out.
 */
function inListOfBucketLength(ids: readonly number[]): number[] {
  const unique = [...new Set(ids)];
  let length = 1;
  while (length < unique.length) length *= 2;
  return [...unique, ...Array<number>(length - unique.length).fill(unique[unique.length - 1]!)];
}

export type DevicePin = Pick<DeviceRow, 'id' | 'pin' | 'pin_expires_at_ms' | 'pin_previous' | 'pin_failures'>;

/** The PIN fields of a device known to exist (devices are never deleted), its row locked (PostgreSQL). */
export async function lockDevicePin(db: Executor, dialect: DialectName, id: number): Promise<DevicePin> {
  return db
    .selectFrom('devices')
    .select(['id', 'pin', 'pin_expires_at_ms', 'pin_previous', 'pin_failures'])
    .where('id', '=', id)
    .$call(lockedOn(dialect))
    .executeTakeFirstOrThrow();
}

export async function setPinFailures(db: Executor, id: number, failures: number): Promise<void> {
  await db.updateTable('devices').set({ pin_failures: failures }).where('id', '=', id).execute();
}

/**
 * Ends a device's PIN (expired, or too many wrong tries against it): it is kept as the previous one and
 * no call accepts it any more; the device shows a new one on its next `/device/pin`.
 */
export async function endDevicePin(db: Executor, id: number): Promise<void> {
  await db
    .updateTable('devices')
    .set((eb) => ({
      pin_previous: eb.fn.coalesce('pin', 'pin_previous'),
      pin: null,
      pin_expires_at_ms: null,
      pin_failures: 0,
    }))
    .where('id', '=', id)
    .execute();
}

// ---- enrolment, PINs and linking (gateway/, device-linking.ts) ---------------------------------------

/** A newly enrolled device; its id. */
export async function insertDevice(db: Executor, device: Insertable<DevicesTable>): Promise<number> {
  const row = await db.insertInto('devices').values(device).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** Places 1..count of a new device, empty. */
export async function insertPlaces(db: Executor, deviceId: number, count: number): Promise<void> {
  await db
    .insertInto('places')
    .values(Array.from({ length: count }, (_, i) => ({ device_id: deviceId, place: i + 1, username: '' })))
    .execute();
}

/**
 * Gives the device a new PIN. A fresh PIN has had no wrong tries; the one it replaces is remembered, so
 * terminals still holding it get 406 `pin changed` without being counted as guessing (pin-guard.ts).
 */
export async function setDevicePin(
  db: Executor,
  id: number,
  pin: string,
  expiresAtMs: number,
): Promise<void> {
  await db
    .updateTable('devices')
    .set((eb) => ({
      pin,
      pin_expires_at_ms: expiresAtMs,
      pin_used: 0,
      pin_failures: 0,
      pin_previous: eb.fn.coalesce('pin', 'pin_previous'),
    }))
    .where('id', '=', id)
    .execute();
}

/**
 * Gives a phone's current PIN, which a till has just used, a later end (devices/remote-pin.ts
 * heldPinExpiry). Only that PIN, only while it is live, and never earlier than it was: an ended or
 * replaced PIN is never brought back, and of two tills' calls the later end stays.
 */
export async function extendDevicePin(
  db: Executor,
  id: number,
  pin: string,
  nowMs: number,
  expiresAtMs: number,
): Promise<void> {
  await db
    .updateTable('devices')
    .set({ pin_expires_at_ms: expiresAtMs })
    .where('id', '=', id)
    .where('pin', '=', pin)
    .where('pin_expires_at_ms', '>', nowMs)
    .where('pin_expires_at_ms', '<', expiresAtMs)
    .execute();
}

/** A linked cabinet reported in: its registration is complete. */
export async function markDeviceReady(db: Executor, id: number): Promise<void> {
  await db.updateTable('devices').set({ status: 'ready' }).where('id', '=', id).execute();
}

/** The devices of a type showing `pin` (live or not), locked for the rest of the transaction on PostgreSQL. */
export async function lockDevicesShowingPin(
  db: Executor,
  dialect: DialectName,
  pin: string,
  type: DeviceType,
): Promise<DeviceRow[]> {
  return devicesOfType(db, type).where('pin', '=', pin).$call(lockedOn(dialect)).execute();
}

/**
 * Links the device to the account and spends its pairing PIN. A first link also sets its status (a
 * cabinet finishes its registration when it next reports in; a phone is ready at once) and link time.
 */
export async function linkDevice(
  db: Executor,
  id: number,
  accountId: number,
  firstLink: { status: DeviceRow['status']; linked_at_ms: number } | null,
): Promise<void> {
  await db
    .updateTable('devices')
    .set({ account_id: accountId, pin_used: 1, ...(firstLink ?? {}) })
    .where('id', '=', id)
    .execute();
}

/** When the device last reported (the manager's floor, migration 014); the gateway writes it sparingly. */
export async function markDeviceSeen(db: Executor, id: number, nowMs: number): Promise<void> {
  await db.updateTable('devices').set({ last_seen_at_ms: nowMs }).where('id', '=', id).execute();
}
