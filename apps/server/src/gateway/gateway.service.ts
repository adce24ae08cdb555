// The machine-facing side: cabinets and home-play clients enroll, show pairing PINs, report their state
// and send game events, which land in the same ledger as the cashier's cash calls.
import { createHash, randomBytes, randomInt } from 'node:crypto';
import {
  DEVICE_TYPE,
  ERR,
  MODULES,
  PIN_LENGTH,
  type DeviceEventRequest,
  type EnrollRequest,
} from '@cashdesk/contract';
import type { Db } from '../db/database.js';
import type { DeviceRow } from '../db/schema.js';
import type { AuthCache } from '../auth/index.js';
import {
  findDevice,
  findDeviceByTokenHash,
  insertDevice,
  insertPlaces,
  keepsPin,
  listPlaces,
  markDeviceReady,
  PIN_TTL_MS,
  setDevicePin,
  toPlace,
} from '../devices/index.js';
import { ApiError } from '../http/api-error.js';
import { type Outcome } from '../ledger/outcome.js';
import type { LedgerService } from '../ledger/ledger.service.js';
import { deviceChange, publishAfterCommit, type ChangePublisher } from '../live/change-feed.js';

export { PIN_TTL_MS };

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
    const id = await insertDevice(tx, {
      uuid,
      account_id: null,
      type: input.kind === 'remote' ? DEVICE_TYPE.remote : DEVICE_TYPE.regular,
      module: input.module,
      game_id: input.game_id,
      name: defaultDeviceName(input.kind, input.module),
      status: 'registering',
      token_hash: hashToken(token),
      created_at_ms: nowMs,
    });
    await insertPlaces(tx, id, input.places);
    return { device_token: token, uuid, id };
  });
}

/** The device token of an `Authorization` header: the whole header is `Bearer <token>`, nothing around it. */
export function deviceTokenOf(authorization: string | undefined): string | undefined {
  // Stryker disable next-line StringLiteral: missing-header
  return /^Bearer ([A-Za-z0-9_-]{20,100})$/.exec(authorization ?? '')?.[1];
}

/** The device a call comes from: its id, and its row when authenticating read it. */
export interface DeviceCaller {
  id: number;
  /** The row authentication read; null when the auth cache knew the token (no query). */
  row: DeviceRow | null;
}

/**
 * The device of an `Authorization: Bearer <token>` header, else 401: the one path every /device/* call
 * takes. From the process's auth cache when it knows the token (no query), else by the token's hash, which
 * the cache then learns. The cache holds only the token's device id, which never changes (a device's token
 * is set once, at enrollment); whether the device is still linked, and to which venue, is read afresh: by
 * the call that needs the row (deviceRowOf) or, for a game event, by the ledger inside the event's own
 * transaction, so an unlink or relink applies to the very next call (and the cache forgets the device as
 * well).
 */
export async function authenticateDevice(
  db: Db,
  auth: AuthCache,
  authorization: string | undefined,
): Promise<DeviceCaller> {
  const token = deviceTokenOf(authorization);
  if (token === undefined) throw new ApiError(ERR.unauthorized);
  const tokenHash = hashToken(token);
  const cached = auth.device(tokenHash);
  if (cached !== undefined) return { id: cached, row: null };
  const ticket = auth.ticket();
  const device = await findDeviceByTokenHash(db.kysely, tokenHash);
  if (!device) throw new ApiError(ERR.unauthorized);
  auth.storeDevice(ticket, tokenHash, device.id);
  return { id: device.id, row: device };
}

/** The caller's row as it is now: the one authentication read, else read by id. */
export async function deviceRowOf(db: Db, caller: DeviceCaller): Promise<DeviceRow> {
  if (caller.row) return caller.row;
  const device = await findDevice(db.kysely, caller.id);
  // Devices are never deleted; a 401 like a token that names none, should one ever be.
  if (!device) throw new ApiError(ERR.unauthorized);
  return device;
}

