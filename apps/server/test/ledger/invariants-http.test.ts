// What a cashier and an operator see when a bug in a money rule breaks a ledger invariant
// (src/ledger/invariants.ts): the call answers 500 `Internal server error`, the log names the broken
// invariant, nothing of the call is written, and its trx stays usable. The bug is injected by replacing
// the deposit's decision with one that loses the float's row (the entries are credited from nowhere).
import { ERR } from '@cashdesk/contract';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type * as moneyRules from '../../src/ledger/money-rules.js';
import { verifyLedger } from '../../src/ledger/verify.js';
import { cash, cashierClient, linkCabinet, newTrx } from '../helpers/cashier.js';
import { testDatabases } from '../helpers/databases.js';
import { createVenue } from '../helpers/factories.js';
import { useTestServer } from '../helpers/test-server-suite.js';

const bug = vi.hoisted(() => ({ on: false }));

vi.mock('../../src/ledger/money-rules.js', async (original) => {
  const rules = await original<typeof moneyRules>();
  return {
    ...rules,
    decideDeposit: (...args: Parameters<typeof rules.decideDeposit>) => {
      const decision = rules.decideDeposit(...args);
      if (bug.on && decision.ok) decision.postings = decision.postings.filter((e) => e.line !== 'float');
      return decision;
    },
  };
});

describe.each(testDatabases)('a broken ledger invariant over HTTP on $name', (database) => {
  const logs: string[] = [];

  const suite = useTestServer(database, {
    config: { enrollmentOpen: true, logLevel: 'error' },
    logStream: { write: (line) => void logs.push(line) },
  });
  afterAll(async () => {
    bug.on = false;
  });

  it('answers 500, logs the invariant, writes nothing, and leaves the trx usable', async () => {
    const venue = await createVenue(suite.db, { float: 100_00 });
    const cashier = await cashierClient(suite.server, suite.db, venue.id);
    const device = await linkCabinet(suite.server, cashier.client);
    expect((await cash(cashier.client, device.id, 1, 1_00)).status).toBe(200);
    const operations = async () =>
      (await suite.db.kysely.selectFrom('operations').select('trx').execute()).map((r) => r.trx);
    const before = await operations();

    bug.on = true;
    const trx = newTrx();
    const broken = await cash(cashier.client, device.id, 1, 5_00, trx);
    expect(broken.status).toBe(500);
    expect(broken.body).toEqual({ err: ERR.internal });
    expect(logs.join('\n')).toContain("ledger invariant broken: an operation's rows sum to zero");
    expect(await operations()).toEqual(before);
    expect(await verifyLedger(suite.db)).toEqual([]);

    bug.on = false;
    const fixed = await cash(cashier.client, device.id, 1, 5_00, trx);
    expect(fixed.status).toBe(200);
    expect(fixed.body).toMatchObject({ balances: { entries: 6_00 }, float_balance: 94_00 });
  });
});
