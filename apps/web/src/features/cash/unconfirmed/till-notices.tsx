// What the till shows of its own above every signed-in screen, a deferred part (components/ui/deferred-part
// .tsx) loaded only once there is something: the operations not confirmed yet (after a reload no device is
// open, and a remote device cannot be opened without its PIN, yet the cashier must still see what is
// pending), the payouts held for a manager and how they ended (held-payouts.tsx), and the receipt of an
// operation confirmed later. unconfirmed-operations.tsx, in the first load, runs the resends.
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import i18n from '../../../i18n/i18n';
import unconfirmedNoticeTexts from '../../../i18n/locales/en/unconfirmed-notice.json';
import { addPartTexts } from '../../../i18n/part-resources';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { ReceiptPrint } from '../receipt';
import { HeldPayouts } from './held-payouts';
import { UnconfirmedNotice } from './unconfirmed-notice';
import { isShownUnconfirmed, receiptPrinted } from './unconfirmed-slice';

// Its English texts come with this chunk, in before its first render (i18n/part-resources.ts).
addPartTexts(i18n, 'cash', unconfirmedNoticeTexts);

export function TillNotices() {
  const { t } = useTranslation('cash');
  const dispatch = useAppDispatch();
  const titleId = useId();
  const operations = useAppSelector((s) => s.unconfirmed.operations);
  const sending = useAppSelector((s) => s.unconfirmed.sending);
  const receipt = useAppSelector((s) => s.unconfirmed.receipts[0]);
  const shown = operations.filter((op) => isShownUnconfirmed(op, sending.includes(op.trx)));
  // A payout held for a manager stays in the payouts' list, whatever its last attempt met.
  const unconfirmed = shown.filter((op) => op.approvalId === undefined);
  const held = shown.filter((op) => op.approvalId !== undefined);

  return (
    <>
      {unconfirmed.length > 0 && (
        <section className="unconfirmed-list" aria-labelledby={titleId}>
          {/* Not a heading: it comes before the screen's own h1. */}
          <p id={titleId} className="unconfirmed-list__title">
            {t('unconfirmed.bannerTitle')}
          </p>
          <ul>
            {unconfirmed.map((op) => (
              <li key={op.trx}>
                <UnconfirmedNotice operation={op} at="venue" />
              </li>
            ))}
          </ul>
        </section>
      )}
      <HeldPayouts waiting={held} />
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
