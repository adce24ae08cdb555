// The queries of the manager's floor: a venue's cash sums by hour, its devices, its open shifts with their
// running totals, and its alerts (raised once per condition, cleared when it ends, acknowledged by a person).
import { sql } from 'kysely';
import type { Executor } from '../../db/database.js';
import type { AlertKind } from '../../db/schema.js';

const HOUR_MS = 3_600_000;

export interface HourSums {
  /** The hour from the range's start: 0 is [fromMs, fromMs + 1h). */
  hour: number;
  deposits: number;
  /** A positive magnitude. */
  withdrawals: number;
}

/**
 * Deposits and withdrawals of the venue's cash rows in [fromMs, toMs), per hour from `fromMs` (a gaming
 * day's start, which need not be on a UTC hour): one range of one index. The start is written into the
 * statement as a number, so the grouped expression is the selected one on PostgreSQL too.
 */
export async function hourlyCash(
  db: Executor,
  accountId: number,
  range: { fromMs: number; toMs: number },
): Promise<HourSums[]> {
  const hour = sql<number>`(created_at_ms - ${sql.lit(range.fromMs)}) / ${sql.lit(HOUR_MS)}`;
  const rows = await db
    .selectFrom('ledger_entries')
    .select((eb) => [
      hour.as('hour'),
      eb.fn
        .sum<number>(eb.case().when('kind', '=', 'deposit').then(eb.ref('amount_cents')).else(0).end())
        .as('deposits'),
      eb.fn
        .sum<number>(eb.case().when('kind', '=', 'withdraw').then(eb.ref('amount_cents')).else(0).end())
        .as('withdrawals'),
    ])
    .where('account_id', '=', accountId)
    .where('line', '=', 'entries')
    .where('created_at_ms', '>=', range.fromMs)
    .where('created_at_ms', '<', range.toMs)
    .where('kind', 'in', ['deposit', 'withdraw'])
    .groupBy(hour)
    .execute();
  return rows.map((r) => ({
    hour: Number(r.hour),
    deposits: Number(r.deposits),
    withdrawals: -Number(r.withdrawals),
  }));
}

export interface FloorDevice {
  id: number;
  name: string;
  status: 'ready' | 'registering';
  last_seen_at_ms: number | null;
}

export async function floorDevices(db: Executor, accountId: number): Promise<FloorDevice[]> {
  const rows = await db
    .selectFrom('devices')
    .select(['id', 'name', 'status', 'last_seen_at_ms'])
    .where('account_id', '=', accountId)
    .where('hidden', '=', 0)
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    ...r,
    id: Number(r.id),
    last_seen_at_ms: r.last_seen_at_ms === null ? null : Number(r.last_seen_at_ms),
  }));
}

/** The venue's devices among `ids`, shown or not, by the names they have now. */
export async function devicesByIds(
  db: Executor,
  accountId: number,
  ids: readonly number[],
): Promise<{ id: number; name: string; last_seen_at_ms: number | null }[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('devices')
    .select(['id', 'name', 'last_seen_at_ms'])
    .where('account_id', '=', accountId)
    .where('id', 'in', [...ids])
    .execute();
  return rows.map((r) => ({
    id: Number(r.id),
    name: r.name,
    last_seen_at_ms: r.last_seen_at_ms === null ? null : Number(r.last_seen_at_ms),
  }));
}

export interface OpenShift {
  shift_id: number;
  user_id: number;
  name: string;
  opened_at_ms: number;
  running_total: number;
}

