// Devices and their places: reads for the cashier screens and the gateway, and the non-money writes.
import type { Kysely } from 'kysely';
import type { DialectName } from '../db/database.js';
import type { Database, DeviceRow, PlaceRow } from '../db/schema.js';

type Executor = Kysely<Database>;

export async function findDevice(db: Executor, id: number): Promise<DeviceRow | undefined> {
  return db.selectFrom('devices').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findDeviceByTokenHash(db: Executor, tokenHash: string): Promise<DeviceRow | undefined> {
  return db.selectFrom('devices').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

/** The devices of an account of one type, oldest first (the order the cashier's table shows). */
export async function listAccountDevices(db: Executor, accountId: number, type: 0 | 1): Promise<DeviceRow[]> {
  return db
    .selectFrom('devices')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('type', '=', type)
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

export async function listPlaces(db: Executor, deviceIds: readonly number[]): Promise<PlaceRow[]> {
  if (deviceIds.length === 0) return [];
  return db
    .selectFrom('places')
    .selectAll()
    .where('device_id', 'in', deviceIds)
    .orderBy('device_id')
    .orderBy('place')
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

/** Cashier deposits and withdraws per device since `sinceMs`, in two aggregate queries (no N+1). */
export async function deviceTotalsSince(
  db: Executor,
  deviceIds: readonly number[],
  sinceMs: number,
): Promise<DeviceTotals[]> {
  if (deviceIds.length === 0) return [];
  const rows = await db
    .selectFrom('ledger_entries')
    .select((eb) => [
      'device_id',
      eb.fn
        .sum<number>(eb.case().when('kind', '=', 'deposit').then(eb.ref('amount_cents')).else(0).end())
        .as('deposit'),
      eb.fn
        .sum<number>(eb.case().when('kind', '=', 'withdraw').then(eb.ref('amount_cents')).else(0).end())
        .as('withdraw'),
    ])
    .where('line', '=', 'entries')
    .where('kind', 'in', ['deposit', 'withdraw'])
    .where('device_id', 'in', deviceIds)
    .where('created_at_ms', '>=', sinceMs)
    .groupBy('device_id')
    .execute();
  return rows.map((r) => ({
    device_id: Number(r.device_id),
    deposit_24h: Number(r.deposit),
    withdraw_24h: -Number(r.withdraw),
  }));
}

/** The latest deposit or withdraw of each device, found through its highest ledger id. */
export async function lastMoves(
  db: Executor,
  deviceIds: readonly number[],
  kind: 'deposit' | 'withdraw',
): Promise<LastMove[]> {
  if (deviceIds.length === 0) return [];
  const rows = await db
    .selectFrom('ledger_entries')
    .select(['device_id', 'amount_cents', 'created_at_ms'])
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('ledger_entries')
        .select((e) => e.fn.max('id').as('id'))
        .where('line', '=', 'entries')
        .where('kind', '=', kind)
        .where('device_id', 'in', deviceIds)
        .groupBy('device_id'),
    )
    .execute();
  return rows.map((r) => ({
    device_id: Number(r.device_id),
    amount: Math.abs(r.amount_cents),
    created_at_ms: r.created_at_ms,
  }));
}

export type DevicePin = Pick<DeviceRow, 'id' | 'pin' | 'pin_expires_at_ms' | 'pin_previous' | 'pin_failures'>;

/** A device's PIN fields, its row locked for the rest of the transaction on PostgreSQL. */
export async function lockDevicePin(
  db: Executor,
  dialect: DialectName,
  id: number,
): Promise<DevicePin | undefined> {
  return db
    .selectFrom('devices')
    .select(['id', 'pin', 'pin_expires_at_ms', 'pin_previous', 'pin_failures'])
    .where('id', '=', id)
    .$if(dialect === 'postgres', (q) => q.forNoKeyUpdate())
    .executeTakeFirst();
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
