// The CSV export of ledger rows: one header line, amounts in currency units ("-12.50"), times in UTC.
// Text a person typed (names, reasons) is defused against spreadsheet formulas; numbers are left as
// numbers, so a negative amount stays a number.
import { formatCents, type LedgerRow } from '@cashdesk/contract';
import { stringify } from 'csv-stringify/sync';

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

/** OWASP's advice for CSV injection: a cell a spreadsheet would read as a formula starts with a quote. */
export function defuseFormula(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

const text = (value: string | null) => (value === null ? '' : defuseFormula(value));
const int = (value: number | null) => (value === null ? '' : String(value));
const units = (cents: number | null) => (cents === null ? '' : formatCents(cents));

export function ledgerCsv(rows: readonly LedgerRow[], currency: string): string {
  return stringify([
    HEADER,
    ...rows.map((r) => [
      int(r.id),
      r.created_at,
      text(r.trx),
      r.kind,
      r.line,
      int(r.tx_type),
      int(r.device_id),
      text(r.device_name),
      int(r.place),
      int(r.user_id),
      text(r.user_name),
      units(r.amount),
      units(r.balance_after),
      currency,
      text(r.reason),
    ]),
  ]);
}
