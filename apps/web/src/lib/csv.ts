// A CSV file a spreadsheet opens as the cashier expects: a header line, text cells defused against
// formulas and quoted when they must be, money as units with a dot from integer cents, a UTF-8 BOM.
// The rules mirror the back office's ledger export (apps/server/src/back-office/ledger/ledger-csv.ts,
// which uses csv-stringify): OWASP's defusing of text only, so a negative amount stays a number;
// a field quoted when it holds a comma, a quote or a line break, its quotes doubled; "\n" after each line.
import { formatCents } from '@cashdesk/contract';

/** Text (defused and quoted as needed), an integer written as is, or money in cents written as units. */
export type CsvCell = string | number | { cents: number };

/** Tells spreadsheet programs (Excel above all) that the file is UTF-8, so "Depósito" reads right. */
export const UTF8_BOM = '\uFEFF';

/** OWASP's advice for CSV injection: a cell a spreadsheet would read as a formula starts with a quote. */
export function defuseFormula(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

function quote(field: string): string {
  return /[",\r\n]/.test(field) ? `"${field.replaceAll('"', '""')}"` : field;
}

function field(cell: CsvCell): string {
  if (typeof cell === 'string') return quote(defuseFormula(cell));
  if (typeof cell === 'number') {
    if (!Number.isSafeInteger(cell)) throw new RangeError(`csv: not an integer: ${cell}`);
    return String(cell);
  }
  return formatCents(cell.cents); // throws on anything but integer cents
}

/** The file's text, BOM first: `header` then one line per row. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  const lines = [header, ...rows].map((cells) => cells.map(field).join(','));
  return `${UTF8_BOM}${lines.map((line) => `${line}\n`).join('')}`;
}
