// The venue's open alerts on the overview: what happened and since when, and an Acknowledge button that
// records who saw it (POST .../alerts/:alert_id/ack); an acknowledged alert stays listed, with who and
// when, until its condition ends. Not shown at all while nothing is open. Also the opt-in button for
// browser notifications of new alerts.
import type { FloorAlert } from '@cashdesk/contract';
import type { TFunction } from 'i18next';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../lib/money';
import { useBoAckAlertMutation } from './floor-api';
import { useNotifyChoice } from './alert-notifications';
import { failureText } from '../shared/failure-text';
import { formatDateTime } from '../shared/units';

/**
 * What an alert is about, in the manager's language, money with its currency and times on this
 * browser's clock, from the alert's facts (devices and cashiers by the names they have now). The
 * server's English details only where it sent no facts.
 */
export function alertBody(alert: FloorAlert, t: TFunction): string {
  const facts = alert.facts;
  if (facts === null) return alert.details;
  const money = (cents: number) => formatMoney(cents, alert.currency);
  switch (facts.kind) {
    case 'float_low':
      return t('floor.alerts.text.floatLow', { float: money(facts.float), below: money(facts.below) });
    case 'withdrawals_hour':
      return t('floor.alerts.text.withdrawalsHour', {
        withdrawals: money(facts.withdrawals),
        above: money(facts.above),
      });
    case 'device_silent':
      return facts.last_seen_at === null
        ? t('floor.alerts.text.deviceNever', { device: facts.device_name, minutes: facts.silent_minutes })
        : t('floor.alerts.text.deviceSilent', {
            device: facts.device_name,
            time: formatDateTime(facts.last_seen_at),
            minutes: facts.silent_minutes,
          });
    case 'shift_difference':
      return t(facts.difference < 0 ? 'floor.alerts.text.shiftShort' : 'floor.alerts.text.shiftOver', {
        cashier: facts.cashier,
        amount: money(Math.abs(facts.difference)),
        time: formatDateTime(facts.closed_at),
      });
    case 'structuring':
      return t(STRUCTURING_TEXT[facts.side][facts.rule], {
        player: facts.name === null ? facts.card : `${facts.card} (${facts.name})`,
        n: facts.transactions,
        total: money(facts.total),
        threshold: money(facts.threshold),
      });
  }
}

/** A structuring alert's words by its side and the rule it meets (docs/product.md section 16). */
const STRUCTURING_TEXT = {
  cash_in: { log: 'floor.alerts.text.structuringInLog', report: 'floor.alerts.text.structuringInReport' },
  cash_out: { log: 'floor.alerts.text.structuringOutLog', report: 'floor.alerts.text.structuringOutReport' },
} as const;

/** An alert in words: its kind as the title, what it is about as the body. */
export function useAlertText(): (alert: FloorAlert) => { title: string; body: string } {
  const { t } = useTranslation('backOffice');
  return useCallback(
    (alert: FloorAlert) => ({ title: t(`floor.alerts.kind.${alert.kind}`), body: alertBody(alert, t) }),
    [t],
  );
}

export function FloorAlerts({ accountId, alerts }: { accountId: number; alerts: readonly FloorAlert[] }) {
  const { t } = useTranslation('backOffice');
  const text = useAlertText();
  const [ack, { isLoading }] = useBoAckAlertMutation();
  const [failure, setFailure] = useState<string | null>(null);
  if (alerts.length === 0) return null;

  const acknowledge = async (alert: FloorAlert) => {
    setFailure(null);
    const result = await ack({ id: accountId, alertId: alert.id });
    if ('error' in result && result.error) setFailure(failureText(result.error, t));
  };

  return (
    <section className="bo-section bo-floor__alerts" aria-labelledby="bo-floor-alerts">
      <h3 id="bo-floor-alerts">{t('floor.alerts.title', { count: alerts.length })}</h3>
      {failure && (
        <p role="alert" className="bo-alert">
          {failure}
        </p>
      )}
      <ul className="bo-floor__list" aria-labelledby="bo-floor-alerts">
        {alerts.map((alert) => {
          const { title, body } = text(alert);
          return (
            <li key={alert.id} className="bo-floor__alert">
              <div>
                <strong>{title}</strong>
                <div>{body}</div>
                <div className="bo-muted">
                  {t('floor.alerts.since', { time: formatDateTime(alert.started_at) })}
                </div>
              </div>
              {alert.acked ? (
                <p className="bo-muted bo-floor__acked">
                  {t('floor.alerts.acked', { name: alert.acked.by, time: formatDateTime(alert.acked.at) })}
                </p>
              ) : (
                <button
                  type="button"
                  aria-label={t('floor.alerts.ackLabel', { title })}
                  aria-disabled={isLoading}
                  onClick={() => !isLoading && void acknowledge(alert)}
                >
                  {t('floor.alerts.ack')}
                </button>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** Turns browser notifications of new alerts on or off; nothing where the browser has no notifications. */
export function NotifyToggle() {
  const { t } = useTranslation('backOffice');
  const { state, turnOn, turnOff } = useNotifyChoice();
  if (state === 'unsupported') return null;
  if (state === 'blocked') return <p className="bo-muted">{t('floor.notify.blocked')}</p>;
  const on = state === 'on';
  return (
    <button type="button" aria-pressed={on} onClick={() => (on ? turnOff() : void turnOn())}>
      {t('floor.notify.button')}
    </button>
  );
}
