// Model test of the ledger: random sequences of cash calls by two cashiers, back-office float moves, game
// events, replays and changed payloads under earlier trx, against a pure model in integer cents. The
// commands are drawn relative to the state (a share of the entries, the float's exact headroom, one
// cent past it), so the runs reach what matters: withdraws, partial withdraws that burn a final bonus,
// both sides of every limit, conflicts and replays. Counters prove it: each kind of step must have
// happened a minimum number of times across the runs, or the test fails.
import { ERR, TX_TYPE } from '@cashdesk/contract';
import fc from 'fast-check';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/database.js';
import { ApiError } from '../../src/http/api-error.js';
import type { Outcome } from '../../src/ledger/outcome.js';
import { LedgerService } from '../../src/ledger/ledger.service.js';
import { verifyLedger } from '../../src/ledger/verify.js';
import { testDatabases } from '../helpers/databases.js';
import { createLinkedDevice, createTestUser, createVenue } from '../helpers/factories.js';

const PLACES = 2;
const RATE_BPS = 1000;
/** The float starts with exactly max_amount of headroom, so the overdraft edge is one deposit away. */
const LIMITS = { float: 200_00, overdraft: 100_00, min: 1_00, max: 300_00 };

// ---- commands: what to do, sized against the state when it runs ---------------------------------------

type Share = number; // 1..99: a percentage of whatever the size is taken from
type Command =
  | {
      op: 'deposit';
      cashier: 0 | 1;
      place: number;
      size: 'share' | 'headroom' | 'pastHeadroom' | 'belowMin' | 'max' | 'pastMax';
      share: Share;
    }
  | {
      op: 'withdraw';
      cashier: 0 | 1;
      place: number;
      size: 'share' | 'all' | 'pastEntries' | 'belowMin';
      share: Share;
    }
  | { op: 'bet'; place: number; type: 3 | 14; size: 'share' | 'pastEntries'; share: Share }
  | { op: 'win'; place: number; type: 2 | 4 | 11; amount: number }
  | { op: 'finalBonus'; place: number; size: 'share' | 'all' | 'pastBonus'; share: Share }
  | { op: 'cancel'; place: number; right: boolean }
  | { op: 'float'; size: 'topUp' | 'share' | 'limit' | 'pastLimit'; share: Share }
  | { op: 'replay'; index: number }
  | { op: 'conflict'; index: number }
  | { op: 'otherCashier'; index: number };

const place = fc.integer({ min: 1, max: PLACES });
const share = fc.integer({ min: 1, max: 99 });
const cashier = fc.constantFrom<0 | 1>(0, 1);

const command: fc.Arbitrary<Command> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      op: fc.constant('deposit' as const),
      cashier,
      place,
      size: fc.constantFrom(
        'share',
        'share',
        'share',
        'headroom',
        'pastHeadroom',
        'belowMin',
        'max',
        'pastMax',
      ),
      share,
    }),
  },
  {
    weight: 5,
    arbitrary: fc.record({
      op: fc.constant('withdraw' as const),
      cashier,
      place,
      size: fc.constantFrom('share', 'share', 'share', 'all', 'all', 'pastEntries', 'belowMin'),
      share,
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      op: fc.constant('bet' as const),
      place,
      type: fc.constantFrom<3 | 14>(3, 3, 3, 14),
      size: fc.constantFrom('share', 'share', 'share', 'pastEntries'),
      share,
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      op: fc.constant('win' as const),
      place,
      type: fc.constantFrom<2 | 4 | 11>(2, 2, 4, 11),
      amount: fc.integer({ min: 1, max: 50_00 }),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      op: fc.constant('finalBonus' as const),
      place,
      size: fc.constantFrom('share', 'all', 'pastBonus'),
      share,
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      op: fc.constant('cancel' as const),
      place,
      right: fc.constantFrom(true, true, true, false),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      op: fc.constant('float' as const),
      size: fc.constantFrom('topUp', 'topUp', 'share', 'limit', 'limit', 'pastLimit', 'pastLimit'),
      share,
    }),
  },
  { weight: 3, arbitrary: fc.record({ op: fc.constant('replay' as const), index: fc.nat() }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('conflict' as const), index: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('otherCashier' as const), index: fc.nat() }) },
);

