// Shared steps of the shift suites: a venue that uses shifts, a cashier of it with a linked cabinet, and
// the cash call and shift calls as the web makes them.
import type { Db } from '../../src/db/database.js';
import type { AccountRow } from '../../src/db/schema.js';
import { createLinkedDevice, createVenue, type VenueOptions } from '../helpers/factories.js';
import type { TestClient, TestServer } from '../helpers/server.js';
import { cashierClient, newTrx } from '../helpers/cashier.js';

export { answer, newTrx } from '../helpers/cashier.js';

export interface ShiftVenue {
  venue: AccountRow;
  cashier: TestClient;
  cashierId: number;
  deviceId: number;
}

export async function shiftVenue(
  server: TestServer,
  db: Db,
  options: VenueOptions & { shifts?: boolean } = {},
): Promise<ShiftVenue> {
  const { shifts = true, ...venueOptions } = options;
  const venue = await createVenue(db, { float: 1_000_000_00, ...venueOptions });
  if (shifts) await db.kysely.updateTable('accounts').set({ shifts: 1 }).where('id', '=', venue.id).execute();
  const { client, id } = await cashierClient(server, db, venue.id);
  const device = await createLinkedDevice(db, { account_id: venue.id });
  return { venue, cashier: client, cashierId: id, deviceId: device.id };
}

/** A deposit (delta > 0) or withdraw (delta < 0) on place 1 of the venue's cabinet. */
export function cash(v: ShiftVenue, delta: number, trx: string = newTrx()) {
  return v.cashier.post<Record<string, unknown>>(`/a/cashier/devices/${v.deviceId}/place/1/update`, {
    delta,
    trx,
  });
}

export function openShift(v: ShiftVenue, counted: number, trx: string = newTrx()) {
  return v.cashier.post<Record<string, unknown>>('/a/cashier/shift/open', { counted_cents: counted, trx });
}

export function closeShift(v: ShiftVenue, counted: number, trx: string = newTrx()) {
  return v.cashier.post<Record<string, unknown>>('/a/cashier/shift/close', { counted_cents: counted, trx });
}

export async function placeEntries(db: Db, deviceId: number): Promise<number> {
  const row = await db.kysely
    .selectFrom('places')
    .select('entries_cents')
    .where('device_id', '=', deviceId)
    .where('place', '=', 1)
    .executeTakeFirstOrThrow();
  return row.entries_cents;
}
