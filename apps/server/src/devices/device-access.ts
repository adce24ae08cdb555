// Which devices a cashier may see and touch: only their own account's, and remote ones only with the
// device's current PIN. Every cashier route that names a device goes through here.
import { ERR } from '@cashdesk/contract';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { CashierRow } from '../auth/guards.js';
import type { AppContext } from '../context.js';
import type { AccountRow, DeviceRow } from '../db/schema.js';
import { assertNotBlocked } from '../accounts/account-blocks.js';
import { findAccount } from '../accounts/accounts.repository.js';
import { ApiError } from '../http/outcome.js';
import { parse } from '../http/validate.js';
import { findDevice } from './devices.repository.js';

export const PIN_HEADER = 'x-device-pin';
const pinHeader = z.string().regex(/^\d{1,6}$/, 'must be 1 to 6 digits');

export async function cashierAccount(ctx: AppContext, cashier: CashierRow): Promise<AccountRow> {
  const account = await findAccount(ctx.db.kysely, cashier.account_id);
  if (!account) throw new ApiError(ERR.noAccount);
  return account;
}

/** A device of the cashier's account of the given type, else 406 `device not available`. */
export async function accessibleDevice(
  ctx: AppContext,
  cashier: CashierRow,
  deviceId: number,
  type: 0 | 1,
): Promise<DeviceRow> {
  const device = await findDevice(ctx.db.kysely, deviceId);
  if (!device || device.account_id !== cashier.account_id || device.type !== type) {
    throw new ApiError(ERR.deviceNotAvailable);
  }
  return device;
}

/**
 * A remote device the cashier may act on with `pin`: 403 on a hard block, 406 `pin changed` when the
 * phone has shown a new PIN since (or the cashier never had the current one).
 */
export async function accessibleRemoteDevice(
  ctx: AppContext,
  cashier: CashierRow,
  deviceId: number,
  pin: string,
): Promise<{ device: DeviceRow; account: AccountRow }> {
  const device = await accessibleDevice(ctx, cashier, deviceId, 1);
  const account = await cashierAccount(ctx, cashier);
  assertNotBlocked(account, { kind: 'remote' });
  if (device.pin === null || device.pin !== pin) throw new ApiError(ERR.pinChanged);
  return { device, account };
}

export function pinFromHeader(request: FastifyRequest): string {
  return parse(z.object({ [PIN_HEADER]: pinHeader }), request.headers)[PIN_HEADER];
}