/** Every run starts with money and a final bonus on both places, so withdraws have something to burn. */
const PRELUDE: Command[] = [1, 2].flatMap((placeNo): Command[] => [
  { op: 'deposit', cashier: 0, place: placeNo, size: 'share', share: 50 },
  { op: 'bet', place: placeNo, type: 3, size: 'share', share: 20 },
]);

// ---- the model ----------------------------------------------------------------------------------------

interface Model {
  float: number;
  places: { entries: number; fb: number }[];
  /** The last applied game event per place: a cancel must follow its bet. */
  lastEvent: ({ type: number; amount: number } | null)[];
  /** Sums of the lines without a stored balance. */
  external: number;
  promotion: number;
  game: number;
}

type Expected = { status: number; body?: Record<string, unknown> };

function modelCash(m: Model, placeNo: number, delta: number): Expected {
  const p = m.places[placeNo - 1]!;
  const magnitude = Math.abs(delta);
  if (magnitude < LIMITS.min) return { status: 422, body: { err: ERR.minAmount, min_amount: LIMITS.min } };
  if (magnitude > LIMITS.max) return { status: 422, body: { err: ERR.maxAmount, max_amount: LIMITS.max } };
  if (delta > 0 && m.float - delta < -LIMITS.overdraft)
    return { status: 409, body: { err: ERR.overdraft, balance: m.float, overdraft: LIMITS.overdraft } };
  if (delta < 0 && magnitude > p.entries) return { status: 422, body: { err: ERR.notEnoughMoney } };
  const burned = delta < 0 ? p.fb : 0;
  m.float -= delta;
  p.entries += delta;
  p.fb -= burned;
  m.promotion += burned;
  return {
    status: 200,
    body: {
      delta,
      balances: { entries: p.entries, final_bonus: p.fb },
      burned_final_bonus: burned,
      float_balance: m.float,
    },
  };
}

function modelEvent(m: Model, placeNo: number, type: number, amount: number): Expected {
  const p = m.places[placeNo - 1]!;
  const invalidCancel = { status: 400, body: { err: ERR.validation } };
  if (type === TX_TYPE.pay || type === TX_TYPE.luckyBet) {
    if (amount > p.entries) return { status: 422, body: { err: ERR.notEnoughMoney } };
    const accrual = type === TX_TYPE.pay ? Math.floor((amount * RATE_BPS) / 10000) : 0;
    p.entries -= amount;
    p.fb += accrual;
    m.game += amount;
    m.promotion -= accrual;
  } else if (type === TX_TYPE.finalBonus) {
    if (amount > p.fb) return { status: 422, body: { err: ERR.notEnoughMoney } };
    p.fb -= amount;
    p.entries += amount;
  } else if (type === TX_TYPE.cancelPay || type === TX_TYPE.cancelledLuckyBet) {
    const bet = type === TX_TYPE.cancelPay ? TX_TYPE.pay : TX_TYPE.luckyBet;
    const last = m.lastEvent[placeNo - 1];
    if (!last || last.type !== bet || last.amount !== amount) return invalidCancel;
    const undo = bet === TX_TYPE.pay ? Math.min(p.fb, Math.floor((amount * RATE_BPS) / 10000)) : 0;
    p.entries += amount;
    p.fb -= undo;
    m.game -= amount;
    m.promotion += undo;
  } else {
    p.entries += amount;
    m.game -= amount;
  }
  m.lastEvent[placeNo - 1] = { type, amount };
  return { status: 200, body: { balances: { entries: p.entries, final_bonus: p.fb } } };
}

function modelFloat(m: Model, delta: number): Expected {
  const balance = m.float + delta;
  if (balance < -LIMITS.overdraft)
    return { status: 409, body: { err: ERR.overdraft, balance: m.float, overdraft: LIMITS.overdraft } };
  m.float = balance;
  m.external -= delta;
  return { status: 200, body: { delta, balance } };
}

