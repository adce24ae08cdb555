// Device rows the back office locks and unlinks; the device reads and renames are devices.repository's.
import type { DialectName, Tx } from '../../db/database.js';
import type { DeviceRow, PlaceRow } from '../../db/schema.js';

/**
 * The device if it belongs to the account, locked with its places (PostgreSQL row locks). FOR NO KEY
 * UPDATE, as the ledger's locks (ledger.repository.ts): a game event holding one of the places inserts
 * rows referencing the device (a KEY SHARE lock on it), which FOR UPDATE would block while this waits
 * for that place: a deadlock, one side failed by PostgreSQL.
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
    .$if(dialect === 'postgres', (q) => q.forNoKeyUpdate())
    .executeTakeFirst();
  if (!device) return undefined;
  const places = await tx
    .selectFrom('places')
    .selectAll()
    .where('device_id', '=', deviceId)
    .orderBy('place')
    .$if(dialect === 'postgres', (q) => q.forNoKeyUpdate())
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
