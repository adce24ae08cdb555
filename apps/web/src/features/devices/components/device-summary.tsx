// A device's money of the last 24 hours and its latest deposit and withdraw (docs/product.md section 2, Devices screen).
// The restriction disable_daily_total hides the 24-hour sums here as it hides the list's totals header:
// deposit, withdraw and their delta are the same daily totals, for one device. The latest deposit and
// withdraw stay: each is one operation (the History tab lists them too), not a total.
import { formatCents, type DeviceSummary as Summary } from '@cashdesk/contract';
import { useTranslation } from 'react-i18next';
import { formatShortDate } from '../../../lib/date-time';

export interface DeviceSummaryProps {
  summary: Summary;
  /** The user holds disable_daily_total. */
  hideDailyTotals: boolean;
}

export function DeviceSummary({ summary, hideDailyTotals }: DeviceSummaryProps) {
  const { t } = useTranslation('devices');
  const latest = (move: Summary['last_deposit']) =>
    move ? (
      <>
        {formatCents(move.amount)} <span className="devices-muted">{formatShortDate(move.created_at)}</span>
      </>
    ) : (
      '—'
    );
  return (
    <dl className="device-summary">
      {!hideDailyTotals && (
        <>
          <div>
            <dt>{t('summary.deposit24h')}</dt>
            <dd>{formatCents(summary.deposit_24h)}</dd>
          </div>
          <div>
            <dt>{t('summary.withdraw24h')}</dt>
            <dd>{formatCents(summary.withdraw_24h)}</dd>
          </div>
          <div>
            <dt>{t('summary.delta24h')}</dt>
            <dd className={summary.delta_24h < 0 ? 'devices-amount--debit' : undefined}>
              {formatCents(summary.delta_24h)}
            </dd>
          </div>
        </>
      )}
      <div>
        <dt>{t('summary.lastDeposit')}</dt>
        <dd>{latest(summary.last_deposit)}</dd>
      </div>
      <div>
        <dt>{t('summary.lastWithdraw')}</dt>
        <dd>{latest(summary.last_withdraw)}</dd>
      </div>
    </dl>
  );
}
