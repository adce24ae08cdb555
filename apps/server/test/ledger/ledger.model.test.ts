// Model test: random sequences of cash calls, device events and retries of earlier trx against a pure
// model in integer cents. After every step the database balances equal the model and verify is clean.
import { ERR, TX_TYPE } from '@cashdesk/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/database.js';
import { ApiError } from '../../src/http/api-error.js';
import { type Outcome } from '../../src/ledger/outcome.js';
import { LedgerService } from '../../src/ledger/ledger.service.js';
import { verifyLedger } from '../../src/ledger/verify.js';
import { testDatabases } from '../helpers/databases.js';
import { createLinkedDevice, createTestUser, createVenue } from '../helpers/factories.js';

const PLACES = 3;
const RATE_BPS = 1000;
const LIMITS = { float: 500_00, overdraft: 200_00, min: 1_00, max: 300_00 };

type Command =
  | { op: 'cash'; place: number; delta: number }
  | { op: 'cashOut'; place: number }
  | { op: 'event'; place: number; type: 2 | 3 | 4 | 6 | 7 | 14; amount: number }
  | { op: 'cancelLast'; place: number }
  | { op: 'retry'; index: number };

const command: fc.Arbitrary<Command> = fc.oneof(
  fc
    .record({
      op: fc.constant('cash' as const),
      place: fc.integer({ min: 1, max: PLACES }),
      delta: fc.oneof(fc.integer({ min: -400_00, max: 400_00 }), fc.constantFrom(50, 1_00, 300_01, -1)),
    })
    .filter((c) => c.delta !== 0),
  fc.record({ op: fc.constant('cashOut' as const), place: fc.integer({ min: 1, max: PLACES }) }),
  fc.record({
    op: fc.constant('event' as const),
    place: fc.integer({ min: 1, max: PLACES }),
    type: fc.constantFrom(2, 3, 3, 4, 6, 7, 14),
    amount: fc.integer({ min: 1, max: 150_00 }),
  }),
  fc.record({ op: fc.constant('cancelLast' as const), place: fc.integer({ min: 1, max: PLACES }) }),
  fc.record({ op: fc.constant('retry' as const), index: fc.nat() }),
);

interface Model {
  float: number;
  places: { entries: number; fb: number }[];
  /** The last applied game event per place: a cancel must follow its bet. */
  lastEvent: ({ type: number; amount: number } | null)[];
}

interface Sent {
  kind: 'cash' | 'event';
  place: number;
  value: number; // delta for cash, amount for event
  type?: number;
  trx: string;
  status: number;
  body: unknown;
}

/** What the contract says should happen, on the model alone. */
function expectCash(m: Model, place: number, delta: number): { status: number; err?: string } {
  const p = m.places[place - 1]!;
  const magnitude = Math.abs(delta);
  if (magnitude < LIMITS.min) return { status: 422, err: ERR.minAmount };
  if (magnitude > LIMITS.max) return { status: 422, err: ERR.maxAmount };
  if (delta > 0 && m.float - delta < -LIMITS.overdraft) return { status: 409, err: ERR.overdraft };
  if (delta < 0 && magnitude > p.entries) return { status: 422, err: ERR.notEnoughMoney };
  m.float -= delta;
  p.entries += delta;
  if (delta < 0) p.fb = 0;
  return { status: 200 };
}

function expectEvent(
  m: Model,
  place: number,
  type: number,
  amount: number,
): { status: number; err?: string } {
  const p = m.places[place - 1]!;
  if (type === TX_TYPE.pay || type === TX_TYPE.luckyBet) {
    if (amount > p.entries) return { status: 422, err: ERR.notEnoughMoney };
    p.entries -= amount;
    if (type === TX_TYPE.pay) p.fb += Math.floor((amount * RATE_BPS) / 10000);
  } else if (type === TX_TYPE.finalBonus) {
    if (amount > p.fb) return { status: 422, err: ERR.notEnoughMoney };
    p.fb -= amount;
    p.entries += amount;
  } else if (type === TX_TYPE.cancelPay) {
    const last = m.lastEvent[place - 1];
    if (!last || last.type !== TX_TYPE.pay || last.amount !== amount)
      return { status: 400, err: ERR.validation };
    p.entries += amount;
    p.fb -= Math.min(p.fb, Math.floor((amount * RATE_BPS) / 10000));
  } else {
    p.entries += amount;
  }
  m.lastEvent[place - 1] = { type, amount };
  return { status: 200 };
}

