import type { Account } from '@cashdesk/contract';
import { describe, expect, it } from 'vitest';
import { makeAccount } from '../../../test/fixtures';
import { accountFormValues, NEW_ACCOUNT_VALUES, toCreateRequest, toUpdateRequest } from './account-form';

const ACCOUNT: Account = makeAccount();

describe('the four-eyes threshold in the settings', () => {
  it('sends approval_above in cents, and null when emptied or 0; only when it changed', () => {
    const values = accountFormValues(ACCOUNT);
    expect(values.approval_above).toBe('');
    expect(toUpdateRequest(values, ACCOUNT).request).toEqual({});
    expect(toUpdateRequest({ ...values, approval_above: '250.00' }, ACCOUNT).request).toEqual({
      approval_above: 25000,
    });
    const guarded = { ...ACCOUNT, approval_above: 25000 };
    expect(accountFormValues(guarded).approval_above).toBe('250.00');
    expect(toUpdateRequest({ ...accountFormValues(guarded), approval_above: '' }, guarded).request).toEqual({
      approval_above: null,
    });
    expect(toUpdateRequest({ ...accountFormValues(guarded), approval_above: '0' }, guarded).request).toEqual({
      approval_above: null,
    });
  });

  it('refuses a threshold that is no amount', () => {
    const { request, errors } = toUpdateRequest(
      { ...accountFormValues(ACCOUNT), approval_above: 'lots' },
      ACCOUNT,
    );
    expect(request).toBeNull();
    expect(errors).toEqual({ approval_above: 'form.badAmount' });
  });
});

describe("the four-eyes window (a seat's payouts counted together) in the settings", () => {
  it("shows the venue's minutes, sends a change in whole minutes, and nothing when unchanged", () => {
    const values = accountFormValues(makeAccount({ approval_window_minutes: 60 }));
    expect(values.approval_window_minutes).toBe('60');
    expect(toUpdateRequest(values, ACCOUNT).request).toEqual({});
    expect(toUpdateRequest({ ...values, approval_window_minutes: ' 1440 ' }, ACCOUNT).request).toEqual({
      approval_window_minutes: 1440,
    });
    expect(toUpdateRequest({ ...values, approval_window_minutes: '1' }, ACCOUNT).request).toEqual({
      approval_window_minutes: 1,
    });
    expect(NEW_ACCOUNT_VALUES.approval_window_minutes).toBe('60');
  });

  it.each(['0', '1441', '', '15.5', '-5', 'an hour'])('refuses %j: whole minutes from 1 to 1440', (typed) => {
    const { request, errors } = toUpdateRequest(
      { ...accountFormValues(ACCOUNT), approval_window_minutes: typed },
      ACCOUNT,
    );
    expect(request).toBeNull();
    expect(errors).toEqual({ approval_window_minutes: 'form.badWindow' });
  });
});

describe("the gaming day's clock in the settings", () => {
  it('sends the time zone as Intl spells it and the hour, only when they changed', () => {
    const values = accountFormValues(ACCOUNT);
    expect(values).toMatchObject({ time_zone: 'UTC', day_starts_at: '6' });
    expect(
      toUpdateRequest({ ...values, time_zone: ' europe/lisbon ', day_starts_at: '0' }, ACCOUNT).request,
    ).toEqual({ time_zone: 'Europe/Lisbon', day_starts_at: 0 });
    expect(toUpdateRequest({ ...values, day_starts_at: '23' }, ACCOUNT).request).toEqual({
      day_starts_at: 23,
    });
  });

  it('refuses a zone Intl does not know and an hour outside 0-23', () => {
    const values = accountFormValues(ACCOUNT);
    for (const [typed, expected] of [
      [{ time_zone: 'Mars/Olympus_Mons' }, { time_zone: 'form.badTimeZone' }],
      [{ time_zone: '' }, { time_zone: 'form.badTimeZone' }],
      [{ day_starts_at: '24' }, { day_starts_at: 'form.badHour' }],
      [{ day_starts_at: '6.5' }, { day_starts_at: 'form.badHour' }],
      [{ day_starts_at: '' }, { day_starts_at: 'form.badHour' }],
    ] as const) {
      const { request, errors } = toUpdateRequest({ ...values, ...typed }, ACCOUNT);
      expect(request).toBeNull();
      expect(errors).toEqual(expected);
    }
  });
});

describe("the floor's alert settings", () => {
  const ALERTED: Account = {
    ...ACCOUNT,
    alert_float_below: 500_00,
    alert_device_silent_minutes: 10,
    alert_shift_difference: 20_00,
    alert_withdrawals_hour: 2_000_00,
  };

  it('shows them as units and minutes, sends cents and minutes, empty as off, only what changed', () => {
    const values = accountFormValues(ALERTED);
    expect(values).toMatchObject({
      alert_float_below: '500.00',
      alert_device_silent_minutes: '10',
      alert_shift_difference: '20.00',
      alert_withdrawals_hour: '2000.00',
    });
    expect(toUpdateRequest(values, ALERTED).request).toEqual({});
    const changed = {
      ...values,
      alert_float_below: '250,50',
      alert_device_silent_minutes: '',
      alert_shift_difference: '',
      alert_withdrawals_hour: '1000',
    };
    expect(toUpdateRequest(changed, ALERTED).request).toEqual({
      alert_float_below: 250_50,
      alert_device_silent_minutes: null,
      alert_shift_difference: null,
      alert_withdrawals_hour: 1_000_00,
    });
    const off = { ...ALERTED, alert_float_below: null };
    expect(accountFormValues(off).alert_float_below).toBe('');
    expect(toUpdateRequest({ ...accountFormValues(off), alert_float_below: '1' }, off).request).toEqual({
      alert_float_below: 1_00,
    });
  });

  it('refuses 0, what is no amount, and minutes that are not whole or past a week', () => {
    const values = accountFormValues(ALERTED);
    for (const [typed, minutes] of [
      ['0', '0'],
      ['lots', '1.5'],
      ['-5', '10081'],
    ] as const) {
      const { request, errors } = toUpdateRequest(
        { ...values, alert_float_below: typed, alert_device_silent_minutes: minutes },
        ALERTED,
      );
      expect(request).toBeNull();
      expect(errors).toEqual({
        alert_float_below: 'form.badAmount',
        alert_device_silent_minutes: 'form.badMinutes',
      });
    }
  });
});

