// The cash feature's public entry: the cash modal of a place, the operations not confirmed yet (their
// slice, their notices and how one is made) and a place's last operations.
import type { ComponentProps } from 'react';
import { deferredPart } from '../../components/ui/deferred-part';
import type { CashManageModal as CashManageModalNow } from './cash-manage-modal';
import type { PaperPrint as PaperPrintNow, Receipt as ReceiptNow } from './receipt';
import type { PlaceUnconfirmedNotice as PlaceUnconfirmedNoticeNow } from './unconfirmed/unconfirmed-notice';

export { useLastPlaceOperationsQuery } from './api/cash-api';
/**
 * The cash modal, a chunk of its own (cash-manage-modal.tsx and what only it uses): opened by a click, it
 * stays out of the devices screen's first load; app/signed-in.tsx preloads it at idle.
 */
export const CashManageModal = /* @__PURE__ */ deferredPart<ComponentProps<typeof CashManageModalNow>>(() =>
  import('./cash-manage-modal').then((module) => module.CashManageModal),
);
// The amount entry's rules, for other counts of cash (the shift's drawer count).
export { amountInputProps, amountTextToCents, applyAmountKey, sanitizeAmountInput } from './amount';
/**
 * The 80 mm print of the receipt, for other papers of the till (the shift's Z-report), and the receipt
 * itself with the data of a copy (the till's Reprint last receipt): a chunk of their own, which only
 * printing (or a copy) needs, so neither is in the devices screen's first load.
 */
export const PaperPrint = /* @__PURE__ */ deferredPart<ComponentProps<typeof PaperPrintNow>>(() =>
  import('./receipt').then((module) => module.PaperPrint),
);
export const Receipt = /* @__PURE__ */ deferredPart<ComponentProps<typeof ReceiptNow>>(() =>
  import('./receipt').then((module) => module.Receipt),
);
export { receiptOfCopy } from './receipt-copy';
/** The player a cash call is for, as the players feature hands them to the cash modal. */
export type { CashPlayer } from './cash-player';
/** A place's unconfirmed operation, shown at the place (the Players tab, itself a deferred part). */
export const PlaceUnconfirmedNotice = /* @__PURE__ */ deferredPart<
  ComponentProps<typeof PlaceUnconfirmedNoticeNow>
>(() => import('./unconfirmed/unconfirmed-notice').then((module) => module.PlaceUnconfirmedNotice));
export { newOperation, type UnconfirmedOperation } from './unconfirmed/unconfirmed-operation';
export { TillNotices, UnconfirmedOperations } from './unconfirmed/unconfirmed-operations';
export { unconfirmedSlice } from './unconfirmed/unconfirmed-slice';
