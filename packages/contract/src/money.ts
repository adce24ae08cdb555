// Money is an integer number of minor units (cents) everywhere; these helpers are the only conversions.

export const CENTS_PER_UNIT = 100;

export function isCents(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value);
}

/** Formats cents as units with 2 decimals: 123456 -> "1234.56", -5 -> "-0.05". */
export function formatCents(cents: number): string {
  assertCents(cents);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const units = Math.floor(abs / CENTS_PER_UNIT);
  const rest = abs % CENTS_PER_UNIT;
  return `${sign}${units}.${rest.toString().padStart(2, '0')}`;
}

/**
 * Parses a typed amount ("12", "12.5", "0.05", "12.") into cents without floating-point error.
 * Returns null for anything that is not digits with at most one point and 2 decimals.
 */
export function parseAmountToCents(text: string): number | null {
  const match = /^(\d*)(?:\.(\d{0,2}))?$/.exec(text.trim());
  if (!match || (match[1] === '' && (match[2] ?? '') === '')) return null;
  const units = match[1] === '' ? 0 : Number(match[1]);
  const fraction = Number((match[2] ?? '').padEnd(2, '0'));
  const cents = units * CENTS_PER_UNIT + fraction;
  return Number.isSafeInteger(cents) ? cents : null;
}

export function assertCents(value: number): void {
  if (!isCents(value)) throw new RangeError(`not an integer number of cents: ${value}`);
}
