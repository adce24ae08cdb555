// The venue's 24-hour totals (GET /a/cashier/daily_totals) hold what History and Statistic hold for the
// same 24 hours: every cashier money move (ledger/cash-moves.repository.ts), at a cabinet or on a
// home-play phone; game play, other venues and older moves are left out (the device list's header once
// left the phones' deposits out and disagreed with History by them).
import {
  dailyTotals,
  deviceDetail,
  device as deviceSchema,
  reportEntry,
  reportTotals,
  SUMMARY_WINDOW_MS,
  TX_TYPE,
} from '@cashdesk/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { verifyLedger } from '../../src/ledger/verify.js';
import { testDatabases } from '../helpers/databases.js';
import { createVenue } from '../helpers/factories.js';
import { useTestServer } from '../helpers/test-server-suite.js';
import { cash, cashierClient, linkCabinet, linkRemote, localTime, remoteCash, sendEvent } from '../helpers/cashier.js';

describe.each(testDatabases)('daily totals on $name', (database) => {
  const suite = useTestServer(database, { config: { enrollmentOpen: true } });

  afterAll(async () => {
    expect(await verifyLedger(suite.db)).toEqual([]);
  });

  it("equal History's and Statistic's figures for the same 24 hours, home-play cash included", async () => {
    const venueId = (await createVenue(suite.db, { float: 10_000_00, home_play: true })).id;
    const { client: cashier } = await cashierClient(suite.server, suite.db, venueId);
    const cabinet = await linkCabinet(suite.server, cashier);
    const phone = await linkRemote(suite.server, cashier);
    // Another venue's cash is not this venue's.
    const otherVenue = (await createVenue(suite.db, { float: 10_000_00 })).id;
    const { client: outsider } = await cashierClient(suite.server, suite.db, otherVenue);
    const outsiderCabinet = await linkCabinet(suite.server, outsider);

    expect((await cash(cashier, cabinet.id, 1, 100_00)).status).toBe(200);
    expect((await remoteCash(cashier, phone, 35_00)).status).toBe(200);
    expect((await cash(cashier, cabinet.id, 1, -20_00)).status).toBe(200);
    expect((await remoteCash(cashier, phone, -5_00)).status).toBe(200);
    expect((await cash(outsider, outsiderCabinet.id, 1, 7_00)).status).toBe(200);
    // Game play moves the entries line too, but is no cashier's money move.
    expect((await sendEvent(cabinet, { place: 1, type: TX_TYPE.pay, amount: 3_00 })).status).toBe(200);

    const totals = dailyTotals.parse((await cashier.get('/a/cashier/daily_totals')).body);
    expect(totals).toEqual({ deposit_24h: 135_00, withdraw_24h: 25_00, delta_24h: 110_00 });

    // What History and Statistic ask for the same 24 hours: the listed cabinets and `remote: true`.
    const list = deviceSchema.array().parse((await cashier.get('/a/cashier/devices')).body);
    const now = Date.now();
    const rows = await cashier.post('/a/cashier/report', {
      device_ids: list.map((d) => d.id),
      from: localTime(now - SUMMARY_WINDOW_MS, 0),
      to: localTime(now, 0),
      remote: true,
    });
    const report = reportTotals(reportEntry.array().parse(rows.body));
    expect({ deposit: report.income_cents, withdraw: report.outcome_cents }).toEqual({
      deposit: totals.deposit_24h,
      withdraw: totals.withdraw_24h,
    });

    // The devices' own 24-hour figures, by the same rule: the cabinets' rows and the phone's detail
    // together make the venue's totals.
    const phoneDetail = deviceDetail.parse(
      (await cashier.get(`/a/cashier/devices/remote/${phone.id}`, { 'X-Device-Pin': phone.pin })).body,
    );
    const summaries = [...list, phoneDetail].map((d) => d.summary);
    expect(summaries.reduce((sum, s) => sum + s.deposit_24h, 0)).toBe(totals.deposit_24h);
    expect(summaries.reduce((sum, s) => sum + s.withdraw_24h, 0)).toBe(totals.withdraw_24h);
  });
});
