// Test data for the cash feature: a device with a place, the float, the cashier, a cash result (built on
// the cashier screens' data in fixtures.ts).
import type { CashResult, DeviceDetail, FloatInfo, Place, ReportEntry, User } from '@cashdesk/contract';
import { makeDetail, makeFloat } from './fixtures';

export const ME: User = {
  id: 7,
  name: 'Anna Cashier',
  login: 'anna',
  role: 'cashier',
  account_id: 1,
  restrictions: [],
};

export const FLOAT: FloatInfo = makeFloat();

/** A base64 uuid of 16 bytes 00 01 02 ... 0f. */
export const DEVICE_UUID = 'AAECAwQFBgcICQoLDA0ODw==';

export function makePlace(entries: number, final_bonus = 0, place = 3): Place {
  return { place, username: `Player ${place}`, colour: 'orange', balances: { entries, final_bonus } };
}

/** A device's detail: 'Rocket 12' with the given places (one of 123.45 by default). */
export function makeDevice(places: Place[] = [makePlace(12_345)], type = 0): DeviceDetail {
  return makeDetail({
    id: 12,
    uuid: DEVICE_UUID,
    name: 'Rocket 12',
    game_id: 1,
    type,
    created_at: '2026-01-01T10:00:00.000Z',
    players: places.length,
    payment: places.reduce((sum, p) => sum + p.balances.entries, 0),
    places,
  });
}

export function cashResult(delta: number, trx: string, extra: Partial<CashResult> = {}): CashResult {
  return {
    trx,
    delta,
    balances: { entries: 12_345 + delta, final_bonus: 0 },
    burned_final_bonus: 0,
    float_balance: 1_000_000 - delta,
    currency: 'EUR',
    device_uuid: DEVICE_UUID,
    created_at: '2026-03-05T14:07:09.000Z',
    ...extra,
  };
}

export function reportEntry(over: Partial<ReportEntry> = {}): ReportEntry {
  return {
    device_id: 12,
    device_name: 'Rocket 12',
    place: 3,
    trx: 'trx-00000001',
    created_at: '2026-03-05T14:07:09.000Z',
    currency: 'EUR',
    user_idx: ME.id,
    user_name: ME.name,
    data: { total_in: 5000, total_out: 0 },
    ...over,
  };
}
