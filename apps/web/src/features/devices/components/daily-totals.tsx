// The totals header: 24-hour deposits and withdraws summed over the venue's devices. Hidden by the
// restriction disable_daily_total (the caller decides).
import { formatCents, type Device } from '@cashdesk/contract';
import { useTranslation } from 'react-i18next';

export function dailyTotals(devices: readonly Device[]): { deposit: number; withdraw: number } {
  return devices.reduce(
    (sum, d) => ({
      deposit: sum.deposit + d.summary.deposit_24h,
      withdraw: sum.withdraw + d.summary.withdraw_24h,
    }),
    { deposit: 0, withdraw: 0 },
  );
}

export function DailyTotals({ devices }: { devices: readonly Device[] }) {
  const { t } = useTranslation('devices');
  const totals = dailyTotals(devices);
  return (
    <dl className="devices-totals" aria-label={t('totals.label')}>
      <div>
        <dt>{t('totals.deposit')}</dt>
        <dd className="devices-amount--credit">{formatCents(totals.deposit)}</dd>
      </div>
      <div>
        <dt>{t('totals.withdraw')}</dt>
        <dd className="devices-amount--debit">{formatCents(totals.withdraw)}</dd>
      </div>
    </dl>
  );
}
