// The Z-report of a closed shift: venue, cashier, times, counts and sums by operation type, expected,
// counted, over/short. Laid out with the receipt's classes, so it prints on 80 mm paper as the receipt.
import type { ZReport } from '@cashdesk/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../components/ui/modal';
import { formatReceiptTime } from '../../lib/date-time';
import { formatMoney } from '../../lib/money';
import { PaperPrint } from '../cash';
import './shift.css';

/** The signed difference as the report words it: over (more cash than expected), short, or balanced. */
export function differenceKey(differenceCents: number): 'over' | 'short' | 'balanced' {
  if (differenceCents > 0) return 'over';
  if (differenceCents < 0) return 'short';
  return 'balanced';
}

export function ZReportSheet({ report }: { report: ZReport }) {
  const { t } = useTranslation('shift');
  const money = (cents: number) => formatMoney(cents, report.currency);
  const difference = differenceKey(report.difference_cents);
  const rows: { label: string; value: string; main?: boolean }[] = [
    { label: t('report.venue'), value: report.venue },
    { label: t('report.cashier'), value: `${report.cashier_name} · ID ${report.cashier_id}` },
    { label: t('report.shift'), value: `#${report.id}` },
    { label: t('report.openedAt'), value: formatReceiptTime(report.opened_at) },
    { label: t('report.closedAt'), value: formatReceiptTime(report.closed_at) },
    { label: t('report.opening'), value: money(report.opening_cents) },
    { label: t('report.deposits', { count: report.deposits }), value: money(report.deposits_cents) },
    {
      label: t('report.withdraws', { count: report.withdraws }),
      value: money(report.withdrawals_cents - report.cash_outs_cents),
    },
    { label: t('report.cashOuts', { count: report.cash_outs }), value: money(report.cash_outs_cents) },
    { label: t('report.expected'), value: money(report.expected_cents), main: true },
    { label: t('report.counted'), value: money(report.counted_cents) },
    {
      label: t(`report.${difference}`),
      value: money(report.difference_cents),
      main: true,
    },
  ];
  return (
    <article className="receipt z-report" aria-label={t('report.title')}>
      <h1 className="receipt__title">{t('report.title')}</h1>
      <dl className="receipt__fields">
        {rows.map(({ label, value, main }) => (
          <div key={label} className={main ? 'receipt__field receipt__field--main' : 'receipt__field'}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </article>
  );
}

/** The Z-report on screen, with Print (80 mm) and Close. */
export function ZReportModal({ report, onClose }: { report: ZReport; onClose: () => void }) {
  const { t } = useTranslation('shift');
  const [printing, setPrinting] = useState(false);
  return (
    <Modal title={t('report.title')} onClose={onClose} className="z-report-modal">
      <div className="z-report-modal__paper">
        <ZReportSheet report={report} />
      </div>
      <div className="z-report-modal__actions">
        <button
          type="button"
          className="button--primary"
          onClick={() => setPrinting(true)}
          aria-disabled={printing}
        >
          {t('report.print')}
        </button>
        <button type="button" onClick={onClose}>
          {t('report.done')}
        </button>
      </div>
      {printing && (
        <PaperPrint onPrinted={() => setPrinting(false)}>
          <ZReportSheet report={report} />
        </PaperPrint>
      )}
    </Modal>
  );
}
