// A venue's open alerts as the floor answers them (contract `floorAlert`): each with what it is about as
// figures and names (`facts`), read now, so the back office words it in the manager's language and time
// zone with the device's or the cashier's current name; the stored `details` stay the server's English
// of the moment it was raised. A handful of small reads whatever the alerts: the devices and the shifts
// they name by id, the hour's withdrawals only while that alert is open, and the running day's figures
// of the players structuring alerts name (their card and name are the manager's to see, never the
// details', which are logged).
import { runningGamingDays, type AlertFacts, type FloorAlert } from '@cashdesk/contract';
import type { Executor } from '../../db/database.js';
import type { AccountRow } from '../../db/schema.js';
import { playerDayFigures, playerNames, type PlayerDayFigures } from '../reports/cash-report.repository.js';
import { closedShifts, HOUR_MS, withdrawalsSince, type ClosedShift } from './alert-queries.js';
import { devicesByIds, openAlerts, type OpenAlertRow } from './floor.repository.js';
import { justUnder, structuringSign, type StructuringThresholds } from './structuring.js';

const iso = (ms: number) => new Date(ms).toISOString();
const orNull = (value: number | null) => (value === null ? null : Number(value));

/** The id a subject names (`device:7` is device 7), or null when it names something else. */
function subjectId(subject: string, prefix: 'device' | 'shift' | 'player'): number | null {
  const [kind, id] = subject.split(':');
  return kind === prefix && id !== undefined && /^\d+$/.test(id) ? Number(id) : null;
}

interface Named {
  devices: Map<number, { name: string; last_seen_at_ms: number | null }>;
  shifts: Map<number, ClosedShift>;
  withdrawals: number | null;
  players: Map<number, { card: string; name: string | null; day: PlayerDayFigures | undefined }>;
}

/** The running gaming day's figures and the card and name of the players `ids`, as the rule reads them. */
async function playersNamed(
  db: Executor,
  account: AccountRow,
  ids: readonly number[],
  nowMs: number,
): Promise<Named['players']> {
  if (ids.length === 0) return new Map();
  const { today } = runningGamingDays(nowMs, account);
  const logAbove = orNull(account.cash_log_above_cents);
  const [names, figures] = await Promise.all([
    playerNames(db, account.id, ids),
    playerDayFigures(db, {
      accountId: account.id,
      fromMs: today.fromMs,
      toMs: today.toMs,
      correctedBeforeMs: today.toMs,
      band: logAbove === null ? null : justUnder(logAbove),
      playerIds: ids,
    }),
  ]);
  const days = new Map(figures.map((f) => [f.player_id, f]));
  return new Map([...names].map(([id, player]) => [id, { ...player, day: days.get(id) }]));
}

export async function venueAlerts(db: Executor, account: AccountRow, nowMs: number): Promise<FloorAlert[]> {
  const alerts = await openAlerts(db, account.id);
  const idsOf = (kind: OpenAlertRow['kind'], prefix: 'device' | 'shift' | 'player') =>
    alerts
      .filter((a) => a.kind === kind)
      .map((a) => subjectId(a.subject, prefix))
      .filter((id): id is number => id !== null);
  const [devices, shifts, withdrawals, players] = await Promise.all([
    devicesByIds(db, account.id, idsOf('device_silent', 'device')),
    closedShifts(db, account.id, idsOf('shift_difference', 'shift')),
    alerts.some((a) => a.kind === 'withdrawals_hour')
      ? withdrawalsSince(db, account.id, nowMs - HOUR_MS)
      : null,
    playersNamed(db, account, idsOf('structuring', 'player'), nowMs),
  ]);
  const named: Named = {
    devices: new Map(devices.map((d) => [d.id, d])),
    shifts: new Map(shifts.map((s) => [s.id, s])),
    withdrawals,
    players,
  };
  return alerts.map((a) => ({
    id: a.id,
    kind: a.kind,
    started_at: iso(a.started_at_ms),
    subject: a.subject,
    details: a.details,
    acked: a.acked_at_ms === null ? null : { by: a.acked_by ?? '', at: iso(a.acked_at_ms) },
    currency: account.currency,
    facts: factsOf(a, account, named),
  }));
}

/** Null when the setting is off now or what the alert names is gone: it clears at the next check. */
function factsOf(alert: OpenAlertRow, account: AccountRow, named: Named): AlertFacts | null {
  switch (alert.kind) {
    case 'float_low': {
      const below = orNull(account.alert_float_below);
      return below === null ? null : { kind: 'float_low', float: Number(account.balance_cents), below };
    }
    case 'withdrawals_hour': {
      const above = orNull(account.alert_withdrawals_hour);
      return above === null || named.withdrawals === null
        ? null
        : { kind: 'withdrawals_hour', withdrawals: named.withdrawals, above };
    }
    case 'device_silent': {
      const id = subjectId(alert.subject, 'device');
      const device = id === null ? undefined : named.devices.get(id);
      const minutes = orNull(account.alert_device_silent_minutes);
      if (id === null || !device || minutes === null) return null;
      return {
        kind: 'device_silent',
        device_id: id,
        device_name: device.name,
        last_seen_at: device.last_seen_at_ms === null ? null : iso(device.last_seen_at_ms),
        silent_minutes: minutes,
      };
    }
    case 'shift_difference': {
      const id = subjectId(alert.subject, 'shift');
      const shift = id === null ? undefined : named.shifts.get(id);
      if (!shift) return null;
      return {
        kind: 'shift_difference',
        shift_id: shift.id,
        cashier_id: shift.user_id,
        cashier: shift.name,
        closed_at: iso(shift.closed_at_ms),
        difference: shift.difference,
      };
    }
    case 'structuring': {
      const id = subjectId(alert.subject, 'player');
      const player = id === null ? undefined : named.players.get(id);
      const thresholds: StructuringThresholds = {
        log_above: orNull(account.cash_log_above_cents),
        report_above: orNull(account.cash_report_above_cents),
      };
      // The rule as it reads the day now: a transaction corrected since, or a day just ended, shows the details.
      const sign = id === null || !player?.day ? null : structuringSign(player.day, thresholds);
      if (id === null || !player || sign === null) return null;
      return { kind: 'structuring', player_id: id, card: player.card, name: player.name, ...sign };
    }
  }
}
