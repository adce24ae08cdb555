// The one CSV writer of the product: the cashier's history and the back office's daily report in the
// browser, and on the server the ledger export (apps/server/src/back-office/ledger/ledger-csv.ts) and
// `cashdesk report:daily --csv` (apps/server/src/cli/commands/reports.ts). A file a spreadsheet opens as
// the reader expects: text cells defused against formulas (OWASP's advice, text only, so a negative
// amount stays a number) and quoted when they must be, money as units with a dot from integer cents;
// a field quoted when it holds a comma, a quote or a line break, its quotes doubled; "\n" after each line.
import { formatCents } from './money.js';

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

/** One line per row, each ending in "\n", no BOM (the server's files have none); an empty row is a blank line. */
export function csvLines(rows: readonly (readonly CsvCell[])[]): string {
  return rows.map((cells) => `${cells.map(field).join(',')}\n`).join('');
}

/** The file's text as the browser downloads it, BOM first: `header` then one line per row. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return `${UTF8_BOM}${csvLines([header, ...rows])}`;
}
