// An account's devices in the back office: every one (hidden and home-play too), renamed, hidden or
// unlinked with an audit entry in the same transaction.
import { DEVICE_TYPE, ERR, type Device } from '@cashdesk/contract';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/database.js';
import type { DeviceRow } from '../../db/schema.js';
import { listAccountDevices, updateDeviceSettings, viewDevices, withoutPlaces } from '../../devices/index.js';
import { ApiError } from '../../http/api-error.js';
import type { Actor } from '../access.js';
import { recordAudit, recordChanges } from '../audit/audit.repository.js';
import { type AuthCache, revokingTransaction } from '../../auth/index.js';
import { lockAccountDevice, unlinkDevice } from './account-devices.repository.js';

export async function listDevicesOfAccount(ctx: AppContext, accountId: number): Promise<Device[]> {
  const db = ctx.db.kysely;
  const rows = [
    ...(await listAccountDevices(db, accountId, DEVICE_TYPE.regular)),
    ...(await listAccountDevices(db, accountId, DEVICE_TYPE.remote)),
  ];
  rows.sort((a, b) => a.created_at_ms - b.created_at_ms || a.id - b.id);
  return (await viewDevices(db, rows, ctx.clock.now(), { account_id: accountId })).map(withoutPlaces);
}

interface DeviceChange {
  account_id: number;
  device_id: number;
  actor: Actor;
  reason?: string;
  now_ms: number;
}

const settingsOf = (d: DeviceRow) => ({ name: d.name, hidden: d.hidden === 1 });

/** The audit entry's who, what and why for a change of a device. */
const auditOf = (change: DeviceChange) => ({
  actor: change.actor,
  target_type: 'device' as const,
  target_id: change.device_id,
  account_id: change.account_id,
  reason: change.reason ?? null,
  now_ms: change.now_ms,
});

export async function editAccountDevice(
  db: Db,
  change: DeviceChange,
  patch: { name: string; hidden: boolean },
): Promise<DeviceRow> {
  return db.kysely.transaction().execute(async (tx) => {
    const locked = await lockAccountDevice(tx, db.dialect, change.account_id, change.device_id);
    if (!locked) throw new ApiError(ERR.notFound);
    const updated = (await updateDeviceSettings(tx, change.device_id, patch)) ?? locked.device;
    await recordChanges(
      tx,
      { ...auditOf(change), action: 'device.update' },
      settingsOf(locked.device),
      settingsOf(updated),
    );
    return updated;
  });
}

/**
 * Unlinks a device from the account. Refused (422 `device has money`) while any place holds entries or
 * final bonus: that money is the venue's liability to its players, and it must be cashed out here
 * before the device could be linked to another venue and cashed out into that venue's float.
 */
export async function unlinkAccountDevice(db: Db, auth: AuthCache, change: DeviceChange): Promise<void> {
  await revokingTransaction(db, auth, async (tx, revoke) => {
    const locked = await lockAccountDevice(tx, db.dialect, change.account_id, change.device_id);
    if (!locked) throw new ApiError(ERR.notFound);
    if (locked.places.some((p) => p.entries_cents > 0 || p.final_bonus_cents > 0)) {
      throw new ApiError(ERR.deviceHasMoney);
    }
    await unlinkDevice(tx, change.device_id);
    await revoke({ device: change.device_id });
    await recordAudit(tx, {
      ...auditOf(change),
      action: 'device.unlink',
      before: { account_id: change.account_id, ...settingsOf(locked.device) },
      after: { account_id: null },
    });
  });
}
