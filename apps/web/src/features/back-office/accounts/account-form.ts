// The account form (create and settings): what is typed, checked before it is sent, and the request
// it becomes. Amounts are units as typed; the request carries cents.
import {
  canonicalTimeZone,
  DEFAULT_APPROVAL_WINDOW_MINUTES,
  DEFAULT_DAY_STARTS_AT,
  DEFAULT_MAX_EVENT_AMOUNT_CENTS,
  DEFAULT_TIME_ZONE,
  MAX_ALERT_SILENT_MINUTES,
  MAX_APPROVAL_WINDOW_MINUTES,
  type Account,
  type CreateAccountRequest,
  type UpdateAccountRequest,
} from '@cashdesk/contract';
import { parsePercentToBps, parseUnits, percentText, unitsText } from '../shared/units';

export interface AccountFormValues {
  name: string;
  currency: string;
  overdraft: string;
  has_overdraft: boolean;
  home_play: boolean;
  is_hard_block_home_play: boolean;
  is_light_block_home_play: boolean;
  /** Cash calls need an open cash-drawer shift (settings only: a new account starts without). */
  shifts: boolean;
  min_amount: string;
  max_amount: string;
  final_bonus_percent: string;
  max_event_amount: string;
  /** Four eyes (settings only): withdraws and cash-outs above it wait for a manager; empty or 0: off. */
  approval_above: string;
  /** Four eyes (settings only): a seat's payouts in this many minutes count together against it. */
  approval_window_minutes: string;
  /** The daily report's clock (settings only): an IANA time zone, and the hour 0-23 the gaming day starts. */
  time_zone: string;
  day_starts_at: string;
  /** The floor's alerts (settings only): amounts as typed, minutes for silence; empty: that alert is off. */
  alert_float_below: string;
  alert_device_silent_minutes: string;
  alert_shift_difference: string;
  alert_withdrawals_hour: string;
  /** Players (settings only): the default daily deposit limit and the two cash-report thresholds as
   * typed, empty for none; the hours a raised limit waits. */
  player_daily_limit: string;
  limit_cooling_off_hours: string;
  cash_log_above: string;
  cash_report_above: string;
}

export type AccountField = keyof AccountFormValues;
/** i18n keys (backOffice:form.*) of the messages under the fields. */
export type AccountFormErrors = Partial<Record<AccountField, string>>;

/**
 * The hours a raised limit waits when the server does not say (the column's default, migration 022):
 * the form then compares with what the venue has, and sends nothing unchanged.
 */
export const DEFAULT_LIMIT_COOLING_OFF_HOURS = 24;
/** The longest cooling-off the contract takes (updateAccountRequest): 30 days. */
export const MAX_LIMIT_COOLING_OFF_HOURS = 720;

export const NEW_ACCOUNT_VALUES: AccountFormValues = {
  name: '',
  currency: 'EUR',
  overdraft: '0.00',
  has_overdraft: false,
  home_play: false,
  is_hard_block_home_play: false,
  is_light_block_home_play: false,
  shifts: false,
  min_amount: '1.00',
  max_amount: '5000.00',
  final_bonus_percent: '0.00',
  max_event_amount: unitsText(DEFAULT_MAX_EVENT_AMOUNT_CENTS),
  approval_above: '',
  approval_window_minutes: String(DEFAULT_APPROVAL_WINDOW_MINUTES),
  time_zone: DEFAULT_TIME_ZONE,
  day_starts_at: String(DEFAULT_DAY_STARTS_AT),
  alert_float_below: '',
  alert_device_silent_minutes: '',
  alert_shift_difference: '',
  alert_withdrawals_hour: '',
  player_daily_limit: '',
  limit_cooling_off_hours: String(DEFAULT_LIMIT_COOLING_OFF_HOURS),
  cash_log_above: '',
  cash_report_above: '',
};

export function accountFormValues(account: Account): AccountFormValues {
  return {
    name: account.name,
    currency: account.currency,
    overdraft: unitsText(account.overdraft),
    has_overdraft: account.has_overdraft,
    home_play: account.home_play,
    is_hard_block_home_play: account.is_hard_block_home_play,
    is_light_block_home_play: account.is_light_block_home_play,
    shifts: account.shifts,
    min_amount: unitsText(account.min_amount),
    max_amount: unitsText(account.max_amount),
    final_bonus_percent: percentText(account.final_bonus_rate_bps),
    max_event_amount: unitsText(account.max_event_amount),
    approval_above: account.approval_above ? unitsText(account.approval_above) : '',
    approval_window_minutes: String(account.approval_window_minutes),
    time_zone: account.time_zone,
    day_starts_at: String(account.day_starts_at),
    alert_float_below: amountOrEmpty(account.alert_float_below),
    alert_device_silent_minutes: account.alert_device_silent_minutes
      ? String(account.alert_device_silent_minutes)
      : '',
    alert_shift_difference: amountOrEmpty(account.alert_shift_difference),
    alert_withdrawals_hour: amountOrEmpty(account.alert_withdrawals_hour),
    player_daily_limit: centsOrEmpty(account.player_daily_limit),
    limit_cooling_off_hours: String(coolingOffOf(account)),
    cash_log_above: centsOrEmpty(account.cash_log_above),
    cash_report_above: centsOrEmpty(account.cash_report_above),
  };
}

