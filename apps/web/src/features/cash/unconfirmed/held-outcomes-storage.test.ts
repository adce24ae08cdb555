// The held payouts' outcomes as stored per cashier: one per operation, at most HELD_OUTCOMES_KEPT, and a
// damaged or foreign entry is never shown.
import { beforeEach, describe, expect, it } from 'vitest';
import type { HeldOutcome } from './held-outcome';
import {
  HELD_OUTCOMES_KEPT,
  outcomesKey,
  readOutcomes,
  removeOutcome,
  saveOutcome,
} from './held-outcomes-storage';

const outcome = (trx: string, over: Partial<HeldOutcome> = {}): HeldOutcome => ({
  trx,
  cashierId: 7,
  kind: 'declined',
  cashKind: 'withdraw',
  deviceId: 12,
  deviceName: 'Rocket 12',
  place: 3,
  amount: 300_00,
  currency: 'EUR',
  reason: 'no cash',
  at: 1_000,
  ...over,
});

beforeEach(() => window.localStorage.clear());

describe('held payouts outcomes in storage', () => {
  it('keeps one per operation, in the order they came, until removed', () => {
    saveOutcome(outcome('a'));
    saveOutcome(outcome('b', { kind: 'paid', paid: 300_00, reason: undefined }));
    saveOutcome(outcome('a', { at: 2_000 }));
    expect(readOutcomes(7).map((o) => [o.trx, o.at])).toEqual([
      ['b', 1_000],
      ['a', 2_000],
    ]);
    removeOutcome(7, 'b');
    expect(readOutcomes(7).map((o) => o.trx)).toEqual(['a']);
    removeOutcome(7, 'a');
    expect(window.localStorage.getItem(outcomesKey(7))).toBeNull();
  });

  it(`keeps the newest ${HELD_OUTCOMES_KEPT}, the oldest going first`, () => {
    for (let i = 0; i <= HELD_OUTCOMES_KEPT; i++) saveOutcome(outcome(`t${i}`));
    const kept = readOutcomes(7);
    expect(kept).toHaveLength(HELD_OUTCOMES_KEPT);
    expect(kept[0]?.trx).toBe('t1');
    expect(kept.at(-1)?.trx).toBe(`t${HELD_OUTCOMES_KEPT}`);
  });

  it("drops damaged entries and another cashier's, and survives a list that is not one", () => {
    // As localStorage holds it: the operation's kind under its stored name, `operation`.
    const { cashKind, ...rest } = outcome('good');
    const good = { ...rest, operation: cashKind };
    window.localStorage.setItem(
      outcomesKey(7),
      JSON.stringify([
        good,
        { ...good, trx: 'no-kind', kind: 'maybe' },
        { ...good, trx: 'cents', amount: 1.5 },
        { ...good, trx: 'refusal', kind: 'refused', refusal: { params: {} } },
        { ...good, trx: 'other', cashierId: 8 },
        null,
      ]),
    );
    expect(readOutcomes(7).map((o) => o.trx)).toEqual(['good']);
    window.localStorage.setItem(outcomesKey(7), '{"not":"a list"}');
    expect(readOutcomes(7)).toEqual([]);
    window.localStorage.setItem(outcomesKey(7), 'not json');
    expect(readOutcomes(7)).toEqual([]);
  });
});
