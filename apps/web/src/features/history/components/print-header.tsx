// The head of the printed report (paper only): title, period, GMT offset, cashier, when the report was
// generated, and what it is filtered to.
import { useTranslation } from 'react-i18next';
import { type ReportRange, formatPeriod, offsetLabel } from '../../report';

export interface PrintHeaderProps {
  range: ReportRange;
  cashier: string;
  /** When the server answered the report shown, DD.MM.YYYY HH:mm:ss local. */
  generatedAt: string;
  /** The type tab and device chosen, in words. */
  filter: string;
}

export function PrintHeader({ range, cashier, generatedAt, filter }: PrintHeaderProps) {
  const { t } = useTranslation('history');
  const lines = [
    { key: 'period', value: formatPeriod(range) },
    { key: 'offset', value: offsetLabel(range.offset) },
    { key: 'cashier', value: cashier },
    { key: 'generated', value: generatedAt },
    { key: 'filter', value: filter },
  ] as const;
  return (
    <header className="history-print-header">
      <h2 className="history-print-header__title">{t('print.title')}</h2>
      <dl className="history-print-header__lines">
        {lines.map(({ key, value }) => (
          <div key={key}>
            <dt>{t(`print.${key}`)}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </header>
  );
}
