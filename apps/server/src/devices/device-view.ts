// Builds the contract's Device and DeviceDetail shapes for a set of devices with a fixed number of queries.
import {
  colourOfPlace,
  normalizeModule,
  SUMMARY_WINDOW_MS,
  type Device,
  type DeviceDetail,
  type Place,
} from '@cashdesk/contract';
import type { Kysely } from 'kysely';
import type { Database, DeviceRow, PlaceRow } from '../db/schema.js';
import { deviceTotalsSince, lastMoves, listPlaces, type DeviceSet } from './devices.repository.js';

export function toPlace(row: PlaceRow): Place {
  return {
    place: row.place,
    username: row.username,
    colour: colourOfPlace(row.place),
    balances: { entries: row.entries_cents, final_bonus: row.final_bonus_cents },
  };
}

/**
 * Devices with their players, payment, status and 24-hour summary, and their places. `set` names the
 * same devices for the reads: a whole venue's (its account) where `devices` are all of it, their ids
 * otherwise.
 */
export async function viewDevices(
  db: Kysely<Database>,
  devices: readonly DeviceRow[],
  nowMs: number,
  set: DeviceSet = devices.map((d) => d.id),
): Promise<DeviceDetail[]> {
  const [places, totals, lastDeposits, lastWithdraws] = await Promise.all([
    listPlaces(db, set),
    deviceTotalsSince(db, set, nowMs - SUMMARY_WINDOW_MS),
    lastMoves(db, set, 'deposit'),
    lastMoves(db, set, 'withdraw'),
  ]);
  const byDevice = <T extends { device_id: number }>(rows: readonly T[]) => {
    const map = new Map<number, T[]>();
    for (const row of rows) map.set(row.device_id, [...(map.get(row.device_id) ?? []), row]);
    return map;
  };
  const placesOf = byDevice(places);
  const totalsOf = byDevice(totals);
  const depositOf = byDevice(lastDeposits);
  const withdrawOf = byDevice(lastWithdraws);
  const move = (m: { amount: number; created_at_ms: number } | undefined) =>
    m ? { amount: m.amount, created_at: new Date(m.created_at_ms).toISOString() } : null;

  return devices.map((d) => {
    const devicePlaces = placesOf.get(d.id) ?? [];
    const total = totalsOf.get(d.id)?.[0];
    const deposit = total?.deposit_24h ?? 0;
    const withdraw = total?.withdraw_24h ?? 0;
    const ready = d.status === 'ready';
    return {
      id: d.id,
      uuid: d.uuid,
      name: d.name,
      game_id: d.game_id,
      module: normalizeModule(d.module),
      hidden: d.hidden === 1,
      type: d.type,
      created_at: new Date(d.created_at_ms).toISOString(),
      players: devicePlaces.length,
      payment: devicePlaces.reduce((sum, p) => sum + p.entries_cents, 0),
      status: d.status,
      summary: {
        deposit_24h: deposit,
        withdraw_24h: withdraw,
        delta_24h: deposit - withdraw,
        last_deposit: move(depositOf.get(d.id)?.[0]),
        last_withdraw: move(withdrawOf.get(d.id)?.[0]),
      },
      // A device still finishing its registration shows no players yet (docs/product.md section 2: 'registration in progress').
      places: ready ? devicePlaces.map(toPlace) : [],
    };
  });
}

export function withoutPlaces(detail: DeviceDetail): Device {
  const { places: _places, ...device } = detail;
  return device;
}
