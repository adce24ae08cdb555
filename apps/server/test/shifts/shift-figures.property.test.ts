// The close's figures against a model and against the ledger, over random sequences of deposits,
// withdraws, cash-outs and refused calls (fast-check): expected = opening + deposits - withdrawals and
// cash-outs, difference = counted - expected, and the drawer's movement equals the float's opposite.
import { zReport } from '@cashdesk/contract';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { verifyLedger } from '../../src/ledger/verify.js';
import { testDatabases } from '../helpers/databases.js';
import { useTestServer } from '../helpers/test-server-suite.js';
import { cash, closeShift, openShift, shiftVenue } from './support.js';

type Command =
  { kind: 'deposit'; amount: number } | { kind: 'withdraw'; amount: number } | { kind: 'cash_out' };

const command: fc.Arbitrary<Command> = fc.oneof(
  fc.record({ kind: fc.constant('deposit' as const), amount: fc.integer({ min: 1, max: 500_00 }) }),
  // Sometimes more than the place holds: refused 422, and then it must count nowhere.
  fc.record({ kind: fc.constant('withdraw' as const), amount: fc.integer({ min: 1, max: 300_00 }) }),
  fc.constant({ kind: 'cash_out' as const }),
);

describe.each(testDatabases)('shift figures on $name', (database) => {
  const suite = useTestServer(database);
  afterAll(async () => {
    expect(await verifyLedger(suite.db)).toEqual([]);
  });

  it('adds up whatever the cashier did', { timeout: 240_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.nat({ max: 1_000_00 }),
        fc.array(command, { minLength: 1, maxLength: 12 }),
        fc.integer({ min: -50_00, max: 50_00 }),
        async (opening, commands, drift) => {
          const v = await shiftVenue(suite.server, suite.db);
          expect((await openShift(v, opening)).status).toBe(200);
          let entries = 0;
          const model = { deposits: 0, deposits_cents: 0, withdraws: 0, cash_outs: 0, withdrawals_cents: 0 };
          for (const c of commands) {
            if (c.kind === 'cash_out' && entries === 0) continue; // nothing to pay out: no call
            const delta = c.kind === 'deposit' ? c.amount : c.kind === 'withdraw' ? -c.amount : -entries;
            const res = await cash(v, delta);
            const allowed = delta > 0 || -delta <= entries;
            expect(res.status).toBe(allowed ? 200 : 422);
            if (!allowed) continue;
            entries += delta;
            if (delta > 0) {
              model.deposits++;
              model.deposits_cents += delta;
            } else {
              if (entries === 0) model.cash_outs++;
              else model.withdraws++;
              model.withdrawals_cents -= delta;
            }
          }
          const expected = opening + model.deposits_cents - model.withdrawals_cents;
          const counted = Math.max(0, expected + drift);
          const closed = await closeShift(v, counted);
          expect(closed.status).toBe(200);
          const report = zReport.parse(closed.body);
          expect(report).toMatchObject({
            ...model,
            opening_cents: opening,
            expected_cents: expected,
            counted_cents: counted,
            difference_cents: counted - expected,
          });

          // Against the books: what the cashier's calls took from the float is what the drawer took in.
          const float = await suite.db.kysely
            .selectFrom('ledger_entries')
            .select((eb) => eb.fn.sum<number>('amount_cents').as('sum'))
            .where('user_id', '=', v.cashierId)
            .where('line', '=', 'float')
            .executeTakeFirstOrThrow();
          expect(report.expected_cents - report.opening_cents + Number(float.sum ?? 0)).toBe(0);
        },
      ),
      { numRuns: database.name === 'sqlite' ? 40 : 20 },
    );
  });
});
