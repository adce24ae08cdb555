// The CSV export of ledger rows: one header line, amounts in currency units ("-12.50"), times in UTC.
// Text a person typed (names, reasons) is defused against spreadsheet formulas; numbers are left as
// numbers, so a negative amount stays a number. The writer is the contract's (packages/contract/src/csv.ts),
// the one the browser's files use; a missing value is an empty cell.
import { csvLines, type LedgerRow } from '@cashdesk/contract';

const HEADER = [
  'id',
  'created_at',
  'trx',
  'kind',
  'line',
  'tx_type',
  'device_id',
  'device_name',
  'place',
  'user_id',
  'user_name',
  'amount',
  'balance_after',
  'currency',
  'reason',
];

const orEmpty = <T>(value: T | null) => value ?? '';
const units = (cents: number | null) => (cents === null ? '' : { cents });

export function ledgerCsv(rows: readonly LedgerRow[], currency: string): string {
  return csvLines([
    HEADER,
    ...rows.map((r) => [
      orEmpty(r.id),
      r.created_at,
      orEmpty(r.trx),
      r.kind,
      r.line,
      orEmpty(r.tx_type),
      orEmpty(r.device_id),
      orEmpty(r.device_name),
      orEmpty(r.place),
      orEmpty(r.user_id),
      orEmpty(r.user_name),
      units(r.amount),
      units(r.balance_after),
      currency,
      orEmpty(r.reason),
    ]),
  ]);
}
