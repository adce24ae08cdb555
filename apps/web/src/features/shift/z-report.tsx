// The shift's reports on 80 mm paper: the Z-report of a closed shift (venue, cashier, times, counts and
// sums by operation type and drawer movement, expected, counted, over/short, the counts by notes and
// coins) and the X-report, the mid-shift read of the open one (the same figures so far, never the
// expected cash: the close stays blind). Laid out with the receipt's classes, so they print as the receipt.
import type { DenominationLine, XReport, ZReport } from '@cashdesk/contract';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../components/ui/modal';
import { formatReceiptTime } from '../../lib/date-time';
import { formatMoney } from '../../lib/money';
import { PaperPrint } from '../cash';
import { addShiftTexts } from './shift-texts';
import './shift.css';

addShiftTexts();

/** The signed difference as the report words it: over (more cash than expected), short, or balanced. */
export function differenceKey(differenceCents: number): 'over' | 'short' | 'balanced' {
  if (differenceCents > 0) return 'over';
  if (differenceCents < 0) return 'short';
  return 'balanced';
}

interface Row {
  label: string;
  value: string;
  main?: boolean;
}

type T = ReturnType<typeof useTranslation<'shift'>>['t'];

function Rows({ rows }: { rows: Row[] }) {
  return (
    <dl className="receipt__fields">
      {rows.map(({ label, value, main }, index) => (
        <div key={index} className={main ? 'receipt__field receipt__field--main' : 'receipt__field'}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Section({ title, rows }: { title: string; rows: Row[] }) {
  if (rows.length === 0) return null;
  return (
    <section className="shift-report__section">
      <h2 className="shift-report__heading">{title}</h2>
      <Rows rows={rows} />
    </section>
  );
}

/** Who, when it opened, and what moved: the lines both reports share. */
function figureRows(report: XReport | ZReport, t: T): Row[] {
  return [
    { label: t('report.venue'), value: report.venue },
    { label: t('report.cashier'), value: `${report.cashier_name} · ID ${report.cashier_id}` },
    { label: t('report.shift'), value: `#${report.id}` },
    { label: t('report.openedAt'), value: formatReceiptTime(report.opened_at) },
  ];
}

function moneyRows(report: XReport | ZReport, t: T, money: (cents: number) => string): Row[] {
  return [
    { label: t('report.opening'), value: money(report.opening_cents) },
    { label: t('report.deposits', { count: report.deposits }), value: money(report.deposits_cents) },
    {
      label: t('report.withdraws', { count: report.withdraws }),
      value: money(report.withdrawals_cents - report.cash_outs_cents),
    },
    { label: t('report.cashOuts', { count: report.cash_outs }), value: money(report.cash_outs_cents) },
    { label: t('report.drops', { count: report.drops }), value: money(report.drops_cents) },
    { label: t('report.paidIns', { count: report.paid_ins }), value: money(report.paid_in_cents) },
    { label: t('report.paidOuts', { count: report.paid_outs }), value: money(report.paid_out_cents) },
  ];
}

/** A count's notes and coins that were there (a line of 0 is left out). */
function countRows(count: DenominationLine[] | null, money: (cents: number) => string): Row[] {
  return (count ?? [])
    .filter((line) => line.quantity > 0)
    .map((line) => ({
      label: `${money(line.value_cents)} × ${line.quantity}`,
      value: money(line.value_cents * line.quantity),
    }));
}

function movementRows(report: XReport | ZReport, t: T, money: (cents: number) => string): Row[] {
  return report.movements.map((m) => ({
    label: [t(`report.kind.${m.kind}`), formatReceiptTime(m.created_at), m.reason]
      .filter(Boolean)
      .join(' · '),
    value: money(m.amount),
  }));
}

function Sheet({ title, children }: { title: string; children: ReactNode }) {
  return (
    <article className="receipt z-report" aria-label={title}>
      <h1 className="receipt__title">{title}</h1>
      {children}
    </article>
  );
}

export function ZReportSheet({ report }: { report: ZReport }) {
  const { t } = useTranslation('shift');
  const money = (cents: number) => formatMoney(cents, report.currency);
  const difference = differenceKey(report.difference_cents);
  return (
    <Sheet title={t('report.title')}>
      <Rows
        rows={[
          ...figureRows(report, t),
          { label: t('report.closedAt'), value: formatReceiptTime(report.closed_at) },
          ...moneyRows(report, t, money),
          { label: t('report.expected'), value: money(report.expected_cents), main: true },
          { label: t('report.counted'), value: money(report.counted_cents) },
          { label: t(`report.${difference}`), value: money(report.difference_cents), main: true },
        ]}
      />
      <Section title={t('report.movements')} rows={movementRows(report, t, money)} />
      <Section title={t('report.openingCount')} rows={countRows(report.opening_count, money)} />
      <Section title={t('report.closingCount')} rows={countRows(report.closing_count, money)} />
    </Sheet>
  );
}

export function XReportSheet({ report }: { report: XReport }) {
  const { t } = useTranslation('shift');
  const money = (cents: number) => formatMoney(cents, report.currency);
  return (
    <Sheet title={t('report.xTitle')}>
      <Rows
        rows={[
          ...figureRows(report, t),
          { label: t('report.madeAt'), value: formatReceiptTime(report.made_at) },
          ...moneyRows(report, t, money),
        ]}
      />
      <Section title={t('report.movements')} rows={movementRows(report, t, money)} />
      <Section title={t('report.openingCount')} rows={countRows(report.opening_count, money)} />
      <p className="shift-report__note">{t('report.midShift')}</p>
    </Sheet>
  );
}

/**
 * A paper of the till on screen, with Print (80 mm) and a way out: the Z-report, the X-report, a
 * receipt's copy. `sheet` is drawn twice: on screen and, while printing, alone on the paper.
 */
export function PaperView({
  sheet,
  onDone,
  doneLabel,
}: {
  sheet: ReactNode;
  onDone: () => void;
  doneLabel: string;
}) {
  const { t } = useTranslation('shift');
  const [printing, setPrinting] = useState(false);
  return (
    <>
      <div className="z-report-modal__paper">{sheet}</div>
      <div className="z-report-modal__actions">
        <button
          type="button"
          className="button--primary"
          onClick={() => setPrinting(true)}
          aria-disabled={printing}
        >
          {t('report.print')}
        </button>
        <button type="button" onClick={onDone}>
          {doneLabel}
        </button>
      </div>
      {printing && <PaperPrint onPrinted={() => setPrinting(false)}>{sheet}</PaperPrint>}
    </>
  );
}

/** The Z-report on screen, with Print (80 mm) and Close. */
export function ZReportModal({ report, onClose }: { report: ZReport; onClose: () => void }) {
  const { t } = useTranslation('shift');
  return (
    <Modal title={t('report.title')} onClose={onClose} className="z-report-modal">
      <PaperView sheet={<ZReportSheet report={report} />} onDone={onClose} doneLabel={t('report.done')} />
    </Modal>
  );
}
