// A close racing the cashier's cash calls (on PostgreSQL over a real pool of parallel connections; on
// SQLite the single writer orders them): every call is either counted in the close or refused 403
// `no open shift` with nothing moved, never lost between the two.
import { ERR, zReport } from '@cashdesk/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { verifyLedger } from '../../src/ledger/verify.js';
import { testDatabases } from '../helpers/databases.js';
import { useTestServer } from '../helpers/test-server-suite.js';
import { cash, closeShift, newTrx, openShift, shiftVenue } from './support.js';

const ROUNDS = 10;

describe.each(testDatabases)('shift close against cash calls on $name', (database) => {
  const suite = useTestServer(database, { poolSize: 20 });
  afterAll(async () => {
    expect(await verifyLedger(suite.db)).toEqual([]);
  });

  it('counts each cash call in the close or refuses it', { timeout: 120_000 }, async () => {
    const v = await shiftVenue(suite.server, suite.db);
    let earlyRefused = 0;
    for (let round = 0; round < ROUNDS; round++) {
      expect((await openShift(v, 0)).status).toBe(200);
      const calls = Array.from({ length: 24 }, (_, i) => ({ trx: newTrx(), delta: (i + 1) * 100 }));
      // Both sides every round: the first call is answered before the close (counted), the last ones go
      // out after the close's answer (refused); the ones between race the close, all in flight at once.
      const closeAt = 2 + ((round * 4) % 20);
      const first = await cash(v, calls[0]!.delta, calls[0]!.trx);
      const racing = calls.slice(1, closeAt).map((c) => cash(v, c.delta, c.trx));
      const closed = await closeShift(v, 0);
      const after = await Promise.all(calls.slice(closeAt).map((c) => cash(v, c.delta, c.trx)));
      const answers = [first, ...(await Promise.all(racing)), ...after];
      expect(closed.status).toBe(200);
      const report = zReport.parse(closed.body);

      expect(first.status).toBe(200);
      for (const [i, a] of answers.entries()) {
        if (a.status !== 200) expect(a.body, `call ${i}`).toEqual({ err: ERR.noOpenShift });
      }
      expect(after.every((a) => a.status === 403)).toBe(true);
      earlyRefused += answers.slice(1, closeAt).filter((a) => a.status === 403).length;
      const passed = calls.filter((_, i) => answers[i]!.status === 200);
      expect(report.deposits).toBe(passed.length);
      expect(report.deposits_cents).toBe(passed.reduce((s, c) => s + c.delta, 0));
      // Every call that moved money belongs to the closed shift; a refused one left no record.
      const rows = await suite.db.kysely
        .selectFrom('operations')
        .select(['trx', 'shift_id'])
        .where(
          'trx',
          'in',
          calls.map((c) => c.trx),
        )
        .execute();
      expect(rows.map((r) => r.trx).sort()).toEqual(passed.map((c) => c.trx).sort());
      expect(new Set(rows.map((r) => r.shift_id))).toEqual(new Set([report.id]));
    }
    console.log(
      `shift close race on ${database.name}: ${earlyRefused} calls sent before the close were refused`,
    );
  });
});
