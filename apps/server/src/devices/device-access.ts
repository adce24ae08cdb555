// Which devices a cashier may see and touch: only their own account's, and remote ones only through the
// venue's blocks (accounts/account-blocks.ts) and with the device's current, unexpired PIN (remote-pin.ts,
// judged under the PIN throttle of pin-guard.ts). Every cashier route that names a device goes through here.
import { DEVICE_TYPE, ERR, type DeviceType } from '@cashdesk/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { CashierRow } from '../auth/index.js';
import type { Db } from '../db/database.js';
import type { AccountRow, DeviceRow } from '../db/schema.js';
import { assertNotBlocked, cashierAccount } from '../accounts/index.js';
import { ApiError } from '../http/api-error.js';
import { findDevice } from './devices.repository.js';
import type { PinGuard } from './pin-guard.js';
import { assertPinOpens } from './remote-pin.js';

/**
 * What these checks read of the app's context (AppContext has it): named here, because context.ts reaches
 * this module through the devices entry, and a type import of the context would close a circle.
 */
export interface DeviceAccessContext {
  db: Db;
  pins: PinGuard;
}

export const PIN_HEADER = 'x-device-pin';
const pinHeader = z.string().regex(/^\d{1,6}$/, 'must be 1 to 6 digits');

/** A device of the cashier's account of the given type, else 406 `device not available`. */
export async function accessibleDevice(
  ctx: Pick<DeviceAccessContext, 'db'>,
  cashier: CashierRow,
  deviceId: number,
  type: DeviceType,
): Promise<DeviceRow> {
  return assertAccessibleDevice(await findDevice(ctx.db.kysely, deviceId), cashier, type);
}

/** accessibleDevice's rule on a device already read (a call that reads it beside other rows). */
export function assertAccessibleDevice(
  device: DeviceRow | undefined,
  cashier: Pick<CashierRow, 'account_id'>,
  type: DeviceType,
): DeviceRow {
  if (!device || device.account_id !== cashier.account_id || device.type !== type) {
    throw new ApiError(ERR.deviceNotAvailable);
  }
  return device;
}

/**
 * A remote device the cashier may act on with `pin`: 406 `device not available` when it is not a phone
 * of the venue, 403 on a hard block, 429 while the cashier, venue or address has guessed too many PINs,
 * and 406 `pin changed` unless `pin` is the phone's current, unexpired PIN (a PIN it replaced, or an
 * expired one, as much as a wrong one). The checks that do not look at the PIN come first, so only a
 * real PIN attempt is counted.
 */
export async function accessibleRemoteDevice(
  ctx: DeviceAccessContext,
  request: FastifyRequest,
  reply: FastifyReply,
  cashier: CashierRow,
  deviceId: number,
  pin: string,
): Promise<{ device: DeviceRow; account: AccountRow }> {
  const device = await accessibleDevice(ctx, cashier, deviceId, DEVICE_TYPE.remote);
  const account = await cashierAccount(ctx.db.kysely, cashier);
  // Stryker disable next-line ObjectLiteral,StringLiteral: non-deposit-alike
  assertNotBlocked(account, { kind: 'remote' });
  assertPinOpens(await ctx.pins.check(request, reply, cashier, device, pin));
  return { device, account };
}

/** The headers schema of a call on a remote device: its PIN in `x-device-pin`, the rest as they come. */
export const pinHeaders = z.looseObject({ [PIN_HEADER]: pinHeader });