/** Thrown refusals (validation, permission) as the status and body a client would get. */
async function asOutcome(call: Promise<Outcome>): Promise<Outcome> {
  try {
    return await call;
  } catch (error) {
    if (error instanceof ApiError)
      return { status: error.status, body: { err: error.err, ...error.details } };
    throw error;
  }
}

async function runScenario(db: Db, commands: Command[]): Promise<void> {
  const ledger = new LedgerService(db);
  const account = await createVenue(db, {
    float: LIMITS.float,
    overdraft: LIMITS.overdraft,
    min_amount: LIMITS.min,
    max_amount: LIMITS.max,
    final_bonus_rate_bps: RATE_BPS,
  });
  const user = await createTestUser(db, { account_id: account.id });
  const device = await createLinkedDevice(db, { account_id: account.id, places: PLACES });
  const model: Model = {
    float: LIMITS.float,
    places: Array.from({ length: PLACES }, () => ({ entries: 0, fb: 0 })),
    lastEvent: Array.from({ length: PLACES }, () => null),
  };
  const sent: Sent[] = [];
  const cash = (place: number, delta: number, trx: string) =>
    ledger.changePlaceCash({
      account_id: account.id,
      user_id: user.id,
      device_id: device.id,
      device_uuid: device.uuid,
      place,
      delta_cents: delta,
      trx,
      remote_pin: null,
    });
  const event = (place: number, type: Command & { op: 'event' }, trx: string) =>
    ledger.applyDeviceEvent({
      device_id: device.id,
      place,
      type: type.type,
      amount_cents: type.amount,
      trx,
    });

  for (const [step, c] of commands.entries()) {
    const trx = `model-${step}-trx`;
    if (c.op === 'retry') {
      const earlier = sent[c.index % Math.max(sent.length, 1)];
      if (!earlier) continue;
      const again =
        earlier.kind === 'cash'
          ? await cash(earlier.place, earlier.value, earlier.trx)
          : await event(
              earlier.place,
              { op: 'event', place: earlier.place, type: earlier.type as 2, amount: earlier.value },
              earlier.trx,
            );
      expect(again).toEqual({ status: earlier.status, body: earlier.body });
    } else if (c.op === 'event' || c.op === 'cancelLast') {
      const e: Command & { op: 'event' } =
        c.op === 'event'
          ? c
          : { op: 'event', place: c.place, type: 6, amount: model.lastEvent[c.place - 1]?.amount ?? 1 };
      const expected = expectEvent(model, e.place, e.type, e.amount);
      const got = await asOutcome(event(e.place, e, trx));
      expect(got.status).toBe(expected.status);
      if (expected.err) expect(got.body).toMatchObject({ err: expected.err });
      // A validation refusal does not use up its trx, so only stored answers are replayed.
      if (got.status !== 400)
        sent.push({ kind: 'event', place: e.place, value: e.amount, type: e.type, trx, ...got });
    } else {
      const delta = c.op === 'cashOut' ? -model.places[c.place - 1]!.entries : c.delta;
      if (delta === 0) continue;
      const expected = expectCash(model, c.place, delta);
      const got = await cash(c.place, delta, trx);
      expect(got.status).toBe(expected.status);
      if (expected.err) expect(got.body).toMatchObject({ err: expected.err });
      sent.push({ kind: 'cash', place: c.place, value: delta, trx, ...got });
    }

    const stored = await db.kysely
      .selectFrom('accounts')
      .select('balance_cents')
      .where('id', '=', account.id)
      .executeTakeFirstOrThrow();
    expect(stored.balance_cents).toBe(model.float);
    const places = await db.kysely
      .selectFrom('places')
      .select(['place', 'entries_cents', 'final_bonus_cents'])
      .where('device_id', '=', device.id)
      .orderBy('place')
      .execute();
    expect(places.map((p) => ({ entries: p.entries_cents, fb: p.final_bonus_cents }))).toEqual(model.places);
  }
  expect(await verifyLedger(db)).toEqual([]);
}

describe.each(testDatabases)('ledger model on $name', (database) => {
  it('matches a pure model of the money rules after every step', { timeout: 120_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 25 }), async (commands) => {
        const db = await database.open();
        try {
          await runScenario(db, commands);
        } finally {
          await db.close();
        }
      }),
      { numRuns: database.name === 'sqlite' ? 60 : 12 },
    );
  });
});
