// Money and rates in the console's forms: typed as units ("250", "12.50", "12,50"), held as cents.
// A final-bonus rate typed as a percentage with 2 decimals is its basis points ("10" -> 1000).
import { formatCents, parseAmountToCents } from '@cashdesk/contract';

/** Cents of a typed amount, or null when it is not one (negative, 3 decimals, letters). */
export function parseUnits(text: string): number | null {
  const cleaned = text.trim().replace(',', '.');
  return cleaned === '' ? null : parseAmountToCents(cleaned);
}

export const unitsText = (cents: number): string => formatCents(cents);

/** Basis points of a typed percentage (at most 100 %, 2 decimals), or null. */
export function parsePercentToBps(text: string): number | null {
  const bps = parseUnits(text);
  return bps !== null && bps <= 10000 ? bps : null;
}

export const percentText = (bps: number): string => formatCents(bps);

/** Local date and time, YYYY-MM-DD HH:mm:ss, for tables and the audit log. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const two = (n: number) => String(n).padStart(2, '0');
  return (
    `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())} ` +
    `${two(date.getHours())}:${two(date.getMinutes())}:${two(date.getSeconds())}`
  );
}
