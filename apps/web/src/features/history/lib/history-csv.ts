// The history as a CSV file (the period, tab, device filter and order on screen): one line per operation,
// the time in ISO 8601 at the period's offset, the signed amount in the account's currency.
import { toCsv, type ReportEntry } from '@cashdesk/contract';
import { operationType, type OperationType } from './history-rows';

export const HISTORY_CSV_COLUMNS = [
  'date',
  'type',
  'amount',
  'currency',
  'deviceName',
  'deviceId',
  'player',
  'trx',
] as const;
export type HistoryCsvColumn = (typeof HISTORY_CSV_COLUMNS)[number];

export interface HistoryCsvTexts {
  /** The header's words, in the cashier's language. */
  column: (column: HistoryCsvColumn) => string;
  type: (type: OperationType) => string;
}

const MS_PER_MINUTE = 60_000;

/** "2026-03-09T23:30:00.000Z" at "+01:00" -> "2026-03-10T00:30:00+01:00" (to the second). */
export function isoAtOffset(iso: string, offset: string): string {
  const match = /^([+-])(\d{2}):(\d{2})$/.exec(offset);
  const ms = Date.parse(iso);
  if (!match || Number.isNaN(ms)) return iso;
  const minutes = (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3]));
  return `${new Date(ms + minutes * MS_PER_MINUTE).toISOString().slice(0, 19)}${offset}`;
}

export function historyCsv(rows: readonly ReportEntry[], offset: string, texts: HistoryCsvTexts): string {
  return toCsv(
    HISTORY_CSV_COLUMNS.map(texts.column),
    rows.map((row) => [
      isoAtOffset(row.created_at, offset),
      texts.type(operationType(row)),
      // What the row moved onto the place: a deposit positive, a withdraw negative.
      { cents: row.data.total_in - row.data.total_out },
      row.currency,
      row.device_name,
      row.device_id,
      row.place,
      row.trx,
    ]),
  );
}

/** cashdesk-history-2026-03-10.csv for a day, cashdesk-history-2026-03-10_2026-03-12.csv for days. */
export function historyCsvFileName(fromDate: string, toDate: string): string {
  const days = fromDate === toDate ? fromDate : `${fromDate}_${toDate}`;
  return `cashdesk-history-${days}.csv`;
}