const coolingOffOf = (account: Account) => account.limit_cooling_off_hours ?? DEFAULT_LIMIT_COOLING_OFF_HOURS;

/** A player amount as typed: 0 is an amount here (a limit of nothing, every transaction logged), not off. */
const centsOrEmpty = (cents: number | null | undefined) =>
  cents === null || cents === undefined ? '' : unitsText(cents);

const amountOrEmpty = (cents: number | null | undefined) => (cents ? unitsText(cents) : '');

/** The fields typed as text (the others are checkboxes). */
type TypedField = { [F in AccountField]: AccountFormValues[F] extends string ? F : never }[AccountField];

/**
 * Optional amounts as typed, each empty for none (null) or an amount `allowed` takes; `form.badAmount`
 * under any other.
 */
function optionalAmounts<F extends TypedField>(
  fields: readonly F[],
  values: AccountFormValues,
  errors: AccountFormErrors,
  allowed: (cents: number) => boolean,
): Record<F, number | null> {
  const amounts = {} as Record<F, number | null>;
  for (const field of fields) {
    const typed = values[field].trim();
    const cents = typed === '' ? null : parseUnits(typed);
    if (typed !== '' && (cents === null || !allowed(cents))) errors[field] = 'form.badAmount';
    amounts[field] = cents;
  }
  return amounts;
}

const ALERT_AMOUNTS = ['alert_float_below', 'alert_shift_difference', 'alert_withdrawals_hour'] as const;
type AlertSettings = Required<
  Pick<UpdateAccountRequest, (typeof ALERT_AMOUNTS)[number] | 'alert_device_silent_minutes'>
>;

/** The floor's alert settings as typed: empty is off (null); an amount above 0; 1 minute to a week. */
function alertSettings(values: AccountFormValues, errors: AccountFormErrors): AlertSettings {
  const amounts = optionalAmounts(ALERT_AMOUNTS, values, errors, (cents) => cents > 0);
  const minutes = values.alert_device_silent_minutes.trim();
  const silent = minutes === '' ? null : Number(minutes);
  if (silent !== null && !(/^\d+$/.test(minutes) && silent >= 1 && silent <= MAX_ALERT_SILENT_MINUTES)) {
    errors.alert_device_silent_minutes = 'form.badMinutes';
  }
  return { ...amounts, alert_device_silent_minutes: silent };
}

const PLAYER_AMOUNTS = ['player_daily_limit', 'cash_log_above', 'cash_report_above'] as const;
type PlayerSettings = Required<
  Pick<UpdateAccountRequest, (typeof PLAYER_AMOUNTS)[number] | 'limit_cooling_off_hours'>
>;

/**
 * The players' settings as typed (docs/back-office.md, "Players"): each amount empty for none (null), or
 * an amount of 0 or more as the contract takes it; the cooling-off whole hours from 0 to 720.
 */
function playerSettings(values: AccountFormValues, errors: AccountFormErrors): PlayerSettings {
  const amounts = optionalAmounts(PLAYER_AMOUNTS, values, errors, () => true);
  const hours = values.limit_cooling_off_hours.trim();
  if (!/^\d{1,3}$/.test(hours) || Number(hours) > MAX_LIMIT_COOLING_OFF_HOURS) {
    errors.limit_cooling_off_hours = 'backOfficePlayers:settings.badHours';
  }
  return { ...amounts, limit_cooling_off_hours: Number(hours) };
}

/** The four-eyes threshold as typed: empty or 0 is off (null); undefined when it is no amount. */
function approvalAbove(typed: string): number | null | undefined {
  if (typed.trim() === '') return null;
  const cents = parseUnits(typed);
  if (cents === null) return undefined;
  return cents === 0 ? null : cents;
}

/** The four-eyes window as typed: whole minutes, 1 to a day; undefined otherwise. */
function approvalWindow(typed: string): number | undefined {
  const minutes = typed.trim();
  if (!/^\d{1,4}$/.test(minutes)) return undefined;
  const value = Number(minutes);
  return value >= 1 && value <= MAX_APPROVAL_WINDOW_MINUTES ? value : undefined;
}

/** The gaming day's clock as typed: the zone as Intl spells it and the hour, or the messages that stop it. */
function dayClock(values: AccountFormValues, errors: AccountFormErrors) {
  const zone = canonicalTimeZone(values.time_zone.trim());
  if (zone === null) errors.time_zone = 'form.badTimeZone';
  const hour = values.day_starts_at.trim();
  if (!/^\d{1,2}$/.test(hour) || Number(hour) > 23) errors.day_starts_at = 'form.badHour';
  return { time_zone: zone ?? '', day_starts_at: Number(hour) };
}

