// The ledger of an account in the back office: its rows newest first with the filters of the console,
// paged by id, and the same as CSV for a spreadsheet (amounts in units, typed text defused).
import { ERR, type LedgerRow } from '@cashdesk/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AccountRow } from '../../src/db/schema.js';
import { FakeClock, HOUR } from '../helpers/clock.js';
import { testDatabases } from '../helpers/databases.js';
import { createLinkedDevice, createVenue } from '../helpers/factories.js';
import { useTestServer } from '../helpers/test-server-suite.js';
import { cash, cashierClient } from '../helpers/cashier.js';
import { newTrx, signedInAs, type SignedIn } from './support.js';

describe.each(testDatabases)('back-office ledger on $name', (database) => {
  let venue: AccountRow;
  let manager: SignedIn;
  let cashierId: number;
  let cabinetId: number;
  const start = Date.UTC(2026, 10, 22, 8, 0, 0);
  const base = () => `/a/manager/account/${venue.id}`;

  const clock = new FakeClock(start);
  const suite = useTestServer(database, { clock });
  beforeAll(async () => {
    // The factory's opening top-up is stamped with the real time: create the venue, then act in 2026.
    venue = await createVenue(suite.db, { float: 0 });
    manager = await signedInAs(suite.server, suite.db, 'manager', venue.id);
    const cashier = await cashierClient(suite.server, suite.db, venue.id);
    cashierId = cashier.id;
    const cabinet = await createLinkedDevice(suite.db, { account_id: venue.id, name: '=HYPERLINK("x")' });
    cabinetId = cabinet.id;
    await manager.client.post(`${base()}/move`, { delta: 500_00, trx: newTrx(), reason: '+1 opening cash' });
    clock.advance(HOUR);
    await cash(cashier.client, cabinet.id, 1, 40_00);
    clock.advance(HOUR);
    await cash(cashier.client, cabinet.id, 1, -15_50);
    // Another venue's rows never show here.
    const other = await createVenue(suite.db, { float: 9_00 });
    await (
      await signedInAs(suite.server, suite.db, 'admin', null)
    ).client.post(`/a/manager/account/${other.id}/move`, {
      delta: 1_00,
      trx: newTrx(),
      reason: 'elsewhere',
    });
  });

  const rows = async (query = '') => {
    const res = await manager.client.get<LedgerRow[]>(`${base()}/transactions${query}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  };

  it("lists every row of the account's operations, newest first, with who, where and why", async () => {
    const all = await rows('?from=2026-11-22');
    expect(all.map((r) => [r.kind, r.line, r.amount])).toEqual([
      ['withdraw', 'entries', -15_50],
      ['withdraw', 'float', 15_50],
      ['deposit', 'entries', 40_00],
      ['deposit', 'float', -40_00],
      ['float_top_up', 'external', -500_00],
      ['float_top_up', 'float', 500_00],
    ]);
    expect(all[0]).toMatchObject({
      device_id: cabinetId,
      place: 1,
      user_id: cashierId,
      tx_type: 1,
      balance_after: 24_50,
    });
    expect(all[1]).toMatchObject({ balance_after: 475_50, reason: null });
    expect(all[5]).toMatchObject({ reason: '+1 opening cash', user_id: manager.id, balance_after: 500_00 });
  });

  it('filters by line, kind, device, cashier and time, and pages with before', async () => {
    expect((await rows('?line=float&from=2026-11-22')).map((r) => r.amount)).toEqual([15_50, -40_00, 500_00]);
    expect((await rows('?kind=deposit')).map((r) => r.line)).toEqual(['entries', 'float']);
    expect((await rows(`?device_id=${cabinetId}&line=entries`)).map((r) => r.amount)).toEqual([
      -15_50, 40_00,
    ]);
    expect((await rows(`?user_id=${cashierId}`)).length).toBe(4);
    const window = `?from=${encodeURIComponent('2026-11-22T09:30:00+00:00')}&to=${encodeURIComponent('2026-11-22T10:30:00+00:00')}`;
    expect((await rows(window)).map((r) => r.kind)).toEqual(['withdraw', 'withdraw']);

    const first = await rows('?limit=4&from=2026-11-22');
    const next = await rows(`?limit=4&from=2026-11-22&before=${first.at(-1)!.id}`);
    expect([...first, ...next].map((r) => r.id)).toEqual((await rows('?from=2026-11-22')).map((r) => r.id));
  });

  it.each([
    ['an unknown kind', '?kind=gift'],
    ['a limit of 0', '?limit=0'],
    ['a limit above 1000', '?limit=1001'],
    ['from after to', '?from=2026-11-23&to=2026-11-22'],
    ['an unknown parameter', '?sort=asc'],
    ['a bad date', '?from=2026-02-30'],
  ])('refuses %s (400)', async (_what, query) => {
    const res = await manager.client.get(`${base()}/transactions${query}`);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ err: ERR.validation });
  });

  it('exports the filtered rows as CSV: units, UTC times, and text that cannot run as a formula', async () => {
    const res = await manager.client.get<string>(`${base()}/transactions.csv?from=2026-11-22`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="ledger-account-\d+-2026-11-22\.csv"$/,
    );
    const lines = res.body.trim().split('\n');
    expect(lines[0]).toBe(
      'id,created_at,trx,kind,line,tx_type,device_id,device_name,place,user_id,user_name,amount,balance_after,currency,reason',
    );
    expect(lines).toHaveLength(7);
    expect(lines[1]).toContain(
      `,withdraw,entries,1,${cabinetId},"'=HYPERLINK(""x"")",1,${cashierId},Test User,-15.50,24.50,EUR,`,
    );
    expect(lines[6]).toMatch(/,float_top_up,float,,,,,\d+,Test User,500\.00,500\.00,EUR,'\+1 opening cash$/);
    const floatOnly = await manager.client.get<string>(`${base()}/transactions.csv?line=float&kind=deposit`);
    expect(floatOnly.body.trim().split('\n')).toHaveLength(2);
  });
});