// ---- what the runs reached ------------------------------------------------------------------------------

const CATEGORIES = [
  'deposit',
  'deposit to the overdraft edge exactly',
  'deposit one cent past the overdraft',
  'deposit refused for the overdraft',
  'withdraw',
  'partial withdraw',
  'partial withdraw burning a final bonus',
  'cash-out burning a final bonus',
  'withdraw refused: not enough money',
  'refused below min amount',
  'refused above max amount',
  'bet accruing a final bonus',
  'bet refused: not enough money',
  'final bonus paid out',
  'final bonus refused: more than accrued',
  'cancel of the last bet',
  'cancel refused',
  'win or jackpot',
  'float move',
  'float withdraw to the limit exactly',
  'float withdraw one cent past the limit',
  'replay answered from the store',
  'replay of a refusal',
  'replay after the balances moved',
  'changed payload refused as trx conflict',
  'same trx from the other cashier booked on its own',
] as const;
type Category = (typeof CATEGORIES)[number];

/**
 * How often each kind of step happens per run, at the least: about 0.8 times the lowest rate seen in
 * five 50-run samples. The test asks for a quarter of the count this predicts, for each kind predicted
 * at least 10 times in the runs of a database (every kind with SQLite's 50 runs; the commoner ones with
 * PostgreSQL's 20): a shortfall that large does not happen by chance.
 */
const PER_RUN: Record<Category, number> = {
  deposit: 2.5,
  'deposit to the overdraft edge exactly': 0.25,
  'deposit one cent past the overdraft': 0.25,
  'deposit refused for the overdraft': 0.6,
  withdraw: 1.6,
  'partial withdraw': 1,
  'partial withdraw burning a final bonus': 0.5,
  'cash-out burning a final bonus': 0.25,
  'withdraw refused: not enough money': 0.5,
  'refused below min amount': 1.2,
  'refused above max amount': 0.35,
  'bet accruing a final bonus': 2.5,
  'bet refused: not enough money': 0.8,
  'final bonus paid out': 0.5,
  'final bonus refused: more than accrued': 0.8,
  'cancel of the last bet': 0.45,
  'cancel refused': 0.6,
  'win or jackpot': 1.2,
  'float move': 1,
  'float withdraw to the limit exactly': 0.4,
  'float withdraw one cent past the limit': 0.6,
  'replay answered from the store': 1.8,
  'replay of a refusal': 0.3,
  'replay after the balances moved': 1.6,
  'changed payload refused as trx conflict': 1.2,
  'same trx from the other cashier booked on its own': 0.45,
};

/** The least count of `category` over `runs` runs, or 0 where too few are predicted to ask for any. */
function minimumCount(category: Category, runs: number): number {
  const predicted = PER_RUN[category] * runs;
  return predicted >= 10 ? Math.floor(predicted / 4) : 0;
}

// ---- one run ----------------------------------------------------------------------------------------------

/**
 * A call that got a stored answer, to replay or to change under its trx; `movesAt` is the number of
 * successful calls once it was answered.
 */
type Call = { trx: string; answer: Outcome } & (
  | { kind: 'cash'; cashier: 0 | 1; place: number; delta: number }
  | { kind: 'event'; place: number; type: number; amount: number }
  | { kind: 'float'; delta: number }
);
type Sent = Call & { movesAt: number };

/** Thrown refusals (validation) as the status and body a client would get. */
async function asOutcome(call: Promise<Outcome>): Promise<Outcome> {
  try {
    return await call;
  } catch (error) {
    if (error instanceof ApiError)
      return { status: error.status, body: { err: error.err, ...error.details } };
    throw error;
  }
}

const percent = (of: number, share: Share) => Math.floor((of * share) / 100);