type Checked =
  | { errors: AccountFormErrors; settings: null }
  | {
      errors: Record<string, never>;
      settings: Omit<CreateAccountRequest, 'currency'> & UpdateAccountRequest;
    };

/** The settings both forms send, or the messages that stop it. */
function check(values: AccountFormValues): Checked {
  const errors: AccountFormErrors = {};
  const name = values.name.trim();
  if (name === '') errors.name = 'form.required';
  else if (name.length > 100) errors.name = 'form.tooLong';
  const money = (field: 'overdraft' | 'min_amount' | 'max_amount' | 'max_event_amount') => {
    const cents = parseUnits(values[field]);
    if (cents === null) errors[field] = 'form.badAmount';
    return cents ?? 0;
  };
  const overdraft = money('overdraft');
  const min = money('min_amount');
  const max = money('max_amount');
  if (!errors.min_amount && !errors.max_amount && min > max) errors.min_amount = 'form.minAboveMax';
  const maxEvent = money('max_event_amount');
  if (!errors.max_event_amount && maxEvent === 0) errors.max_event_amount = 'form.badAmount';
  const bps = parsePercentToBps(values.final_bonus_percent);
  if (bps === null) errors.final_bonus_percent = 'form.badPercent';
  if (Object.keys(errors).length > 0) return { errors, settings: null };
  return {
    errors: {},
    settings: {
      name,
      overdraft,
      has_overdraft: values.has_overdraft,
      home_play: values.home_play,
      min_amount: min,
      max_amount: max,
      final_bonus_rate_bps: bps ?? 0,
      max_event_amount: maxEvent,
    },
  };
}

export function toCreateRequest(values: AccountFormValues): {
  errors: AccountFormErrors;
  request: CreateAccountRequest | null;
} {
  const { errors, settings } = check(values);
  const currency = values.currency.trim().toUpperCase();
  if (!/^[A-Z]{3}$/.test(currency)) errors.currency = 'form.badCurrency';
  if (!settings || errors.currency) return { errors, request: null };
  return { errors: {}, request: { ...settings, currency } };
}

/** Only the fields that differ from the account: the audit log then shows just what was changed. */
export function toUpdateRequest(
  values: AccountFormValues,
  account: Account,
): { errors: AccountFormErrors; request: UpdateAccountRequest | null } {
  const { errors, settings } = check(values);
  const threshold = approvalAbove(values.approval_above);
  if (threshold === undefined) errors.approval_above = 'form.badAmount';
  const window = approvalWindow(values.approval_window_minutes);
  if (window === undefined) errors.approval_window_minutes = 'form.badWindow';
  const clock = dayClock(values, errors);
  const alerts = alertSettings(values, errors);
  const players = playerSettings(values, errors);
  if (!settings || Object.keys(errors).length > 0) return { errors, request: null };
  const next: UpdateAccountRequest = {
    ...settings,
    ...clock,
    ...alerts,
    ...players,
    approval_above: threshold ?? null,
    ...(window === undefined ? {} : { approval_window_minutes: window }),
    is_hard_block_home_play: values.is_hard_block_home_play,
    is_light_block_home_play: values.is_light_block_home_play,
    shifts: values.shifts,
  };
  const current: Record<string, unknown> = {
    name: account.name,
    overdraft: account.overdraft,
    has_overdraft: account.has_overdraft,
    home_play: account.home_play,
    is_hard_block_home_play: account.is_hard_block_home_play,
    is_light_block_home_play: account.is_light_block_home_play,
    shifts: account.shifts,
    min_amount: account.min_amount,
    max_amount: account.max_amount,
    final_bonus_rate_bps: account.final_bonus_rate_bps,
    max_event_amount: account.max_event_amount,
    approval_above: account.approval_above ?? null,
    approval_window_minutes: account.approval_window_minutes,
    time_zone: account.time_zone,
    day_starts_at: account.day_starts_at,
    alert_float_below: account.alert_float_below ?? null,
    alert_device_silent_minutes: account.alert_device_silent_minutes ?? null,
    alert_shift_difference: account.alert_shift_difference ?? null,
    alert_withdrawals_hour: account.alert_withdrawals_hour ?? null,
    player_daily_limit: account.player_daily_limit ?? null,
    limit_cooling_off_hours: coolingOffOf(account),
    cash_log_above: account.cash_log_above ?? null,
    cash_report_above: account.cash_report_above ?? null,
  };
  const changed = Object.fromEntries(Object.entries(next).filter(([key, value]) => current[key] !== value));
  return { errors: {}, request: changed as UpdateAccountRequest };
}
