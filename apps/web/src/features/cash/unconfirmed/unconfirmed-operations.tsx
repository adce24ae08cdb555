// The signed-in frame's part of unconfirmed cash operations: runs their resends, lists them on every
// screen (after a reload no device is open, and a remote device cannot be opened without its PIN, yet
// the cashier must still see what is pending), and prints the receipt of one confirmed later.
import { useId, type ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { deferredPart } from '../../../components/ui/deferred-part';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import type { ReceiptPrint as ReceiptPrintNow } from '../receipt';
import { UnconfirmedNotice } from './unconfirmed-notice';
import { isShownUnconfirmed, receiptPrinted } from './unconfirmed-slice';
import { useUnconfirmedResend } from './use-unconfirmed-resend';

/**
 * The receipt of an operation confirmed later, a chunk of its own (shared with the cash modal's): only
 * such a confirmation prints it, so it stays out of the devices screen's first load.
 */
const ReceiptPrint = /* @__PURE__ */ deferredPart<ComponentProps<typeof ReceiptPrintNow>>(() =>
  import('../receipt').then((module) => module.ReceiptPrint),
);

export function UnconfirmedOperations({ cashierId }: { cashierId: number | undefined }) {
  const { t } = useTranslation('cash');
  const dispatch = useAppDispatch();
  const titleId = useId();
  useUnconfirmedResend(cashierId);
  const operations = useAppSelector((s) => s.unconfirmed.operations);
  const sending = useAppSelector((s) => s.unconfirmed.sending);
  const receipt = useAppSelector((s) => s.unconfirmed.receipts[0]);
  const shown = operations.filter((op) => isShownUnconfirmed(op, sending.includes(op.trx)));

  return (
    <>
      {shown.length > 0 && (
        <section className="unconfirmed-list" aria-labelledby={titleId}>
          {/* Not a heading: it comes before the screen's own h1. */}
          <p id={titleId} className="unconfirmed-list__title">
            {t('unconfirmed.bannerTitle')}
          </p>
          <ul>
            {shown.map((op) => (
              <li key={op.trx}>
                <UnconfirmedNotice operation={op} at="venue" />
              </li>
            ))}
          </ul>
        </section>
      )}
      {receipt && (
        <ReceiptPrint
          key={receipt.receiptNumber}
          receipt={receipt}
          onPrinted={() => dispatch(receiptPrinted())}
        />
      )}
    </>
  );
}
