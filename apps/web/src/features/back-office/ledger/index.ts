// The ledger and corrections' public entry: a venue's ledger rows (with their correction and CSV export),
// and the reconciliation of the books.
export { LedgerView } from './ledger-view';
export { ReconciliationPage } from './reconciliation-page';