/**
 * A fresh PIN: 5 digits for a cabinet, 6 for a home-play client, drawn uniformly whatever other devices
 * show, so a draw tells nothing about which PINs are live (docs/security.md, "Device PINs": a draw that
 * skipped live PINs let anyone holding a device token strike candidates off a waiting cabinet's PIN).
 * Two devices may thus show one PIN; linking by a PIN that names more than one ends them all
 * (devices/device-linking.ts). Only the PIN this device shows already is drawn again, so it sees a change.
 * The new PIN replaces the previous one, so a cashier still holding the old remote PIN gets 406
 * `pin changed` (told at once: the terminal showing the phone refetches it on the pushed change). An
 * expired PIN, or one ended by wrong tries (devices/pin-guard.ts), is replaced the same way at the
 * device's next call.
 */
export async function issuePin(
  db: Db,
  changes: ChangePublisher,
  device: DeviceRow,
  nowMs: number,
): Promise<{ pin: string; expires_at: string }> {
  const pin = drawPin(device);
  const expires = nowMs + PIN_TTL_MS;
  await publishAfterCommit(
    changes,
    () => setDevicePin(db.kysely, device.id, pin, expires),
    // Stryker disable next-line ConditionalExpression: no-venue-change
    () => (device.account_id === null ? null : deviceChange(device.account_id, device.id)),
  );
  return { pin, expires_at: new Date(expires).toISOString() };
}

/**
 * A phone's scheduled renewal (`keep_live`) while a till holds its PIN open: the same PIN with the end
 * the till's calls gave it, nothing drawn or written (devices/remote-pin.ts keepsPin); null when the PIN
 * is to be renewed (issuePin). So the phone in use at a till is not dropped every 10 minutes, while the
 * player's own "new PIN" (no `keep_live`) still ends the PIN a stranger may have seen. A cabinet's
 * pairing PIN is never held open: its renewal always draws.
 */
export function keptPin(
  device: Pick<DeviceRow, 'type' | 'pin' | 'pin_expires_at_ms'>,
  nowMs: number,
): { pin: string; expires_at: string } | null {
  if (device.type !== DEVICE_TYPE.remote || !keepsPin(device, nowMs)) return null;
  if (device.pin === null || device.pin_expires_at_ms === null) return null;
  return { pin: device.pin, expires_at: new Date(device.pin_expires_at_ms).toISOString() };
}

/** A uniformly drawn PIN of the device's length, other than the one it shows now. */
function drawPin(device: Pick<DeviceRow, 'type' | 'pin'>): string {
  const digits = device.type === DEVICE_TYPE.remote ? PIN_LENGTH.remote : PIN_LENGTH.cabinet;
  for (;;) {
    const pin = randomInt(0, 10 ** digits)
      .toString()
      .padStart(digits, '0');
    if (pin !== device.pin) return pin;
  }
}

/** What the device shows; the first report after a cashier linked it completes its registration. */
export async function deviceState(db: Db, changes: ChangePublisher, device: DeviceRow) {
  const accountId = device.account_id;
  const firstReport = device.status === 'registering';
  // Stryker disable next-line ConditionalExpression,LogicalOperator: unlinked-registering
  if (accountId !== null && firstReport) {
    await publishAfterCommit(
      changes,
      () => markDeviceReady(db.kysely, device.id),
      () => deviceChange(accountId, device.id),
    );
  }
  const places = await listPlaces(db.kysely, [device.id]);
  return { id: device.id, linked: device.account_id !== null, places: places.map(toPlace) };
}

/** A game event of an authenticated device; whether it is still linked is the ledger's to check. */
export function applyDeviceEvent(
  ledger: LedgerService,
  device: Pick<DeviceRow, 'id'>,
  event: DeviceEventRequest,
): Promise<Outcome> {
  return ledger.applyDeviceEvent({
    device_id: device.id,
    place: event.place,
    type: event.type,
    amount_cents: event.amount,
    trx: event.trx,
  });
}