async function runScenario(db: Db, commands: Command[], count: (c: Category) => void): Promise<number> {
  const ledger = new LedgerService(db);
  const account = await createVenue(db, {
    float: LIMITS.float,
    overdraft: LIMITS.overdraft,
    min_amount: LIMITS.min,
    max_amount: LIMITS.max,
    final_bonus_rate_bps: RATE_BPS,
  });
  const cashiers = [
    await createTestUser(db, { account_id: account.id }),
    await createTestUser(db, { account_id: account.id }),
  ] as const;
  const device = await createLinkedDevice(db, { account_id: account.id, places: PLACES });
  const m: Model = {
    float: LIMITS.float,
    places: Array.from({ length: PLACES }, () => ({ entries: 0, fb: 0 })),
    lastEvent: Array.from({ length: PLACES }, () => null),
    external: -LIMITS.float, // createVenue's top-up came from outside
    promotion: 0,
    game: 0,
  };
  const sent: Sent[] = [];
  let moves = 0; // successful calls so far
  const remember = (call: Call) => sent.push({ ...call, movesAt: moves });

  const cash = (who: 0 | 1, placeNo: number, delta: number, trx: string) =>
    ledger.changePlaceCash({
      account_id: account.id,
      user_id: cashiers[who].id,
      device_id: device.id,
      device_uuid: device.uuid,
      place: placeNo,
      delta_cents: delta,
      trx,
      remote_pin: null,
    });
  const event = (placeNo: number, type: number, amount: number, trx: string) =>
    asOutcome(
      ledger.applyDeviceEvent({
        device_id: device.id,
        place: placeNo,
        type: type as 2,
        amount_cents: amount,
        trx,
      }),
    );
  const floatMove = (delta: number, trx: string) =>
    ledger.moveFloat({ account_id: account.id, user_id: null, delta_cents: delta, trx, reason: 'model' });

  function check(got: Outcome, expected: Expected): void {
    expect(got.status).toBe(expected.status);
    if (expected.body) expect(got.body).toMatchObject(expected.body);
    if (got.status === 200) moves++;
  }

  function countRefusal(got: Outcome): void {
    const err = (got.body as { err?: string }).err;
    if (err === ERR.minAmount) count('refused below min amount');
    if (err === ERR.maxAmount) count('refused above max amount');
  }

  let steps = 0;
  for (const [step, c] of [...PRELUDE, ...commands].entries()) {
    steps++;
    const trx = `model-${step}`;
    if (c.op === 'deposit') {
      const headroom = m.float + LIMITS.overdraft;
      const delta = {
        share: Math.max(1, percent(Math.min(headroom, LIMITS.max), c.share)),
        headroom,
        pastHeadroom: headroom + 1,
        belowMin: LIMITS.min - 1,
        max: LIMITS.max,
        pastMax: LIMITS.max + 1,
      }[c.size];
      if (delta <= 0) continue;
      const expected = modelCash(m, c.place, delta);
      const got = await cash(c.cashier, c.place, delta, trx);
      check(got, expected);
      remember({ kind: 'cash', cashier: c.cashier, place: c.place, delta, trx, answer: got });
      countRefusal(got);
      if (got.status === 200) count('deposit');
      if (got.status === 200 && m.float === -LIMITS.overdraft) count('deposit to the overdraft edge exactly');
      if (got.status === 409) count('deposit refused for the overdraft');
      if (c.size === 'pastHeadroom' && got.status === 409) count('deposit one cent past the overdraft');
    } else if (c.op === 'withdraw') {
      const p = m.places[c.place - 1]!;
      const entries = p.entries;
      const bonus = p.fb;
      const magnitude = {
        share: Math.max(LIMITS.min, percent(entries, c.share)),
        all: entries,
        pastEntries: entries + 1,
        belowMin: LIMITS.min - 1,
      }[c.size];
      if (magnitude <= 0) continue;
      const expected = modelCash(m, c.place, -magnitude);
      const got = await cash(c.cashier, c.place, -magnitude, trx);
      check(got, expected);
      remember({ kind: 'cash', cashier: c.cashier, place: c.place, delta: -magnitude, trx, answer: got });
      countRefusal(got);
      if (got.status === 200) {
        count('withdraw');
        if (magnitude < entries) count('partial withdraw');
        if (magnitude < entries && bonus > 0) count('partial withdraw burning a final bonus');
        if (magnitude === entries && bonus > 0) count('cash-out burning a final bonus');
      }
      if ((got.body as { err?: string }).err === ERR.notEnoughMoney)
        count('withdraw refused: not enough money');
    } else if (c.op === 'bet') {
      const entries = m.places[c.place - 1]!.entries;
      const amount = c.size === 'share' ? Math.max(1, percent(entries, c.share)) : entries + 1;
      const expected = modelEvent(m, c.place, c.type, amount);
      const got = await event(c.place, c.type, amount, trx);
      check(got, expected);
      remember({ kind: 'event', place: c.place, type: c.type, amount, trx, answer: got });
      if (got.status === 200 && c.type === TX_TYPE.pay && amount >= 10) count('bet accruing a final bonus');
      if (got.status === 422) count('bet refused: not enough money');
    } else if (c.op === 'win') {
      const got = await event(c.place, c.type, c.amount, trx);
      check(got, modelEvent(m, c.place, c.type, c.amount));
      remember({ kind: 'event', place: c.place, type: c.type, amount: c.amount, trx, answer: got });
      count('win or jackpot');
    } else if (c.op === 'finalBonus') {
      const fb = m.places[c.place - 1]!.fb;
      const amount = { share: Math.max(1, percent(fb, c.share)), all: fb, pastBonus: fb + 1 }[c.size];
      if (amount <= 0) continue;
      const expected = modelEvent(m, c.place, TX_TYPE.finalBonus, amount);
      const got = await event(c.place, TX_TYPE.finalBonus, amount, trx);
      check(got, expected);
      remember({ kind: 'event', place: c.place, type: TX_TYPE.finalBonus, amount, trx, answer: got });
      count(got.status === 200 ? 'final bonus paid out' : 'final bonus refused: more than accrued');
    } else if (c.op === 'cancel') {
      const last = m.lastEvent[c.place - 1];
      const type = last?.type === TX_TYPE.luckyBet ? TX_TYPE.cancelledLuckyBet : TX_TYPE.cancelPay;
      const amount = (last?.amount ?? 1) + (c.right ? 0 : 1);
      const expected = modelEvent(m, c.place, type, amount);
      const got = await event(c.place, type, amount, trx);
      check(got, expected);
      // A validation refusal does not use up its trx: nothing stored to replay.
      if (got.status !== 400) remember({ kind: 'event', place: c.place, type, amount, trx, answer: got });
      count(got.status === 200 ? 'cancel of the last bet' : 'cancel refused');
    } else if (c.op === 'float') {
      const limit = m.float + LIMITS.overdraft;
      const delta = {
        topUp: (c.share + 1) * 1_00,
        share: -Math.max(1, percent(limit, c.share)),
        limit: -limit,
        pastLimit: -(limit + 1),
      }[c.size];
      if (delta === 0) continue;
      const expected = modelFloat(m, delta);
      const got = await floatMove(delta, trx);
      check(got, expected);
      remember({ kind: 'float', delta, trx, answer: got });
      if (got.status === 200) count('float move');
      if (c.size === 'limit' && got.status === 200) count('float withdraw to the limit exactly');
      if (c.size === 'pastLimit' && got.status === 409) count('float withdraw one cent past the limit');
    } else if (c.op === 'otherCashier') {
      // A trx only one of the two cashiers has used so far.
      const used = new Set(sent.map((e) => (e.kind === 'cash' ? `${e.cashier}:${e.trx}` : '')));
      const candidates = sent.filter(
        (e): e is Sent & { kind: 'cash' } =>
          e.kind === 'cash' && !used.has(`${e.cashier === 0 ? 1 : 0}:${e.trx}`),
      );
      const earlier = candidates[c.index % Math.max(candidates.length, 1)];
      if (!earlier) continue;
      // The colleague's call under the same trx is a call of its own: judged and booked on its own.
      const who = earlier.cashier === 0 ? 1 : 0;
      const got = await cash(who, earlier.place, earlier.delta, earlier.trx);
      check(got, modelCash(m, earlier.place, earlier.delta));
      remember({ ...earlier, cashier: who, answer: got });
      count('same trx from the other cashier booked on its own');
    } else {
      const earlier = sent[c.index % Math.max(sent.length, 1)];
      if (!earlier) continue;
      const changed = c.op === 'conflict';
      const before = JSON.stringify(m);
      let got: Outcome;
      if (earlier.kind === 'cash') {
        const delta = changed ? earlier.delta + (earlier.delta === -1 ? -1 : 1) : earlier.delta;
        got = await cash(earlier.cashier, earlier.place, delta, earlier.trx);
      } else if (earlier.kind === 'event') {
        got = await event(earlier.place, earlier.type, earlier.amount + (changed ? 1 : 0), earlier.trx);
      } else {
        got = await floatMove(earlier.delta + (changed ? 1 : 0) || 1, earlier.trx);
      }
      if (changed) {
        expect(got).toEqual({ status: 422, body: { err: ERR.trxConflict } });
        count('changed payload refused as trx conflict');
      } else {
        expect(got).toEqual(earlier.answer);
        count('replay answered from the store');
        if (earlier.answer.status !== 200) count('replay of a refusal');
        if (moves > earlier.movesAt) count('replay after the balances moved');
      }
      // Neither a replay nor a conflict moves money.
      expect(JSON.stringify(m)).toBe(before);
    }

    // After every step: the stored balances are the model's.
    const stored = await db.kysely
      .selectFrom('accounts')
      .select('balance_cents')
      .where('id', '=', account.id)
      .executeTakeFirstOrThrow();
    expect(stored.balance_cents).toBe(m.float);
    const places = await db.kysely
      .selectFrom('places')
      .select(['entries_cents', 'final_bonus_cents'])
      .where('device_id', '=', device.id)
      .orderBy('place')
      .execute();
    expect(places.map((p) => ({ entries: p.entries_cents, fb: p.final_bonus_cents }))).toEqual(m.places);
  }

  // At the end: the lines without a stored balance hold what the model moved, and the books verify.
  const lines = await sql<{ line: string; total: number | string }>`
    select line, sum(amount_cents) as total from ledger_entries where account_id = ${account.id}
    group by line order by line`.execute(db.kysely);
  const totals = Object.fromEntries(lines.rows.map((r) => [r.line, Number(r.total)]));
  expect({
    external: totals.external ?? 0,
    promotion: totals.promotion ?? 0,
    game: totals.game ?? 0,
    float: totals.float ?? 0,
  }).toEqual({ external: m.external, promotion: m.promotion, game: m.game, float: m.float });
  expect(await verifyLedger(db)).toEqual([]);
  return steps;
}

describe.each(testDatabases)('ledger state model on $name', (database) => {
  const runs = database.name === 'sqlite' ? 50 : 20;

  it('matches the model after every step and reaches every kind of step', { timeout: 240_000 }, async () => {
    const counts = Object.fromEntries(CATEGORIES.map((c) => [c, 0])) as Record<Category, number>;
    let steps = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 10, maxLength: 40, size: 'max' }), async (commands) => {
        const db = await database.open();
        try {
          steps += await runScenario(db, commands, (c) => counts[c]++);
        } finally {
          await db.close();
        }
      }),
      { numRuns: runs },
    );
    console.log(`ledger state model on ${database.name}: ${runs} runs, ${steps} steps`, counts);
    const missing = CATEGORIES.filter((c) => counts[c] < minimumCount(c, runs)).map(
      (c) => `${c}: ${counts[c]} (at least ${minimumCount(c, runs)})`,
    );
    expect(missing, 'kinds of step the runs reached too rarely').toEqual([]);
  });
});
