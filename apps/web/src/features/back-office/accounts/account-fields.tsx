// The fields of an account's settings, shared by the create form and the settings page.
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import type { AccountField, AccountFormErrors, AccountFormValues } from './account-form';
import { CheckboxField, InputField } from '../shared/fields';

/** A field of a settings block: its label's key, whose hint is the key with `Hint` after it. */
type HintedField = readonly [field: AccountField, label: string, inputMode: 'decimal' | 'numeric'];

/** The floor's alerts: when each one is raised. */
const ALERT_FIELDS: readonly HintedField[] = [
  ['alert_float_below', 'account.alertFloatBelow', 'decimal'],
  ['alert_device_silent_minutes', 'account.alertDeviceSilent', 'decimal'],
  ['alert_shift_difference', 'account.alertShiftDifference', 'decimal'],
  ['alert_withdrawals_hour', 'account.alertWithdrawalsHour', 'decimal'],
];

/** The players' settings (docs/back-office.md, "Players"). */
const PLAYER_FIELDS: readonly HintedField[] = [
  ['player_daily_limit', 'backOfficePlayers:settings.dailyLimit', 'decimal'],
  ['limit_cooling_off_hours', 'backOfficePlayers:settings.coolingOff', 'numeric'],
  ['cash_log_above', 'backOfficePlayers:settings.logAbove', 'decimal'],
  ['cash_report_above', 'backOfficePlayers:settings.reportAbove', 'decimal'],
];

export function AccountFields({
  values,
  errors,
  onChange,
  mode,
}: {
  values: AccountFormValues;
  errors: AccountFormErrors;
  onChange: (next: AccountFormValues) => void;
  /** The currency is chosen once, at creation; the blocks exist once there is an account. */
  mode: 'create' | 'settings';
}) {
  const { t } = useTranslation('backOffice');
  const error = (field: AccountField) => (errors[field] ? t(errors[field]) : null);
  const text = (
    field: AccountField,
    label: string,
    extra: { inputMode?: 'decimal' | 'numeric'; hint?: string } = {},
  ) => (
    <InputField
      label={label}
      value={values[field] as string}
      error={error(field)}
      onChange={(e) => onChange({ ...values, [field]: e.target.value })}
      {...extra}
    />
  );
  const flag = (field: AccountField, label: string, description?: string) => (
    <CheckboxField
      label={label}
      {...(description ? { description } : {})}
      checked={values[field] as boolean}
      onChange={(checked) => onChange({ ...values, [field]: checked })}
    />
  );
  const fieldset = (legend: string, fields: readonly HintedField[]) => (
    <fieldset className="bo-fieldset">
      <legend>{legend}</legend>
      {fields.map(([field, label, inputMode]) => (
        <Fragment key={field}>{text(field, t(label), { inputMode, hint: t(`${label}Hint`) })}</Fragment>
      ))}
    </fieldset>
  );
  return (
    <div className="bo-form-grid">
      {text('name', t('account.name'))}
      {mode === 'create' && text('currency', t('account.currency'), { hint: t('account.currencyHint') })}
      {text('overdraft', t('account.overdraft'), { inputMode: 'decimal' })}
      {flag('has_overdraft', t('account.hasOverdraft'), t('account.hasOverdraftHint'))}
      {text('min_amount', t('account.minAmount'), { inputMode: 'decimal' })}
      {text('max_amount', t('account.maxAmount'), { inputMode: 'decimal' })}
      {text('final_bonus_percent', t('account.finalBonus'), { inputMode: 'decimal' })}
      {text('max_event_amount', t('account.maxEventAmount'), {
        inputMode: 'decimal',
        hint: t('account.maxEventAmountHint'),
      })}
      <fieldset className="bo-fieldset">
        <legend>{t('account.homePlayLegend')}</legend>
        {flag('home_play', t('account.homePlay'), t('account.homePlayHint'))}
        {mode === 'settings' && (
          <>
            {flag('is_hard_block_home_play', t('account.hardBlock'), t('account.hardBlockHint'))}
            {flag('is_light_block_home_play', t('account.lightBlock'), t('account.lightBlockHint'))}
          </>
        )}
      </fieldset>
      {mode === 'settings' && flag('shifts', t('account.shifts'), t('account.shiftsHint'))}
      {mode === 'settings' &&
        text('approval_above', t('account.approvalAbove'), {
          inputMode: 'decimal',
          hint: t('account.approvalAboveHint'),
        })}
      {mode === 'settings' &&
        text('approval_window_minutes', t('account.approvalWindow'), {
          inputMode: 'numeric',
          hint: t('account.approvalWindowHint'),
        })}
      {mode === 'settings' && (
        <fieldset className="bo-fieldset">
          <legend>{t('account.gamingDayLegend')}</legend>
          {text('time_zone', t('account.timeZone'), { hint: t('account.timeZoneHint') })}
          {text('day_starts_at', t('account.dayStartsAt'), { hint: t('account.dayStartsAtHint') })}
        </fieldset>
      )}
      {mode === 'settings' && fieldset(t('account.alertsLegend'), ALERT_FIELDS)}
      {mode === 'settings' && fieldset(t('backOfficePlayers:settings.legend'), PLAYER_FIELDS)}
    </div>
  );
}
