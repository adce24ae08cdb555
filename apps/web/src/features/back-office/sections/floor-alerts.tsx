// The venue's open alerts on the overview: what happened and since when, and an Acknowledge button that
// records who saw it (POST .../alerts/:alert_id/ack); an acknowledged alert stays listed, with who and
// when, until its condition ends. Not shown at all while nothing is open. Also the opt-in button for
// browser notifications of new alerts.
import type { FloorAlert } from '@cashdesk/contract';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBoAckAlertMutation } from '../api/floor-api';
import { useNotifyChoice } from '../live/alert-notifications';
import { failureText } from '../lib/failure-text';
import { formatDateTime } from '../lib/units';

/** An alert in words: its kind as the title, the server's details as the body. */
export function useAlertText(): (alert: FloorAlert) => { title: string; body: string } {
  const { t } = useTranslation('backOffice');
  return useCallback(
    (alert: FloorAlert) => ({ title: t(`floor.alerts.kind.${alert.kind}`), body: alert.details }),
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
