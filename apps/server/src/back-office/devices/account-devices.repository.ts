// Device rows the back office locks and unlinks; the device reads and renames are devices.repository's.
import type { DialectName, Tx } from '../../db/database.js';
import type { DeviceRow, PlaceRow } from '../../db/schema.js';
import { lockedOn } from '../../db/row-locks.js';

/**
 * The device if it belongs to the account, locked with its places (PostgreSQL row locks, FOR NO KEY
 * UPDATE as the ledger's: db/row-locks.ts says why).
 */
export async function lockAccountDevice(
  tx: Tx,
  dialect: DialectName,
  accountId: number,
  deviceId: number,
): Promise<{ device: DeviceRow; places: PlaceRow[] } | undefined> {
  const device = await tx
    .selectFrom('devices')
    .selectAll()
    .where('id', '=', deviceId)
    .where('account_id', '=', accountId)
    .$call(lockedOn(dialect))
    .executeTakeFirst();
  if (!device) return undefined;
  const places = await tx
    .selectFrom('places')
    .selectAll()
    .where('device_id', '=', deviceId)
    .orderBy('place')
    .$call(lockedOn(dialect))
    .execute();
  return { device, places };
}

/**
 * Frees a device from its account: it shows as not linked to itself, its PIN is void (a phone's remote
 * calls stop), and any venue may link it again with a new PIN.
 */
export async function unlinkDevice(tx: Tx, deviceId: number): Promise<DeviceRow> {
  return tx
    .updateTable('devices')
    .set({
      account_id: null,
      hidden: 0,
      status: 'registering',
      pin: null,
      pin_expires_at_ms: null,
      linked_at_ms: null,
    })
    .where('id', '=', deviceId)
    .returningAll()
    .executeTakeFirstOrThrow();
}
