// The receipt of a cash operation (docs/product.md section 3) and its printing on an 80 mm thermal printer.
// <ReceiptPrint> puts the receipt into document.body, prints it with window.print() once it is laid
// out, and reports when printing is over; receipt.css shows only the receipt on paper.
import { useEffect, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { formatReceiptTime } from '../../lib/date-time';
import { formatMoney } from '../../lib/money';
import type { ReceiptData } from './receipt-data';
import './receipt.css';

export const PRINTING_CLASS = 'printing-receipt';
const MM_PER_PX = 25.4 / 96;
/** A tall page when the receipt could not be measured; the printer cuts after the content anyway. */
const FALLBACK_PAGE_HEIGHT_MM = 297;
/** How long to wait for 'afterprint' in browsers whose print() returns before the dialog closes. */
const PRINT_SETTLE_MS = 1000;

interface ReceiptRow {
  label: string;
  value: string;
  /** The amount stands out: it is what the customer checks. */
  main?: boolean;
  /** A long id (trx, uuid): printed whole on its own line under its label. */
  long?: boolean;
}

export function Receipt({ receipt }: { receipt: ReceiptData }) {
  const { t } = useTranslation('cash');
  const rows: ReceiptRow[] = [
    // A short number on its line; the trx (when the number is short) printed whole under its label.
    { label: t('receipt.receiptNumber'), value: receipt.receiptNumber, long: receipt.trx === null },
  ];
  if (receipt.trx !== null) rows.push({ label: t('receipt.trx'), value: receipt.trx, long: true });
  rows.push(
    { label: t('receipt.cashier'), value: receipt.cashier },
    { label: t('receipt.device'), value: `${receipt.deviceName} · ID ${receipt.deviceId}` },
  );
  if (receipt.remote) {
    rows.push({
      label: t('receipt.deviceUuid'),
      value: receipt.deviceUuid ?? t('receipt.mobile'),
      long: true,
    });
  }
  rows.push(
    { label: t('receipt.playerId'), value: String(receipt.playerId) },
    {
      label: t(receipt.kind === 'deposit' ? 'receipt.timeOfDeposit' : 'receipt.operationTime'),
      value: formatReceiptTime(receipt.operationTime),
    },
  );
  if (receipt.burned_final_bonus_cents > 0) {
    rows.push({
      label: t('receipt.burnedBonus'),
      value: formatMoney(receipt.burned_final_bonus_cents, receipt.currency),
    });
  }
  rows.push({
    label: t('receipt.amount'),
    value: formatMoney(receipt.amount_cents, receipt.currency),
    main: true,
  });
  const title = t(`receipt.title.${receipt.kind}`);
  return (
    <article className="receipt" aria-label={title}>
      {receipt.venue && <p className="receipt__venue">{receipt.venue}</p>}
      <h1 className="receipt__title">{title}</h1>
      <dl className="receipt__fields">
        {rows.map(({ label, value, main, long }) => (
          <div
            key={label}
            className={['receipt__field', main && 'receipt__field--main', long && 'receipt__field--long']
              .filter(Boolean)
              .join(' ')}
          >
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </article>
  );
}

/** The page rule for this receipt: 80 mm wide and as tall as the receipt, no margins. */
function pageRule(height_mm: number): string {
  return `@page { size: 80mm ${Math.ceil(height_mm)}mm; margin: 0; }`;
}

export function ReceiptPrint({ receipt, onPrinted }: { receipt: ReceiptData; onPrinted: () => void }) {
  return (
    <PaperPrint onPrinted={onPrinted}>
      <Receipt receipt={receipt} />
    </PaperPrint>
  );
}

/**
 * Prints `children` alone on 80 mm receipt paper (the shift's Z-report uses it too): lays them out
 * off-screen, sizes the page to them, calls window.print() and reports when printing is over. Style the
 * content with receipt.css's `.receipt` classes.
 */
export function PaperPrint({ children, onPrinted }: { children: ReactNode; onPrinted: () => void }) {
  const rootRef = useRef<HTMLDivElement>(null);
  const onPrintedRef = useRef(onPrinted);
  useEffect(() => {
    onPrintedRef.current = onPrinted;
  });

  useEffect(() => {
    let finished = false;
    let settle: ReturnType<typeof setTimeout> | undefined;
    const finish = () => {
      if (finished) return;
      finished = true;
      onPrintedRef.current();
    };
    // The page rule lives only while this receipt does: other pages of the app print on their own paper.
    const pageStyle = document.createElement('style');
    pageStyle.dataset.receiptPage = '';
    document.head.append(pageStyle);
    document.body.classList.add(PRINTING_CLASS);
    window.addEventListener('afterprint', finish);
    // Deferred one task: the receipt is in the document and laid out, and a StrictMode remount (which
    // clears this timer) cannot print twice.
    const start = setTimeout(() => {
      // `size: 80mm auto` is not valid CSS (browsers drop it), so the page height is measured.
      const height_px = rootRef.current?.getBoundingClientRect().height ?? 0;
      pageStyle.textContent = pageRule(height_px > 0 ? height_px * MM_PER_PX : FALLBACK_PAGE_HEIGHT_MM);
      try {
        window.print();
      } finally {
        // print() blocks in most browsers ('afterprint' has come already); others snapshot the page here.
        settle = setTimeout(finish, PRINT_SETTLE_MS);
      }
    }, 0);
    return () => {
      clearTimeout(start);
      clearTimeout(settle);
      window.removeEventListener('afterprint', finish);
      document.body.classList.remove(PRINTING_CLASS);
      pageStyle.remove();
    };
  }, []);

  return createPortal(
    <div ref={rootRef} className="receipt-print">
      {children}
    </div>,
    document.body,
  );
}
