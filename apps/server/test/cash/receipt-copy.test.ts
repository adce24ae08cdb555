// The copy of the cashier's last receipt over HTTP (docs/api.md, "The till's drawer"): the last applied
// cash operation of this cashier in this venue with its own figures (what the receipt printed), each copy
// audited, nothing for a refusal, another cashier's or another venue's operation, and no money moved.
import { ERR, receiptCopy, type AuditEntry } from '@cashdesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyLedger } from '../../src/ledger/verify.js';
import { signedInAs, type SignedIn } from '../back-office/support.js';
import { testDatabases } from '../helpers/databases.js';
import { createVenue } from '../helpers/factories.js';
import { type TestClient } from '../helpers/server.js';
import { useTestServer } from '../helpers/test-server-suite.js';
import {
  answer,
  cash,
  cashierClient,
  linkCabinet,
  linkRemote,
  newTrx,
  remoteCash,
  sendEvent,
} from '../helpers/cashier.js';

describe.each(testDatabases)('the copy of the last receipt on $name', (database) => {
  let venueId: number;
  let cashier: TestClient;
  let cashierId: number;
  let manager: SignedIn;

  const suite = useTestServer(database, { config: { enrollmentOpen: true } });
  beforeAll(async () => {
    const venue = await createVenue(suite.db, {
      name: 'Casino Aurora',
      float: 10_000_00,
      home_play: true,
      final_bonus_rate_bps: 1000,
    });
    venueId = venue.id;
    ({ client: cashier, id: cashierId } = await cashierClient(suite.server, suite.db, venue.id));
    manager = await signedInAs(suite.server, suite.db, 'manager', venue.id);
  });
  afterAll(async () => {
    expect(await verifyLedger(suite.db)).toEqual([]);
  });

  const reprint = (client: TestClient = cashier) =>
    client.post<Record<string, unknown>>('/a/cashier/receipt/reprint', {});

  async function floatOf(): Promise<number> {
    const row = await suite.db.kysely
      .selectFrom('accounts')
      .select('balance_cents')
      .where('id', '=', venueId)
      .executeTakeFirstOrThrow();
    return row.balance_cents;
  }

  it('answers 404 before the cashier made any operation', async () => {
    expect(answer(await reprint())).toEqual({ status: 404, body: { err: ERR.notFound } });
  });

  it("copies the last deposit with the operation's own figures, audited, moving nothing", async () => {
    const cabinet = await linkCabinet(suite.server, cashier);
    const trx = newTrx();
    const deposit = await cash(cashier, cabinet.id, 2, 25_00, trx);
    expect(deposit.status).toBe(200);
    // A refusal printed no receipt: it is not the last receipt.
    expect((await cash(cashier, cabinet.id, 2, -1_000_00)).status).toBe(422);
    const floatBefore = await floatOf();

    const res = await reprint();
    expect(res.status).toBe(200);
    const copy = receiptCopy.parse(res.body);
    expect(copy).toMatchObject({
      trx,
      operation: 'deposit',
      amount: 25_00,
      burned_final_bonus: 0,
      currency: 'EUR',
      created_at: deposit.body['created_at'],
      device_id: cabinet.id,
      device_type: 0,
      device_uuid: deposit.body['device_uuid'],
      place: 2,
      // Headed and numbered as the first print was (the cash answer's venue and receipt_no).
      venue: 'Casino Aurora',
      receipt_no: deposit.body['receipt_no'],
    });
    expect(deposit.body['venue']).toBe('Casino Aurora');
    expect(await floatOf()).toBe(floatBefore);
    // Twice, two copies, each in the audit log under the operation's trx.
    expect((await reprint()).status).toBe(200);
    const log = await manager.client.get<AuditEntry[]>(`/a/manager/account/${venueId}/audit`);
    const copies = log.body.filter((entry) => entry.action === 'receipt.reprint' && entry.trx === trx);
    expect(copies).toHaveLength(2);
    expect(copies[0]).toMatchObject({
      actor_id: cashierId,
      target_type: 'device',
      target_id: cabinet.id,
      account_id: venueId,
    });
  });

  it('names a withdraw that emptied the seat a cash-out, with the final bonus it burned', async () => {
    const cabinet = await linkCabinet(suite.server, cashier);
    expect((await cash(cashier, cabinet.id, 1, 100_00)).status).toBe(200);
    expect((await cash(cashier, cabinet.id, 1, -20_00)).status).toBe(200);
    expect(receiptCopy.parse((await reprint()).body)).toMatchObject({ operation: 'withdraw', amount: 20_00 });
    // A bet of 50.00 accrues 10% final bonus (5.00); the cash-out burns it.
    expect((await sendEvent(cabinet, { place: 1, type: 3, amount: 50_00 })).status).toBe(200);
    const trx = newTrx();
    const out = await cashier.post<Record<string, unknown>>(
      `/a/cashier/devices/${cabinet.id}/place/1/update`,
      {
        delta: -30_00,
        trx,
        cash_out: true,
      },
    );
    expect(out.status).toBe(200);
    expect(receiptCopy.parse((await reprint()).body)).toMatchObject({
      trx,
      operation: 'cash_out',
      amount: 30_00,
      burned_final_bonus: 5_00,
    });
  });

  it("copies a home-play phone's receipt with its uuid", async () => {
    const phone = await linkRemote(suite.server, cashier);
    const trx = newTrx();
    const res = await remoteCash(cashier, phone, 7_00, trx);
    expect(res.status).toBe(200);
    expect(receiptCopy.parse((await reprint()).body)).toMatchObject({
      trx,
      device_id: phone.id,
      device_type: 1,
      device_uuid: res.body['device_uuid'],
    });
  });

  it("never gives another cashier's receipt, nor one from another venue", async () => {
    const { client: colleague } = await cashierClient(suite.server, suite.db, venueId);
    expect(answer(await reprint(colleague))).toEqual({ status: 404, body: { err: ERR.notFound } });
    const cabinet = await linkCabinet(suite.server, colleague);
    const theirs = newTrx();
    expect((await cash(colleague, cabinet.id, 1, 3_00, theirs)).status).toBe(200);
    expect((await reprint(colleague)).body).toMatchObject({ trx: theirs });
    expect((await reprint()).body).not.toMatchObject({ trx: theirs });
    // The same cashier moved to another venue by the admin: that venue has no receipt of theirs.
    const other = await createVenue(suite.db, { float: 1_000_00 });
    const admin = await signedInAs(suite.server, suite.db, 'admin', null);
    const move = (accountId: number) =>
      admin.client.post(`/a/admin/user/${cashierId}`, { account_id: accountId, reason: 'moved' });
    expect((await move(other.id)).status).toBe(200);
    try {
      expect(answer(await reprint())).toEqual({ status: 404, body: { err: ERR.notFound } });
    } finally {
      expect((await move(venueId)).status).toBe(200);
    }
    expect((await reprint()).status).toBe(200);
  });

  it('refuses a body with fields in the contract format', async () => {
    const res = await cashier.post<{ err: string }>('/a/cashier/receipt/reprint', { trx: newTrx() });
    expect(res.status).toBe(400);
    expect(res.body.err).toBe(ERR.validation);
  });
});
