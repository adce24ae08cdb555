// The notes and coins a drawer is counted in (docs/product.md section 17): each currency's, in cents,
// largest first. A venue whose currency is not listed counts in the euro's (the project's default
// currency; its 1-2-5 series adds up any amount of cents).

export interface Denominations {
  notes: readonly number[];
  coins: readonly number[];
}

const EUR: Denominations = {
  notes: [500_00, 200_00, 100_00, 50_00, 20_00, 10_00, 5_00],
  coins: [2_00, 1_00, 50, 20, 10, 5, 2, 1],
};

/**
 * One entry per value: where a currency has a note and a coin of one value (the US dollar), they are
 * counted together, as a note.
 */
export const DENOMINATIONS: Readonly<Record<string, Denominations>> = {
  EUR,
  USD: { notes: [100_00, 50_00, 20_00, 10_00, 5_00, 2_00, 1_00], coins: [50, 25, 10, 5, 1] },
  GBP: { notes: [50_00, 20_00, 10_00, 5_00], coins: [2_00, 1_00, 50, 20, 10, 5, 2, 1] },
  BRL: { notes: [200_00, 100_00, 50_00, 20_00, 10_00, 5_00, 2_00], coins: [1_00, 50, 25, 10, 5] },
  MXN: {
    notes: [1000_00, 500_00, 200_00, 100_00, 50_00, 20_00],
    coins: [10_00, 5_00, 2_00, 1_00, 50, 20, 10],
  },
};

/** The notes and coins of a currency (the euro's for one not listed). */
export function denominationsOf(currency: string): Denominations {
  return DENOMINATIONS[currency] ?? EUR;
}

/** Every value of a currency, notes then coins, largest first. */
export function denominationValues(currency: string): number[] {
  const { notes, coins } = denominationsOf(currency);
  return [...notes, ...coins];
}

/** The most of one note or coin a count may hold: far past any drawer, well inside the safe range. */
export const MAX_DENOMINATION_QUANTITY = 1_000_000;

/** The cash a count holds: the sum of value times quantity, in cents. */
export function countTotalCents(count: readonly { value_cents: number; quantity: number }[]): number {
  return count.reduce((total, line) => total + line.value_cents * line.quantity, 0);
}
