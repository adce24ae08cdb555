// What a cashier and an operator see when a bug in a money rule breaks a ledger invariant
// (src/ledger/invariants.ts): the call answers 500 `Internal server error`, the log names the broken
// invariant, nothing of the call is written, and its trx stays usable. The bug is injected by replacing
// the deposit's decision with one that loses the float's row (the entries are credited from nowhere).
import { ERR } from '@cashdesk/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Db } from '../../src/db/database.js';
import type * as moneyRules from '../../src/ledger/money-rules.js';
import { verifyLedger } from '../../src/ledger/verify.js';
import { cash, cashierClient, linkCabinet, newTrx } from '../cashier/support.js';
import { testDatabases } from '../helpers/databases.js';
import { createVenue } from '../helpers/factories.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

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
  let db: Db;
  let server: TestServer;
  const logs: string[] = [];

  beforeAll(async () => {
    db = await database.open();
    server = await startTestServer(db, {
      config: { enrollmentOpen: true, logLevel: 'error' },
      logStream: { write: (line) => void logs.push(line) },
    });
  });
  afterAll(async () => {
    bug.on = false;
    await server.close();
    await db.close();
  });

  it('answers 500, logs the invariant, writes nothing, and leaves the trx usable', async () => {
    const venue = await createVenue(db, { float: 100_00 });
    const cashier = await cashierClient(server, db, venue.id);
    const device = await linkCabinet(server, cashier.client);
    expect((await cash(cashier.client, device.id, 1, 1_00)).status).toBe(200);
    const operations = async () =>
      (await db.kysely.selectFrom('operations').select('trx').execute()).map((r) => r.trx);
    const before = await operations();

    bug.on = true;
    const trx = newTrx();
    const broken = await cash(cashier.client, device.id, 1, 5_00, trx);
    expect(broken.status).toBe(500);
    expect(broken.body).toEqual({ err: ERR.internal });
    expect(logs.join('\n')).toContain("ledger invariant broken: an operation's rows sum to zero");
    expect(await operations()).toEqual(before);
    expect(await verifyLedger(db)).toEqual([]);

    bug.on = false;
    const fixed = await cash(cashier.client, device.id, 1, 5_00, trx);
    expect(fixed.status).toBe(200);
    expect(fixed.body).toMatchObject({ balances: { entries: 6_00 }, float_balance: 94_00 });
  });
});
