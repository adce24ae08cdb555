// Accounts (venues): reads and the non-money settings. Balances change only through the ledger service.
import {
  DEFAULT_MAX_EVENT_AMOUNT_CENTS,
  type Account,
  type CreateAccountRequest,
  type FloatInfo,
  type UpdateAccountRequest,
  visibleFloatFigures,
} from '@cashdesk/contract';
import type { Updateable } from 'kysely';
import type { AccountRow, AccountsTable, Flag } from '../db/schema.js';
import type { Executor } from '../db/database.js';

export const flag = (value: boolean): Flag => (value ? 1 : 0);

export function toAccount(row: AccountRow): Account {
  return {
    id: row.id,
    name: row.name,
    currency: row.currency,
    balance: row.balance_cents,
    overdraft: row.overdraft_cents,
    has_overdraft: row.has_overdraft === 1,
    home_play: row.home_play === 1,
    is_hard_block_home_play: row.is_hard_block_home_play === 1,
    is_light_block_home_play: row.is_light_block_home_play === 1,
    min_amount: row.min_amount_cents,
    max_amount: row.max_amount_cents,
    final_bonus_rate_bps: row.final_bonus_rate_bps,
    max_event_amount: row.max_event_amount_cents,
    shifts: row.shifts === 1,
    approval_above: row.approval_above_cents ?? null,
    approval_window_minutes: Number(row.approval_window_minutes),
    time_zone: row.time_zone,
    day_starts_at: Number(row.day_starts_at),
    ...alertSettingsOf(row),
    ...playerSettingsOf(row),
    created_at: new Date(row.created_at_ms).toISOString(),
  };
}

/** The floor's alert settings (migration 014): a venue's own, null when turned off. */
export const ALERT_SETTINGS = [
  'alert_float_below',
  'alert_device_silent_minutes',
  'alert_shift_difference',
  'alert_withdrawals_hour',
] as const;

function alertSettingsOf(row: AccountRow): Pick<Account, (typeof ALERT_SETTINGS)[number]> {
  const value = (v: number | null) => (v === null ? null : Number(v));
  return {
    alert_float_below: value(row.alert_float_below),
    alert_device_silent_minutes: value(row.alert_device_silent_minutes),
    alert_shift_difference: value(row.alert_shift_difference),
    alert_withdrawals_hour: value(row.alert_withdrawals_hour),
  };
}

/**
 * The players' settings (migration 022, docs/product.md "Players"): the default daily deposit limit and
 * the cooling-off of a raise, and the cash report's two thresholds; a limit or threshold null when off.
 */
function playerSettingsOf(
  row: AccountRow,
): Pick<Account, 'player_daily_limit' | 'limit_cooling_off_hours' | 'cash_log_above' | 'cash_report_above'> {
  const value = (v: number | null) => (v === null ? null : Number(v));
  return {
    player_daily_limit: value(row.player_daily_limit_cents),
    limit_cooling_off_hours: Number(row.limit_cooling_off_hours),
    cash_log_above: value(row.cash_log_above_cents),
    cash_report_above: value(row.cash_report_above_cents),
  };
}

/** The float as a cashier with `restrictions` may see it: what they hide is null, not sent. */
export function toFloatInfo(row: AccountRow, restrictions: readonly string[]): FloatInfo {
  return {
    ...visibleFloatFigures(restrictions, { balance: row.balance_cents, overdraft: row.overdraft_cents }),
    has_overdraft: row.has_overdraft === 1,
    home_play: row.home_play === 1,
    is_hard_block_home_play: row.is_hard_block_home_play === 1,
    is_light_block_home_play: row.is_light_block_home_play === 1,
    shifts: row.shifts === 1,
    currency: row.currency,
  };
}

export async function createAccount(
  db: Executor,
  input: CreateAccountRequest,
  nowMs: number,
): Promise<AccountRow> {
  return db
    .insertInto('accounts')
    .values({
      name: input.name,
      currency: input.currency,
      overdraft_cents: input.overdraft,
      has_overdraft: flag(input.has_overdraft),
      home_play: flag(input.home_play),
      min_amount_cents: input.min_amount,
      max_amount_cents: input.max_amount,
      final_bonus_rate_bps: input.final_bonus_rate_bps,
      max_event_amount_cents: input.max_event_amount ?? DEFAULT_MAX_EVENT_AMOUNT_CENTS,
      created_at_ms: nowMs,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function findAccount(db: Executor, id: number): Promise<AccountRow | undefined> {
  return db.selectFrom('accounts').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findAccountByName(db: Executor, name: string): Promise<AccountRow | undefined> {
  return db.selectFrom('accounts').selectAll().where('name', '=', name).orderBy('id').executeTakeFirst();
}

export async function listAccounts(db: Executor): Promise<AccountRow[]> {
  return db.selectFrom('accounts').selectAll().orderBy('id').execute();
}

/** Applies the settings a back-office user or operator may change; money moves go through the ledger. */
export async function updateAccount(
  db: Executor,
  id: number,
  patch: UpdateAccountRequest,
): Promise<AccountRow | undefined> {
  const set: Updateable<AccountsTable> = {};
  if (patch.name !== undefined) set.name = patch.name;
  if (patch.overdraft !== undefined) set.overdraft_cents = patch.overdraft;
  if (patch.has_overdraft !== undefined) set.has_overdraft = flag(patch.has_overdraft);
  if (patch.home_play !== undefined) set.home_play = flag(patch.home_play);
  if (patch.is_hard_block_home_play !== undefined)
    set.is_hard_block_home_play = flag(patch.is_hard_block_home_play);
  if (patch.is_light_block_home_play !== undefined) {
    set.is_light_block_home_play = flag(patch.is_light_block_home_play);
  }
  if (patch.min_amount !== undefined) set.min_amount_cents = patch.min_amount;
  if (patch.max_amount !== undefined) set.max_amount_cents = patch.max_amount;
  if (patch.final_bonus_rate_bps !== undefined) set.final_bonus_rate_bps = patch.final_bonus_rate_bps;
  if (patch.max_event_amount !== undefined) set.max_event_amount_cents = patch.max_event_amount;
  if (patch.shifts !== undefined) set.shifts = flag(patch.shifts);
  if (patch.approval_above !== undefined) set.approval_above_cents = patch.approval_above || null;
  if (patch.approval_window_minutes !== undefined)
    set.approval_window_minutes = patch.approval_window_minutes;
  if (patch.time_zone !== undefined) set.time_zone = patch.time_zone;
  if (patch.day_starts_at !== undefined) set.day_starts_at = patch.day_starts_at;
  for (const key of ALERT_SETTINGS) if (patch[key] !== undefined) set[key] = patch[key];
  // A limit of 0 is one (no deposit for a player without their own); null turns it off.
  if (patch.player_daily_limit !== undefined) set.player_daily_limit_cents = patch.player_daily_limit;
  if (patch.limit_cooling_off_hours !== undefined)
    set.limit_cooling_off_hours = patch.limit_cooling_off_hours;
  if (patch.cash_log_above !== undefined) set.cash_log_above_cents = patch.cash_log_above;
  if (patch.cash_report_above !== undefined) set.cash_report_above_cents = patch.cash_report_above;
  if (Object.keys(set).length === 0) return findAccount(db, id);
  return db.updateTable('accounts').set(set).where('id', '=', id).returningAll().executeTakeFirst();
}
