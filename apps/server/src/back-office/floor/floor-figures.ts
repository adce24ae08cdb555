// The floor's conditions as Prometheus reads them (`GET /metrics`, metrics/server-metrics.ts), read at
// scrape time: the venues' rows, the open alerts by kind (the partial index), the silent devices, and
// one indexed range sum of withdrawals per venue. So an operator's alerting works whether or not anyone
// watches the back office, and it sees the same figures the alerts are raised on.
import { ALERT_KINDS, type AlertKindName } from '@cashdesk/contract';
import { ALERT_SETTINGS } from '../../accounts/index.js';
import type { Executor } from '../../db/database.js';
import { HOUR_MS, silentDevices, withdrawalsSince } from './alert-queries.js';

export interface VenueFloorFigures {
  account_id: number;
  float_cents: number;
  devices_silent: number;
  withdrawals_last_hour_cents: number;
  alerts_open: Record<AlertKindName, number>;
  /** The venue's alert settings (cents, or minutes for silence); an alert turned off is absent. */
  thresholds: Partial<
    Record<'float_below' | 'device_silent_minutes' | 'shift_difference' | 'withdrawals_hour', number>
  >;
}

export async function floorFigures(db: Executor, nowMs: number): Promise<VenueFloorFigures[]> {
  const venues = await db
    .selectFrom('accounts')
    .select(['id', 'balance_cents', ...ALERT_SETTINGS])
    .orderBy('id')
    .execute();
  const open = await db
    .selectFrom('alerts')
    .select((eb) => ['account_id', 'kind', eb.fn.countAll<number>().as('open')])
    .where('cleared_at_ms', 'is', null)
    .groupBy(['account_id', 'kind'])
    .execute();
  const silent = new Map<number, number>();
  for (const device of await silentDevices(db, nowMs)) {
    silent.set(device.account_id, (silent.get(device.account_id) ?? 0) + 1);
  }
  const figures: VenueFloorFigures[] = [];
  for (const venue of venues) {
    const id = Number(venue.id);
    const alerts = Object.fromEntries(ALERT_KINDS.map((kind) => [kind, 0])) as Record<AlertKindName, number>;
    for (const row of open.filter((r) => Number(r.account_id) === id)) alerts[row.kind] = Number(row.open);
    figures.push({
      account_id: id,
      float_cents: Number(venue.balance_cents),
      devices_silent: silent.get(id) ?? 0,
      withdrawals_last_hour_cents: await withdrawalsSince(db, id, nowMs - HOUR_MS),
      alerts_open: alerts,
      thresholds: thresholdsOf(venue),
    });
  }
  return figures;
}

function thresholdsOf(venue: {
  alert_float_below: number | null;
  alert_device_silent_minutes: number | null;
  alert_shift_difference: number | null;
  alert_withdrawals_hour: number | null;
}): VenueFloorFigures['thresholds'] {
  const set: VenueFloorFigures['thresholds'] = {};
  if (venue.alert_float_below !== null) set.float_below = Number(venue.alert_float_below);
  if (venue.alert_device_silent_minutes !== null) {
    set.device_silent_minutes = Number(venue.alert_device_silent_minutes);
  }
  if (venue.alert_shift_difference !== null) set.shift_difference = Number(venue.alert_shift_difference);
  if (venue.alert_withdrawals_hour !== null) set.withdrawals_hour = Number(venue.alert_withdrawals_hour);
  return set;
}
