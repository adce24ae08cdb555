// A player's money from one seat of the venue to another (docs/api.md "Players", transfer): through the
// ledger only, no cash and no float; the card then shows both seats. Refused, with nothing moved: another
// venue's seat or player, a seat not holding the player, a phone's seat, a locked till, a cashier without
// an open shift where the venue uses shifts, a hard block, and a self-excluded player (stored).
import { DEVICE_TYPE, ERR, transferResult } from '@cashdesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { updateAccount } from '../../src/accounts/accounts.repository.js';
import { verifyLedger } from '../../src/ledger/verify.js';
import { databaseSnapshot } from '../security/snapshot.js';
import { signedInAs } from '../back-office/support.js';
import { answer, cashierClient, newTrx } from '../helpers/cashier.js';
import { FakeClock } from '../helpers/clock.js';
import { testDatabases } from '../helpers/databases.js';
import { createLinkedDevice, createVenue } from '../helpers/factories.js';
import type { TestClient } from '../helpers/server.js';
import { useTestServer } from '../helpers/test-server-suite.js';
import { cashFor, floatOf, lookup, placeOf, registered } from './support.js';

interface Seat {
  device_id: number;
  place: number;
}

describe.each(testDatabases)("a player's transfer between seats on $name", (database) => {
  const clock = new FakeClock(Date.UTC(2026, 10, 22, 10));
  const suite = useTestServer(database, { clock });
  let venueId: number;
  let otherVenueId: number;
  let till: TestClient;
  let otherTill: TestClient;
  let cabinetA: number;
  let cabinetB: number;
  let otherCabinet: number;
  let phone: number;

  beforeAll(async () => {
    venueId = (await createVenue(suite.db, { float: 100_000_00 })).id;
    otherVenueId = (await createVenue(suite.db, { float: 100_000_00 })).id;
    ({ client: till } = await cashierClient(suite.server, suite.db, venueId));
    ({ client: otherTill } = await cashierClient(suite.server, suite.db, otherVenueId));
    cabinetA = (await createLinkedDevice(suite.db, { account_id: venueId, places: 8 })).id;
    cabinetB = (await createLinkedDevice(suite.db, { account_id: venueId, places: 8 })).id;
    otherCabinet = (await createLinkedDevice(suite.db, { account_id: otherVenueId, places: 8 })).id;
    phone = (await createLinkedDevice(suite.db, { account_id: venueId, places: 1, type: DEVICE_TYPE.remote }))
      .id;
  });
  afterAll(async () => {
    expect(await verifyLedger(suite.db)).toEqual([]);
  });

  const transfer = (
    client: TestClient,
    playerId: number,
    from: Seat,
    to: Seat,
    amount: number,
    trx: string = newTrx(),
  ) =>
    client.post<Record<string, unknown>>(`/a/cashier/players/${playerId}/transfer`, {
      from,
      to,
      amount,
      trx,
    });

  /** A player of the venue with `amount` deposited for them on `seat`. */
  async function seated(seat: Seat, amount: number) {
    const player = await registered(till);
    const res = await cashFor(till, seat.device_id, seat.place, amount, player.id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return player;
  }

  /** The call changes nothing anywhere: balances, seats, players, records. */
  async function expectNothingMoved(call: () => Promise<unknown>) {
    const players = () => suite.db.kysely.selectFrom('players').selectAll().orderBy('id').execute();
    const before = { db: await databaseSnapshot(suite.db), players: JSON.stringify(await players()) };
    await call();
    expect({ db: await databaseSnapshot(suite.db), players: JSON.stringify(await players()) }).toEqual(
      before,
    );
  }

  it('moves half of a seat to another seat of the venue: the float stays, the card shows both seats', async () => {
    const from = { device_id: cabinetA, place: 1 };
    const to = { device_id: cabinetB, place: 1 };
    const player = await seated(from, 80_00);
    const float = await floatOf(suite.db, venueId);
    const trx = newTrx();

    const res = await transfer(till, player.id, from, to, 40_00, trx);
    expect(answer(res)).toEqual({
      status: 200,
      body: {
        trx,
        amount: 40_00,
        from: { entries: 40_00, final_bonus: 0 },
        to: { entries: 40_00, final_bonus: 0 },
      },
    });
    transferResult.parse(res.body);
    expect(await floatOf(suite.db, venueId)).toBe(float);
    expect(await placeOf(suite.db, cabinetB, 1)).toEqual({ entries: 40_00, player_id: player.id });
    const card = await lookup(till, player.card);
    expect(card.body).toMatchObject({
      // A transfer is no cash: the day's figures are the deposit's alone.
      today: { cash_in: 80_00, cash_out: 0 },
      seats: [
        { device_id: cabinetA, place: 1, entries: 40_00 },
        { device_id: cabinetB, place: 1, entries: 40_00 },
      ],
    });
    // The ledger's rows: off one seat, onto the other, under the transfer's kind.
    const rows = await suite.db.kysely
      .selectFrom('ledger_entries')
      .select(['device_id', 'place', 'line', 'amount_cents', 'kind'])
      .where('trx', '=', trx)
      .orderBy('id')
      .execute();
    expect(rows.map((r) => ({ ...r, amount_cents: Number(r.amount_cents) }))).toEqual([
      { device_id: cabinetA, place: 1, line: 'entries', amount_cents: -40_00, kind: 'transfer' },
      { device_id: cabinetB, place: 1, line: 'entries', amount_cents: 40_00, kind: 'transfer' },
    ]);
  });

  it('answers a retry with the same trx from its stored answer, and moves nothing again', async () => {
    const from = { device_id: cabinetA, place: 2 };
    const to = { device_id: cabinetB, place: 2 };
    const player = await seated(from, 50_00);
    const trx = newTrx();
    const first = await transfer(till, player.id, from, to, 20_00, trx);
    expect(first.status).toBe(200);
    await expectNothingMoved(async () => {
      expect(answer(await transfer(till, player.id, from, to, 20_00, trx))).toEqual(answer(first));
    });
    // The same trx for another transfer: 422 trx conflict, nothing moved.
    await expectNothingMoved(async () => {
      expect(answer(await transfer(till, player.id, from, to, 10_00, trx))).toEqual({
        status: 422,
        body: { err: ERR.trxConflict },
      });
    });
  });

  it('empties the seat it moves everything off: the seat holds the player no more', async () => {
    const from = { device_id: cabinetA, place: 3 };
    const to = { device_id: cabinetB, place: 3 };
    const player = await seated(from, 25_00);
    expect((await transfer(till, player.id, from, to, 25_00)).status).toBe(200);
    expect(await placeOf(suite.db, cabinetA, 3)).toEqual({ entries: 0, player_id: null });
    expect((await lookup(till, player.card)).body).toMatchObject({
      seats: [{ device_id: cabinetB, place: 3, entries: 25_00 }],
    });
  });

  it("refuses a seat of another venue's cabinet with 406 device not available, and moves nothing", async () => {
    const from = { device_id: cabinetA, place: 4 };
    const player = await seated(from, 30_00);
    const theirs = { device_id: otherCabinet, place: 4 };
    await expectNothingMoved(async () => {
      expect(answer(await transfer(till, player.id, from, theirs, 10_00))).toEqual({
        status: 406,
        body: { err: ERR.deviceNotAvailable },
      });
      expect(answer(await transfer(till, player.id, theirs, from, 10_00))).toEqual({
        status: 406,
        body: { err: ERR.deviceNotAvailable },
      });
    });
    // Another venue's till cannot name this venue's player, whatever seats it names.
    await expectNothingMoved(async () => {
      expect(answer(await transfer(otherTill, player.id, from, theirs, 10_00))).toEqual({
        status: 404,
        body: { err: ERR.notFound },
      });
    });
    expect(await placeOf(suite.db, cabinetA, 4)).toEqual({ entries: 30_00, player_id: player.id });
  });

  it("refuses a seat that does not hold the player's money (400), and a seat holding another player's (409)", async () => {
    const mine = await seated({ device_id: cabinetA, place: 5 }, 30_00);
    const someoneElse = await seated({ device_id: cabinetB, place: 5 }, 30_00);
    const empty = { device_id: cabinetA, place: 6 };
    await expectNothingMoved(async () => {
      const fromEmpty = await transfer(till, mine.id, empty, { device_id: cabinetB, place: 6 }, 1_00);
      expect(answer(fromEmpty)).toMatchObject({ status: 400, body: { err: ERR.validation } });
      const ontoTheirs = await transfer(
        till,
        mine.id,
        { device_id: cabinetA, place: 5 },
        { device_id: cabinetB, place: 5 },
        1_00,
      );
      expect(answer(ontoTheirs)).toEqual({ status: 409, body: { err: ERR.seatTaken } });
    });
    expect((await lookup(till, someoneElse.card)).body).toMatchObject({
      seats: [{ device_id: cabinetB, place: 5, entries: 30_00 }],
    });
  });

  it("refuses a home-play phone's seat with 406: a phone's money moves only with its PIN", async () => {
    const from = { device_id: cabinetA, place: 7 };
    const player = await seated(from, 30_00);
    await expectNothingMoved(async () => {
      expect(answer(await transfer(till, player.id, from, { device_id: phone, place: 1 }, 10_00))).toEqual({
        status: 406,
        body: { err: ERR.deviceNotAvailable },
      });
    });
  });

  it('refuses more than the seat holds with 422 not enough money, stored under the trx', async () => {
    const from = { device_id: cabinetA, place: 8 };
    const player = await seated(from, 30_00);
    const trx = newTrx();
    const res = await transfer(till, player.id, from, { device_id: cabinetB, place: 8 }, 30_01, trx);
    expect(answer(res)).toEqual({ status: 422, body: { err: ERR.notEnoughMoney } });
    expect(
      answer(await transfer(till, player.id, from, { device_id: cabinetB, place: 8 }, 30_01, trx)),
    ).toEqual(answer(res));
    expect(await placeOf(suite.db, cabinetA, 8)).toEqual({ entries: 30_00, player_id: player.id });
  });

  describe('what the till and the venue must allow', () => {
    let seatFrom: Seat;
    let seatTo: Seat;
    let playerId: number;
    beforeAll(async () => {
      const cabinet = (await createLinkedDevice(suite.db, { account_id: venueId, places: 4 })).id;
      seatFrom = { device_id: cabinet, place: 1 };
      seatTo = { device_id: cabinet, place: 2 };
      playerId = (await seated(seatFrom, 40_00)).id;
    });

    it('refuses a transfer from a locked till with 423 till locked', async () => {
      const { client } = await cashierClient(suite.server, suite.db, venueId);
      expect((await client.post('/a/lock')).status).toBe(200);
      await expectNothingMoved(async () => {
        expect(answer(await transfer(client, playerId, seatFrom, seatTo, 10_00))).toEqual({
          status: 423,
          body: { err: ERR.tillLocked },
        });
      });
    });

    it('refuses a cashier without an open shift where the venue uses shifts (403 no open shift); the trx stays usable', async () => {
      await updateAccount(suite.db.kysely, venueId, { shifts: true });
      const trx = newTrx();
      try {
        await expectNothingMoved(async () => {
          expect(answer(await transfer(till, playerId, seatFrom, seatTo, 10_00, trx))).toEqual({
            status: 403,
            body: { err: ERR.noOpenShift },
          });
        });
      } finally {
        await updateAccount(suite.db.kysely, venueId, { shifts: false });
      }
      expect((await transfer(till, playerId, seatFrom, seatTo, 10_00, trx)).status).toBe(200);
    });

    it('refuses a transfer under a hard block (403); a light block lets it through', async () => {
      await updateAccount(suite.db.kysely, venueId, { is_hard_block_home_play: true });
      try {
        await expectNothingMoved(async () => {
          expect(answer(await transfer(till, playerId, seatFrom, seatTo, 5_00))).toEqual({
            status: 403,
            body: { err: ERR.hardBlock },
          });
        });
      } finally {
        await updateAccount(suite.db.kysely, venueId, { is_hard_block_home_play: false });
      }
      await updateAccount(suite.db.kysely, venueId, { is_light_block_home_play: true });
      try {
        expect((await transfer(till, playerId, seatFrom, seatTo, 5_00)).status).toBe(200);
      } finally {
        await updateAccount(suite.db.kysely, venueId, { is_light_block_home_play: false });
      }
    });

    it("refuses a self-excluded player's transfer: 403 player excluded, stored under the trx", async () => {
      const manager = (await signedInAs(suite.server, suite.db, 'manager', venueId)).client;
      const excluded = await manager.post(`/a/manager/account/${venueId}/players/${playerId}/exclusion`, {
        until: null,
      });
      expect(excluded.status).toBe(200);
      const trx = newTrx();
      const res = await transfer(till, playerId, seatFrom, seatTo, 5_00, trx);
      expect(answer(res)).toEqual({ status: 403, body: { err: ERR.playerExcluded, until: null } });
      await manager.post(`/a/manager/account/${venueId}/players/${playerId}/exclusion`, { lift: true });
      // Lifted since, the same trx still answers what it answered.
      expect(answer(await transfer(till, playerId, seatFrom, seatTo, 5_00, trx))).toEqual(answer(res));
      expect((await transfer(till, playerId, seatFrom, seatTo, 5_00)).status).toBe(200);
    });

    it('refuses bad bodies with 400 validation', async () => {
      const bodies = [
        { from: seatFrom, to: seatFrom, amount: 1_00, trx: newTrx() },
        { from: seatFrom, to: seatTo, amount: 0, trx: newTrx() },
        { from: seatFrom, to: seatTo, amount: -5, trx: newTrx() },
        { from: seatFrom, to: { ...seatTo, place: 9 }, amount: 1_00, trx: newTrx() },
        { from: seatFrom, to: seatTo, amount: 1_00 },
        { from: seatFrom, to: seatTo, amount: 1_00, trx: newTrx(), delta: 1 },
      ];
      await expectNothingMoved(async () => {
        for (const body of bodies) {
          const res = await till.post(`/a/cashier/players/${playerId}/transfer`, body);
          expect(answer(res), JSON.stringify(body)).toMatchObject({
            status: 400,
            body: { err: ERR.validation },
          });
        }
      });
    });
  });
});
