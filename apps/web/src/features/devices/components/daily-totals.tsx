// The totals header: the venue's 24-hour deposits and withdraws, as the server sums them over every device
// of the venue, home-play phones included (GET /a/cashier/daily_totals; the list's rows hold cabinets only,
// so their sum left the phones out and disagreed with History and Statistic). Hidden by
// the restriction disable_daily_total (the caller decides). Polled like the list; nothing while unknown.
import { formatCents } from '@cashdesk/contract';
import { useTranslation } from 'react-i18next';
import { REFETCH_ON_OPEN_OLDER_THAN_S } from '../../../api/base-api';
import { usePollInterval } from '../../live-updates';
import { useDailyTotalsQuery } from '../api/devices-api';

export function DailyTotals() {
  const { t } = useTranslation('devices');
  const { data: totals } = useDailyTotalsQuery(undefined, {
    refetchOnMountOrArgChange: REFETCH_ON_OPEN_OLDER_THAN_S,
    pollingInterval: usePollInterval(),
    selectFromResult: ({ data }) => ({ data }),
  });
  if (!totals) return null;
  return (
    <dl className="devices-totals" aria-label={t('totals.label')}>
      <div>
        <dt>{t('totals.deposit')}</dt>
        <dd className="devices-amount--credit">{formatCents(totals.deposit_24h)}</dd>
      </div>
      <div>
        <dt>{t('totals.withdraw')}</dt>
        <dd className="devices-amount--debit">{formatCents(totals.withdraw_24h)}</dd>
      </div>
    </dl>
  );
}