/** The venue's open shifts, each with its cash net so far (the shift's own rows, never its expected figure). */
export async function openShifts(db: Executor, accountId: number): Promise<OpenShift[]> {
  const rows = await db
    .selectFrom('shifts')
    .innerJoin('users', 'users.id', 'shifts.user_id')
    .leftJoin('operations', 'operations.shift_id', 'shifts.id')
    .leftJoin('ledger_entries', (join) =>
      join
        .onRef('ledger_entries.operation_id', '=', 'operations.id')
        .on('ledger_entries.line', '=', 'entries')
        .on('ledger_entries.kind', 'in', ['deposit', 'withdraw']),
    )
    .select((eb) => [
      'shifts.id as shift_id',
      'shifts.user_id',
      'users.name',
      'shifts.opened_at_ms',
      eb.fn.coalesce(eb.fn.sum<number>('ledger_entries.amount_cents'), eb.lit(0)).as('running_total'),
    ])
    .where('shifts.account_id', '=', accountId)
    .where('shifts.closed_at_ms', 'is', null)
    .groupBy(['shifts.id', 'shifts.user_id', 'users.name', 'shifts.opened_at_ms'])
    .orderBy('users.name')
    .execute();
  return rows.map((r) => ({
    shift_id: Number(r.shift_id),
    user_id: Number(r.user_id),
    name: r.name,
    opened_at_ms: Number(r.opened_at_ms),
    running_total: Number(r.running_total),
  }));
}

export interface AlertRow {
  id: number;
  kind: AlertKind;
  subject: string;
  details: string;
  started_at_ms: number;
}

/** An open alert as the manager reads it: who acknowledged it and when, if anyone did. */
export interface OpenAlertRow extends AlertRow {
  acked_by: string | null;
  acked_at_ms: number | null;
}

export async function openAlerts(db: Executor, accountId: number): Promise<OpenAlertRow[]> {
  const rows = await db
    .selectFrom('alerts')
    .leftJoin('users', 'users.id', 'alerts.acked_by_user_id')
    .select([
      'alerts.id',
      'alerts.kind',
      'alerts.subject',
      'alerts.details',
      'alerts.started_at_ms',
      'alerts.acked_at_ms',
      'users.name as acked_by',
    ])
    .where('alerts.account_id', '=', accountId)
    .where('alerts.cleared_at_ms', 'is', null)
    .orderBy('alerts.id')
    .execute();
  return rows.map((r) => ({
    ...r,
    id: Number(r.id),
    started_at_ms: Number(r.started_at_ms),
    acked_by: r.acked_at_ms === null ? null : (r.acked_by ?? null),
    acked_at_ms: r.acked_at_ms === null ? null : Number(r.acked_at_ms),
  }));
}

/**
 * Raises an alert unless the same one is already open: the partial unique index `alerts_one_open` makes a
 * second raise, from this process or another, a no-op. Returns whether this call raised it.
 */
export async function raiseAlert(
  db: Executor,
  alert: { account_id: number; kind: AlertKind; subject: string; details: string; now_ms: number },
): Promise<boolean> {
  const result = await db
    .insertInto('alerts')
    .values({
      account_id: alert.account_id,
      kind: alert.kind,
      subject: alert.subject,
      details: alert.details,
      started_at_ms: alert.now_ms,
      cleared_at_ms: null,
      acked_by_user_id: null,
      acked_at_ms: null,
    })
    .onConflict((oc) =>
      oc.columns(['account_id', 'kind', 'subject']).where('cleared_at_ms', 'is', null).doNothing(),
    )
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Clears the open alert of a condition that has ended; returns whether one was open. */
export async function clearAlert(
  db: Executor,
  alert: { account_id: number; kind: AlertKind; subject: string; now_ms: number },
): Promise<boolean> {
  const result = await db
    .updateTable('alerts')
    .set({ cleared_at_ms: alert.now_ms })
    .where('account_id', '=', alert.account_id)
    .where('kind', '=', alert.kind)
    .where('subject', '=', alert.subject)
    .where('cleared_at_ms', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Records who acknowledged an open alert of the account; the alert, or undefined if there is none. */
export async function ackAlert(
  db: Executor,
  q: { account_id: number; alert_id: number; user_id: number; now_ms: number },
): Promise<AlertRow | undefined> {
  const result = await db
    .updateTable('alerts')
    .set({ acked_by_user_id: q.user_id, acked_at_ms: q.now_ms })
    .where('id', '=', q.alert_id)
    .where('account_id', '=', q.account_id)
    .where('cleared_at_ms', 'is', null)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return undefined;
  const row = await db
    .selectFrom('alerts')
    .select(['id', 'kind', 'subject', 'details', 'started_at_ms'])
    .where('id', '=', q.alert_id)
    .executeTakeFirstOrThrow();
  return { ...row, id: Number(row.id), started_at_ms: Number(row.started_at_ms) };
}
