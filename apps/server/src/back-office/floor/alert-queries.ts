// What the floor's alert checks read (alert-checks.ts), each one cheap: a venue's settings and float are
// one row; the hour's withdrawals one range of the ledger index `ledger_account_line_time_cash`
// (migration 016: it holds kind and amount, so the table is never read); open alerts a range of the
// partial index `alerts_one_open`; the devices one small table. The players' day for the structuring
// rule is the cash report's walk of the day's player operations (reports/cash-report.repository.ts).
import { ALERT_SETTINGS } from '../../accounts/index.js';
import type { Executor } from '../../db/database.js';
import type { AlertKind } from '../../db/schema.js';

export const HOUR_MS = 3_600_000;
export const MINUTE_MS = 60_000;

export interface VenueAlertSettings {
  id: number;
  balance: number;
  float_below: number | null;
  device_silent_minutes: number | null;
  shift_difference: number | null;
  withdrawals_hour: number | null;
  /** The cash report's thresholds, which the structuring rule watches (structuring.ts). */
  log_above: number | null;
  report_above: number | null;
  /** The venue's gaming day (docs/product.md section 15). */
  time_zone: string;
  day_starts_at: number;
}

const orNull = (value: number | null) => (value === null ? null : Number(value));

export async function venueAlertSettings(
  db: Executor,
  accountId: number,
): Promise<VenueAlertSettings | undefined> {
  const row = await db
    .selectFrom('accounts')
    .select([
      'id',
      'balance_cents',
      ...ALERT_SETTINGS,
      'cash_log_above_cents',
      'cash_report_above_cents',
      'time_zone',
      'day_starts_at',
    ])
    .where('id', '=', accountId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    id: Number(row.id),
    balance: Number(row.balance_cents),
    float_below: orNull(row.alert_float_below),
    device_silent_minutes: orNull(row.alert_device_silent_minutes),
    shift_difference: orNull(row.alert_shift_difference),
    withdrawals_hour: orNull(row.alert_withdrawals_hour),
    log_above: orNull(row.cash_log_above_cents),
    report_above: orNull(row.cash_report_above_cents),
    time_zone: row.time_zone,
    day_starts_at: Number(row.day_starts_at),
  };
}

/** Withdrawals and cash-outs of the venue's cashiers since `fromMs`, a positive magnitude: one index range. */
export async function withdrawalsSince(db: Executor, accountId: number, fromMs: number): Promise<number> {
  const row = await db
    .selectFrom('ledger_entries')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount_cents'), eb.lit(0)).as('total'))
    .where('account_id', '=', accountId)
    .where('line', '=', 'entries')
    .where('created_at_ms', '>=', fromMs)
    .where('kind', '=', 'withdraw')
    .executeTakeFirst();
  return -Number(row?.total ?? 0);
}

export interface OpenAlertKey {
  account_id: number;
  kind: AlertKind;
  subject: string;
}

/** An open alert's key, and when it started (a structuring alert ends with its gaming day). */
export interface OpenAlert extends OpenAlertKey {
  started_at_ms: number;
}

/** Open alerts, of one venue or of every venue, of some kinds: the partial index's rows. */
export async function openAlertKeys(
  db: Executor,
  q: { account_id?: number; kinds: readonly AlertKind[] },
): Promise<OpenAlert[]> {
  let query = db
    .selectFrom('alerts')
    .select(['account_id', 'kind', 'subject', 'started_at_ms'])
    .where('cleared_at_ms', 'is', null)
    .where('kind', 'in', q.kinds);
  if (q.account_id !== undefined) query = query.where('account_id', '=', q.account_id);
  const rows = await query.execute();
  return rows.map((r) => ({
    ...r,
    account_id: Number(r.account_id),
    started_at_ms: Number(r.started_at_ms),
  }));
}

/** Whether the venue ever had this alert (open or cleared): a closed shift's difference is told once. */
export async function alertEverRaised(db: Executor, key: OpenAlertKey): Promise<boolean> {
  const row = await db
    .selectFrom('alerts')
    .select('id')
    .where('account_id', '=', key.account_id)
    .where('kind', '=', key.kind)
    .where('subject', '=', key.subject)
    .executeTakeFirst();
  return row !== undefined;
}

export interface SilentDevice {
  id: number;
  account_id: number;
  name: string;
  last_seen_at_ms: number | null;
  silent_minutes: number;
}

/**
 * Ready, shown devices of every venue with its silence alert on that have not reported for longer than
 * the venue's setting (never reported counts as silent, as the overview counts it).
 */
export async function silentDevices(db: Executor, nowMs: number): Promise<SilentDevice[]> {
  const rows = await db
    .selectFrom('devices')
    .innerJoin('accounts', 'accounts.id', 'devices.account_id')
    .select([
      'devices.id',
      'devices.account_id',
      'devices.name',
      'devices.last_seen_at_ms',
      'accounts.alert_device_silent_minutes',
    ])
    .where('accounts.alert_device_silent_minutes', 'is not', null)
    .where('devices.status', '=', 'ready')
    .where('devices.hidden', '=', 0)
    .where((eb) =>
      eb(
        eb.fn.coalesce('devices.last_seen_at_ms', eb.lit(0)),
        '<',
        eb(eb.lit(nowMs), '-', eb('accounts.alert_device_silent_minutes', '*', eb.lit(MINUTE_MS))),
      ),
    )
    .execute();
  return rows.map((r) => ({
    id: Number(r.id),
    account_id: Number(r.account_id),
    name: r.name,
    last_seen_at_ms: r.last_seen_at_ms === null ? null : Number(r.last_seen_at_ms),
    silent_minutes: Number(r.alert_device_silent_minutes),
  }));
}

export interface ClosedShift {
  id: number;
  user_id: number;
  /** The cashier's name now. */
  name: string;
  closed_at_ms: number;
  difference: number;
}

/** The venue's closed shifts among `ids`, with their difference and cashier. */
export async function closedShifts(
  db: Executor,
  accountId: number,
  ids: readonly number[],
): Promise<ClosedShift[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('shifts')
    .innerJoin('users', 'users.id', 'shifts.user_id')
    .select(['shifts.id', 'shifts.user_id', 'users.name', 'shifts.closed_at_ms', 'shifts.difference_cents'])
    .where('shifts.account_id', '=', accountId)
    .where('shifts.id', 'in', ids)
    .where('shifts.closed_at_ms', 'is not', null)
    .execute();
  return rows.map((r) => ({
    id: Number(r.id),
    user_id: Number(r.user_id),
    name: r.name,
    closed_at_ms: Number(r.closed_at_ms),
    difference: Number(r.difference_cents ?? 0),
  }));
}

/** Money as the alerts' details write it: 1234.50, -20.00. */
export function units(cents: number): string {
  const abs = Math.abs(cents);
  return `${cents < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
