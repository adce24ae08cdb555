// The fields of an account's settings, shared by the create form and the settings page.
import { useTranslation } from 'react-i18next';
import type { AccountField, AccountFormErrors, AccountFormValues } from './account-form';
import { CheckboxField, InputField } from '../shared/fields';

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
      {mode === 'settings' && (
        <fieldset className="bo-fieldset">
          <legend>{t('account.alertsLegend')}</legend>
          {text('alert_float_below', t('account.alertFloatBelow'), {
            inputMode: 'decimal',
            hint: t('account.alertFloatBelowHint'),
          })}
          {text('alert_device_silent_minutes', t('account.alertDeviceSilent'), {
            inputMode: 'decimal',
            hint: t('account.alertDeviceSilentHint'),
          })}
          {text('alert_shift_difference', t('account.alertShiftDifference'), {
            inputMode: 'decimal',
            hint: t('account.alertShiftDifferenceHint'),
          })}
          {text('alert_withdrawals_hour', t('account.alertWithdrawalsHour'), {
            inputMode: 'decimal',
            hint: t('account.alertWithdrawalsHourHint'),
          })}
        </fieldset>
      )}
      {mode === 'settings' && (
        <fieldset className="bo-fieldset">
          <legend>{t('backOfficePlayers:settings.legend')}</legend>
          {text('player_daily_limit', t('backOfficePlayers:settings.dailyLimit'), {
            inputMode: 'decimal',
            hint: t('backOfficePlayers:settings.dailyLimitHint'),
          })}
          {text('limit_cooling_off_hours', t('backOfficePlayers:settings.coolingOff'), {
            inputMode: 'numeric',
            hint: t('backOfficePlayers:settings.coolingOffHint'),
          })}
          {text('cash_log_above', t('backOfficePlayers:settings.logAbove'), {
            inputMode: 'decimal',
            hint: t('backOfficePlayers:settings.logAboveHint'),
          })}
          {text('cash_report_above', t('backOfficePlayers:settings.reportAbove'), {
            inputMode: 'decimal',
            hint: t('backOfficePlayers:settings.reportAboveHint'),
          })}
        </fieldset>
      )}
    </div>
  );
}
