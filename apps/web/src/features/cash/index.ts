// The cash feature's public entry: the cash modal of a place, the operations not confirmed yet (their
// slice, their notices and how one is made) and a place's last operations.
export { useLastPlaceOperationsQuery } from './api/cash-api';
export { CashManageModal } from './cash-manage-modal';
// The amount entry's rules, for other counts of cash (the shift's drawer count).
export { amountTextToCents, applyAmountKey, sanitizeAmountInput } from './amount';
// The 80 mm print of the receipt, for other papers of the till (the shift's Z-report).
export { PaperPrint } from './receipt';
export { PlaceUnconfirmedNotice } from './unconfirmed/unconfirmed-notice';
export { newOperation, type UnconfirmedOperation } from './unconfirmed/unconfirmed-operation';
export { UnconfirmedOperations } from './unconfirmed/unconfirmed-operations';
export { unconfirmedSlice } from './unconfirmed/unconfirmed-slice';
