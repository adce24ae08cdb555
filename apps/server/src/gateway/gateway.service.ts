// The machine-facing side: cabinets and home-play clients enroll, show pairing PINs, report their state
// and send game events, which land in the same ledger as the cashier's cash calls.
import { createHash, randomBytes, randomInt } from 'node:crypto';
import { ERR, MODULES, PIN_LENGTH, type EnrollRequest } from '@cashdesk/contract';
import type { Db } from '../db/database.js';
import type { DeviceRow } from '../db/schema.js';
import { findDevice, findDeviceByTokenHash, listPlaces } from '../devices/devices.repository.js';
import { ApiError, type Outcome } from '../http/outcome.js';
import type { DeviceEventInput, LedgerService } from '../ledger/ledger.service.js';
import { toPlace } from '../devices/device-view.js';
import { deviceChange, type ChangePublisher } from '../live/change-feed.js';

export const PIN_TTL_MS = 10 * 60 * 1000;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function defaultDeviceName(kind: EnrollRequest['kind'], module: number): string {
  if (kind === 'remote') return 'Home play';
  if (module === MODULES.rocket) return 'Rocket Game';
  if (module === MODULES.fruit) return 'Fruit Game';
  if (module === MODULES.frog) return 'Frog Game';
  return 'Gaming device';
}

export async function enrollDevice(
  db: Db,
  input: EnrollRequest,
  nowMs: number,
): Promise<{ device_token: string; uuid: string; id: number }> {
  const token = randomBytes(32).toString('base64url');
  const uuid = randomBytes(16).toString('base64');
  return db.kysely.transaction().execute(async (tx) => {
    const device = await tx
      .insertInto('devices')
      .values({
        uuid,
        account_id: null,
        type: input.kind === 'remote' ? 1 : 0,
        module: input.module,
        game_id: input.game_id,
        name: defaultDeviceName(input.kind, input.module),
        status: 'registering',
        token_hash: hashToken(token),
        created_at_ms: nowMs,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await tx
      .insertInto('places')
      .values(
        Array.from({ length: input.places }, (_, i) => ({
          device_id: device.id,
          place: i + 1,
          username: '',
        })),
      )
      .execute();
    return { device_token: token, uuid, id: device.id };
  });
}

export async function authenticateDevice(db: Db, authorization: string | undefined): Promise<DeviceRow> {
  const match = /^Bearer ([A-Za-z0-9_-]{20,100})$/.exec(authorization ?? '');
  const device = match ? await findDeviceByTokenHash(db.kysely, hashToken(match[1]!)) : undefined;
  if (!device) throw new ApiError(ERR.unauthorized);
  return device;
}

/**
 * A fresh PIN: 5 digits for a cabinet, 6 for a home-play client, unique among the PINs shown right now.
 * It replaces the previous one, so a cashier still holding the old remote PIN gets 406 `pin changed`
 * (told at once: the terminal showing the phone refetches it on the pushed change). A PIN ended by its
 * expiry or by wrong tries (devices/pin-guard.ts) is replaced the same way at the device's next call.
 */
export async function issuePin(
  db: Db,
  changes: ChangePublisher,
  device: DeviceRow,
  nowMs: number,
): Promise<{ pin: string; expires_at: string }> {
  const digits = device.type === 1 ? PIN_LENGTH.remote : PIN_LENGTH.cabinet;
  for (let attempt = 0; attempt < 20; attempt++) {
    const pin = randomInt(0, 10 ** digits)
      .toString()
      .padStart(digits, '0');
    if (pin === device.pin) continue;
    const clash = await db.kysely
      .selectFrom('devices')
      .select('id')
      .where('pin', '=', pin)
      .where('type', '=', device.type)
      .where('pin_expires_at_ms', '>', nowMs)
      .executeTakeFirst();
    if (clash) continue;
    const expires = nowMs + PIN_TTL_MS;
    await db.kysely
      .updateTable('devices')
      .set((eb) => ({
        pin,
        pin_expires_at_ms: expires,
        pin_used: 0,
        // A fresh PIN has had no wrong tries; the one it replaces is remembered, so terminals still
        // holding it get 406 `pin changed` without being counted as guessing (devices/pin-guard.ts).
        pin_failures: 0,
        pin_previous: eb.fn.coalesce('pin', 'pin_previous'),
      }))
      .where('id', '=', device.id)
      .execute();
    if (device.account_id !== null) void changes.publish(deviceChange(device.account_id, device.id));
    return { pin, expires_at: new Date(expires).toISOString() };
  }
  throw new Error('could not find a free PIN');
}

/** What the device shows; the first report after a cashier linked it completes its registration. */
export async function deviceState(db: Db, changes: ChangePublisher, device: DeviceRow) {
  if (device.account_id !== null && device.status === 'registering') {
    await db.kysely.updateTable('devices').set({ status: 'ready' }).where('id', '=', device.id).execute();
    void changes.publish(deviceChange(device.account_id, device.id));
  }
  const places = await listPlaces(db.kysely, [device.id]);
  return { id: device.id, linked: device.account_id !== null, places: places.map(toPlace) };
}

export async function applyDeviceEvent(
  db: Db,
  ledger: LedgerService,
  device: DeviceRow,
  event: Omit<DeviceEventInput, 'account_id' | 'device_id'>,
): Promise<Outcome> {
  const fresh = await findDevice(db.kysely, device.id);
  if (!fresh || fresh.account_id === null) throw new ApiError(ERR.deviceNotAvailable);
  const account = await db.kysely
    .selectFrom('accounts')
    .select(['final_bonus_rate_bps', 'max_event_amount_cents'])
    .where('id', '=', fresh.account_id)
    .executeTakeFirstOrThrow();
  return ledger.applyDeviceEvent(
    { ...event, account_id: fresh.account_id, device_id: fresh.id },
    { rate_bps: account.final_bonus_rate_bps, max_event_amount_cents: account.max_event_amount_cents },
  );
}
