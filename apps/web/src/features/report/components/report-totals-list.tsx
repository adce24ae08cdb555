// The four figures of a report (docs/product.md section 2, Statistic modal): total delta, operations, income and outcome,
// in the same order and the same words wherever a report is summed.
import type { ReportTotals } from '@cashdesk/contract';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../lib/money';
import '../report.css';

export interface ReportTotalsListProps {
  totals: ReportTotals;
  currency?: string | null;
  /** Names the list for screen readers (e.g. 'Statistic result'). */
  label: string;
}

export function ReportTotalsList({ totals, currency, label }: ReportTotalsListProps) {
  const { t } = useTranslation('report');
  const figures = [
    { key: 'delta', value: formatMoney(totals.delta_cents, currency) },
    { key: 'operations', value: String(totals.operations) },
    { key: 'income', value: formatMoney(totals.income_cents, currency) },
    { key: 'outcome', value: formatMoney(totals.outcome_cents, currency) },
  ] as const;
  return (
    <section className="report-totals" aria-label={label}>
      <dl className="devices-totals report-totals__list">
        {figures.map(({ key, value }) => (
          <div key={key} className={`report-totals__figure report-totals__figure--${key}`}>
            <dt>{t(`totals.${key}`)}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