describe('the account form', () => {
  it('turns typed units into the cents and basis points of a create request', () => {
    const { request, errors } = toCreateRequest({
      ...NEW_ACCOUNT_VALUES,
      name: '  Harbour Hall ',
      currency: 'usd',
      overdraft: '200',
      has_overdraft: true,
      min_amount: '5,00',
      max_amount: '2000.5',
      final_bonus_percent: '2.5',
    });
    expect(errors).toEqual({});
    expect(request).toEqual({
      name: 'Harbour Hall',
      currency: 'USD',
      overdraft: 20000,
      has_overdraft: true,
      home_play: false,
      min_amount: 500,
      max_amount: 200050,
      final_bonus_rate_bps: 250,
      max_event_amount: 1_000_000_00,
    });
  });

  it('names each field that stops the request', () => {
    const { request, errors } = toCreateRequest({
      ...NEW_ACCOUNT_VALUES,
      name: ' ',
      currency: 'EURO',
      overdraft: '-1',
      min_amount: '10',
      max_amount: '5',
      final_bonus_percent: '101',
      max_event_amount: '0',
    });
    expect(request).toBeNull();
    expect(errors).toEqual({
      name: 'form.required',
      currency: 'form.badCurrency',
      overdraft: 'form.badAmount',
      min_amount: 'form.minAboveMax',
      final_bonus_percent: 'form.badPercent',
      max_event_amount: 'form.badAmount',
    });
  });

  it('sends only what changed in the settings', () => {
    const values = {
      ...accountFormValues(ACCOUNT),
      is_hard_block_home_play: true,
      max_amount: '6000',
      max_event_amount: '25000',
    };
    expect(toUpdateRequest(values, ACCOUNT)).toEqual({
      errors: {},
      request: { is_hard_block_home_play: true, max_amount: 600_000, max_event_amount: 2_500_000 },
    });
    expect(toUpdateRequest(accountFormValues(ACCOUNT), ACCOUNT).request).toEqual({});
  });
});

describe("the venue's player settings", () => {
  const PLAYERS = makeAccount({
    player_daily_limit: 500_00,
    limit_cooling_off_hours: 48,
    cash_log_above: 3_000_00,
    cash_report_above: 10_000_00,
  });

  it('shows money as units and hours, and sends a change in cents and hours, only what changed', () => {
    const values = accountFormValues(PLAYERS);
    expect(values).toMatchObject({
      player_daily_limit: '500.00',
      limit_cooling_off_hours: '48',
      cash_log_above: '3000.00',
      cash_report_above: '10000.00',
    });
    expect(toUpdateRequest(values, PLAYERS).request).toEqual({});
    expect(
      toUpdateRequest(
        {
          ...values,
          player_daily_limit: '750,50',
          limit_cooling_off_hours: ' 0 ',
          cash_log_above: '2500',
          cash_report_above: '9000.00',
        },
        PLAYERS,
      ).request,
    ).toEqual({
      player_daily_limit: 750_50,
      limit_cooling_off_hours: 0,
      cash_log_above: 2_500_00,
      cash_report_above: 9_000_00,
    });
  });

  it('sends null for an emptied amount (no limit, log or report off), and keeps 0 as an amount', () => {
    const values = accountFormValues(PLAYERS);
    expect(
      toUpdateRequest(
        { ...values, player_daily_limit: '', cash_log_above: ' ', cash_report_above: '0' },
        PLAYERS,
      ).request,
    ).toEqual({ player_daily_limit: null, cash_log_above: null, cash_report_above: 0 });
    const none = makeAccount({ player_daily_limit: null, cash_log_above: null, cash_report_above: null });
    expect(accountFormValues(none)).toMatchObject({
      player_daily_limit: '',
      cash_log_above: '',
      cash_report_above: '',
    });
  });

  it("leaves the settings alone when the server does not tell them (the cooling-off's default, 24 h)", () => {
    const values = accountFormValues(ACCOUNT);
    expect(values.limit_cooling_off_hours).toBe('24');
    expect(toUpdateRequest(values, ACCOUNT).request).toEqual({});
  });

  it.each([
    [{ player_daily_limit: 'lots' }, { player_daily_limit: 'form.badAmount' }],
    [{ cash_log_above: '-5' }, { cash_log_above: 'form.badAmount' }],
    [{ cash_report_above: '10.001' }, { cash_report_above: 'form.badAmount' }],
    [{ limit_cooling_off_hours: '721' }, { limit_cooling_off_hours: 'backOfficePlayers:settings.badHours' }],
    [{ limit_cooling_off_hours: '' }, { limit_cooling_off_hours: 'backOfficePlayers:settings.badHours' }],
    [{ limit_cooling_off_hours: '1.5' }, { limit_cooling_off_hours: 'backOfficePlayers:settings.badHours' }],
  ] as const)('refuses %j', (typed, expected) => {
    const { request, errors } = toUpdateRequest({ ...accountFormValues(PLAYERS), ...typed }, PLAYERS);
    expect(request).toBeNull();
    expect(errors).toEqual(expected);
  });
});
