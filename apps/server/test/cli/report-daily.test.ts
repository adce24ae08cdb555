// `cashdesk report:daily`: the venue's daily report from the operator CLI, as a table, CSV or JSON, the
// same figures as the back office's; a bad or future day and an unknown account are refused.
import { gamingDayOf, type Account, type DailyReport } from '@cashdesk/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { cash, cashierClient, linkCabinet, newTrx } from '../helpers/cashier.js';
import { runCliCaptured } from '../helpers/cli.js';
import { testDatabases } from '../helpers/databases.js';
import { createVenue } from '../helpers/factories.js';
import { useTestServer } from '../helpers/test-server-suite.js';

describe.each(testDatabases)('report:daily on $name', (database) => {
  let venueId: number;
  let day: string;
  const trx = newTrx();

  const cli = (...argv: string[]) => runCliCaptured(suite.db, argv);

  const suite = useTestServer(database, { config: { enrollmentOpen: true } });
  beforeAll(async () => {
    venueId = (await createVenue(suite.db, { float: 10_000_00, name: '=Venue, "North"' })).id;
    const set = await cli(
      'account:set',
      String(venueId),
      '--time-zone',
      'america/sao_paulo',
      '--day-starts-at',
      '0',
      '--json',
    );
    expect(set.code).toBe(0);
    expect(JSON.parse(set.out) as Account).toMatchObject({
      time_zone: 'America/Sao_Paulo',
      day_starts_at: 0,
    });
    const { client } = await cashierClient(suite.server, suite.db, venueId);
    const cabinet = await linkCabinet(suite.server, client);
    expect((await cash(client, cabinet.id, 1, 125_50, trx)).status).toBe(200);
    expect((await cash(client, cabinet.id, 1, -25_50)).status).toBe(200);
    day = gamingDayOf(Date.now(), { time_zone: 'America/Sao_Paulo', day_starts_at: 0 });
  });

  it("prints the day's figures per device and in total, with the venue's clock", async () => {
    const run = await cli('report:daily', '--account', String(venueId), '--day', day);
    expect(run).toMatchObject({ code: 0, err: '' });
    expect(run.out).toContain(`gaming day ${day}`);
    expect(run.out).toContain('America/Sao_Paulo, day starts at 0:00');
    expect(run.out).toMatch(/by operator/);
    expect(run.out).toMatch(/^total +1 125\.50 EUR +1 25\.50 EUR +0 0\.00 EUR +100\.00 EUR/m);
    // The four-eyes counts as the sum they make: none waiting, none asked, so all nought.
    expect(run.out).toContain('approvals start+r=a+d+w+e+end');
    expect(run.out).toMatch(/^total .* 0\+0=0\+0\+0\+0\+0$/m);
  });

  it('gives the JSON the API answers, and a CSV with the header first and amounts in units', async () => {
    const json = await cli('report:daily', '--account', String(venueId), '--day', day, '--json');
    const report = JSON.parse(json.out) as DailyReport;
    expect(report).toMatchObject({ account_id: venueId, day, made_by: 'operator', complete: false });
    expect(report.total).toMatchObject({
      deposit_total: 125_50,
      withdrawal_total: 25_50,
      net: 100_00,
      first_trx: trx,
    });
    const csv = await cli('report:daily', '--account', String(venueId), '--day', day, '--csv');
    expect(csv.code).toBe(0);
    const lines = csv.out.trimEnd().split('\n');
    // The venue's name is defused against spreadsheet formulas and quoted for its comma and quotes.
    expect(lines[0]).toBe(`venue,"'=Venue, ""North"""`);
    expect(lines).toContain(`gaming_day,${day}`);
    expect(lines).toContain(`ledger_entries,${report.ledger_head.entries}`);
    const header = lines.indexOf(
      'device_id,device,deposits,deposit_total,withdrawals,withdrawal_total,cash_outs,cash_out_total,corrections,correction_total,net,operations,first_trx,first_at,last_trx,last_at,approvals_requested,approvals_approved,approvals_declined,approvals_expired,approvals_withdrawn,approvals_failed,approvals_waiting_at_start,approvals_waiting_at_end',
    );
    expect(header).toBeGreaterThan(0);
    expect(lines[header - 1]).toBe('');
    expect(lines.at(-1)).toMatch(/^,total,1,125\.50,1,25\.50,0,0\.00,0,0\.00,100\.00,2,/);
  });

  it('refuses a malformed or future day (exit 2) and an unknown account (exit 1)', async () => {
    for (const bad of ['2026-02-30', 'today', '2999-01-01']) {
      const run = await cli('report:daily', '--account', String(venueId), '--day', bad);
      expect(run.code).toBe(2);
      expect(run.err).toMatch(/--day/);
    }
    const unknown = await cli('report:daily', '--account', '999999', '--day', day);
    expect(unknown).toMatchObject({ code: 1, err: 'error: unknown account 999999\n' });
    expect((await cli('report:daily', '--day', day)).code).toBe(2);
  });
});
