// The till's player calls (docs/api.md "Players"): registering a card (idempotent by trx, one card per
// venue), reading one (today's figures, what is left of the limit, the seats holding the player's money),
// recording identity and setting the daily deposit limit (lower at once, higher after the cooling-off).
// Only the venue's players: another venue's card or id is 404, as one that does not exist.
import { ERR, player as playerSchema, playerAtTill, type Player } from '@cashdesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyLedger } from '../../src/ledger/verify.js';
import { signedInAs } from '../back-office/support.js';
import { answer, cashierClient, newTrx } from '../helpers/cashier.js';
import { DAY, FakeClock, HOUR } from '../helpers/clock.js';
import { testDatabases } from '../helpers/databases.js';
import { createLinkedDevice, createVenue } from '../helpers/factories.js';
import type { TestClient } from '../helpers/server.js';
import { useTestServer } from '../helpers/test-server-suite.js';
import {
  cashFor,
  LONG_SESSIONS,
  longSession,
  lookup,
  newCard,
  playerAudit,
  register,
  registered,
} from './support.js';

const iso = (ms: number) => new Date(ms).toISOString();

describe.each(testDatabases)("the till's player calls on $name", (database) => {
  // 10:00 UTC: the gaming day 2026-11-22 of a venue on UTC whose day starts at 06:00 (the defaults).
  const clock = new FakeClock(Date.UTC(2026, 10, 22, 10));
  const suite = useTestServer(database, { clock, config: LONG_SESSIONS });
  let venueId: number;
  let otherVenueId: number;
  let till: TestClient;
  let otherTill: TestClient;
  let cabinetId: number;

  beforeAll(async () => {
    venueId = (await createVenue(suite.db, { float: 100_000_00 })).id;
    otherVenueId = (await createVenue(suite.db, { float: 100_000_00 })).id;
    ({ client: till } = await longSession(suite.server, suite.db, 'cashier', venueId));
    ({ client: otherTill } = await longSession(suite.server, suite.db, 'cashier', otherVenueId));
    cabinetId = (await createLinkedDevice(suite.db, { account_id: venueId, places: 8 })).id;
  });
  afterAll(async () => {
    expect(await verifyLedger(suite.db)).toEqual([]);
  });

  const playersWithCard = async (card: string) =>
    (await suite.db.kysely.selectFrom('players').select('id').where('card', '=', card).execute()).length;

  describe('registering a card', () => {
    it('registers a card with the identity the till has, and answers the player', async () => {
      const card = newCard();
      const res = await register(till, {
        card,
        name: '  Ana Pereira ',
        document_kind: 'passport',
        document_number: 'X1234567',
        birth_date: '1990-04-30',
      });
      expect(answer(res)).toEqual({
        status: 200,
        body: {
          id: expect.any(Number),
          account_id: venueId,
          card,
          name: 'Ana Pereira',
          document_kind: 'passport',
          document_number: 'X1234567',
          birth_date: '1990-04-30',
          daily_limit: null,
          limit_raise: null,
          excluded_until: null,
          excluded: false,
          created_at: iso(clock.now()),
        },
      });
      playerSchema.parse(res.body);
    });

    it('registers a card alone: the identity fields stay null until recorded', async () => {
      const player = await registered(till);
      expect(player).toMatchObject({
        name: null,
        document_kind: null,
        document_number: null,
        birth_date: null,
      });
    });

    it('answers a retry with the same trx as the first time, and registers the card once', async () => {
      const card = newCard();
      const trx = newTrx();
      const first = await register(till, { card, trx, name: 'Bo' });
      const again = await register(till, { card, trx, name: 'Bo' });
      expect(answer(first).status).toBe(200);
      expect(answer(again)).toEqual(answer(first));
      expect(await playersWithCard(card)).toBe(1);
    });

    it('refuses the same trx for another card with 422 trx conflict, and registers nothing', async () => {
      const trx = newTrx();
      expect((await register(till, { trx })).status).toBe(200);
      const card = newCard();
      const res = await register(till, { card, trx });
      expect(answer(res)).toEqual({ status: 422, body: { err: ERR.trxConflict } });
      expect(await playersWithCard(card)).toBe(0);
    });

    it('refuses a card the venue already issued with 422 card taken, the same again on a retry', async () => {
      const card = newCard();
      await registered(till, { card });
      const trx = newTrx();
      const taken = await register(till, { card, trx, name: 'Someone Else' });
      expect(answer(taken)).toEqual({ status: 422, body: { err: ERR.cardTaken } });
      expect(answer(await register(till, { card, trx, name: 'Someone Else' }))).toEqual(answer(taken));
      expect(await playersWithCard(card)).toBe(1);
    });

    it("registers the same card at another venue: a card is its venue's", async () => {
      const card = newCard();
      const here = await registered(till, { card });
      const there = await registered(otherTill, { card });
      expect(there.id).not.toBe(here.id);
      expect(there.account_id).toBe(otherVenueId);
    });

    it('refuses bad input with 400 validation, which leaves the trx usable', async () => {
      const trx = newTrx();
      const bad = [
        { card: 'ab' },
        { card: 'no spaces allowed' },
        { name: '   ' },
        { birth_date: '1990-02-30' },
        { birth_date: '30.04.1990' },
        { document_number: 'x'.repeat(61) },
        { nickname: 'extra field' },
        { trx: 'short' },
      ];
      for (const body of bad) {
        const res = await register(till, { trx, ...body });
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect(res.body.err).toBe(ERR.validation);
      }
      const res = await till.post('/a/cashier/players', { card: newCard() });
      expect(answer(res)).toMatchObject({ status: 400, body: { err: ERR.validation } });
      expect((await register(till, { trx })).status).toBe(200);
    });

    it('writes the registration to the audit log, naming the identity fields recorded but not their values', async () => {
      const trx = newTrx();
      const player = await registered(till, {
        trx,
        name: 'Carla Audit',
        document_kind: 'id card',
        document_number: 'AUD-777',
      });
      const rows = await playerAudit(suite.db, player.id);
      expect(rows).toMatchObject([
        {
          action: 'player.create',
          account_id: venueId,
          before: null,
          after: {
            card: player.card,
            name: 'recorded',
            document_kind: 'recorded',
            document_number: 'recorded',
            birth_date: null,
          },
          trx,
        },
      ]);
      expect(rows[0]!.raw).not.toMatch(/Carla|AUD-777|id card/);
    });
  });

  describe('reading a card', () => {
    it("shows today's cash in and out, what is left of the limit, and the seats holding the player's money", async () => {
      const player = await registered(till);
      expect((await till.post(`/a/cashier/players/${player.id}/limit`, { daily_limit: 500_00 })).status).toBe(
        200,
      );
      expect((await cashFor(till, cabinetId, 1, 30_00, player.id)).status).toBe(200);
      expect((await cashFor(till, cabinetId, 2, 20_00, player.id)).status).toBe(200);

      const res = await lookup(till, player.card);
      expect(res.status).toBe(200);
      playerAtTill.parse(res.body);
      expect(res.body).toMatchObject({
        id: player.id,
        card: player.card,
        daily_limit: 500_00,
        today: { cash_in: 50_00, cash_out: 0 },
        limit_left: 450_00,
        seats: [
          { device_id: cabinetId, place: 1, entries: 30_00 },
          { device_id: cabinetId, place: 2, entries: 20_00 },
        ],
      });

      // Emptied, a seat holds the player no more; the cash-out counts as cash out.
      const out = await till.post(`/a/cashier/devices/${cabinetId}/place/2/update`, {
        delta: -20_00,
        trx: newTrx(),
        cash_out: true,
      });
      expect(out.status, JSON.stringify(out.body)).toBe(200);
      expect((await lookup(till, player.card)).body).toMatchObject({
        today: { cash_in: 50_00, cash_out: 20_00 },
        limit_left: 450_00,
        seats: [{ device_id: cabinetId, place: 1, entries: 30_00 }],
      });
    });

    it("starts the day's figures again when the venue's next gaming day begins", async () => {
      const player = await registered(till);
      await till.post(`/a/cashier/players/${player.id}/limit`, { daily_limit: 100_00 });
      expect((await cashFor(till, cabinetId, 3, 60_00, player.id)).status).toBe(200);
      expect((await lookup(till, player.card)).body).toMatchObject({
        today: { cash_in: 60_00, cash_out: 0 },
        limit_left: 40_00,
      });
      const now = clock.now();
      try {
        // 06:00 UTC the next morning: the venue's next gaming day.
        clock.set(Date.UTC(2026, 10, 23, 6));
        expect((await lookup(till, player.card)).body).toMatchObject({
          today: { cash_in: 0, cash_out: 0 },
          limit_left: 100_00,
          seats: [{ device_id: cabinetId, place: 3, entries: 60_00 }],
        });
      } finally {
        clock.set(now);
      }
    });

    it('answers 404 not found for a card of another venue and for a card nobody holds', async () => {
      const theirs = await registered(otherTill);
      expect(answer(await lookup(till, theirs.card))).toEqual({ status: 404, body: { err: ERR.notFound } });
      expect(answer(await lookup(till, newCard()))).toEqual({ status: 404, body: { err: ERR.notFound } });
      expect((await lookup(otherTill, theirs.card)).status).toBe(200);
    });

    it('answers 400 validation for what cannot be a card', async () => {
      for (const card of ['abc', 'a b c d', 'x'.repeat(65), 'semi;colon']) {
        const res = await lookup(till, card);
        expect(answer(res), card).toMatchObject({ status: 400, body: { err: ERR.validation } });
      }
    });
  });

  describe('identity', () => {
    it('records, changes and clears the fields named, leaving the others as they were', async () => {
      const player = await registered(till, { name: 'Dan', document_kind: 'passport' });
      const recorded = await till.post<Player>(`/a/cashier/players/${player.id}`, {
        document_number: 'P-1',
        birth_date: '1985-12-01',
      });
      expect(answer(recorded)).toMatchObject({
        status: 200,
        body: { name: 'Dan', document_kind: 'passport', document_number: 'P-1', birth_date: '1985-12-01' },
      });
      const changed = await till.post<Player>(`/a/cashier/players/${player.id}`, {
        name: 'Daniel',
        document_kind: null,
      });
      expect(answer(changed)).toMatchObject({
        status: 200,
        body: { name: 'Daniel', document_kind: null, document_number: 'P-1', birth_date: '1985-12-01' },
      });
      expect((await lookup(till, player.card)).body).toMatchObject({ name: 'Daniel', document_kind: null });
    });

    it('writes which fields changed to the audit log, never their values; a save that changes nothing writes none', async () => {
      const player = await registered(till, { name: 'Eva Secret' });
      await till.post(`/a/cashier/players/${player.id}`, {
        name: 'Eva Hidden',
        document_number: 'DOC-SECRET',
      });
      await till.post(`/a/cashier/players/${player.id}`, { name: null });
      await till.post(`/a/cashier/players/${player.id}`, { document_number: 'DOC-SECRET' });
      await till.post(`/a/cashier/players/${player.id}`, {});
      const rows = await playerAudit(suite.db, player.id);
      expect(rows.map(({ action, before, after }) => ({ action, before, after }))).toEqual([
        {
          action: 'player.create',
          before: null,
          after: {
            card: player.card,
            name: 'recorded',
            document_kind: null,
            document_number: null,
            birth_date: null,
          },
        },
        {
          action: 'player.identity',
          before: { name: 'recorded', document_number: null },
          after: { name: 'replaced', document_number: 'recorded' },
        },
        { action: 'player.identity', before: { name: 'recorded' }, after: { name: null } },
      ]);
      expect(rows.map((r) => r.raw).join(' ')).not.toMatch(/Eva|Secret|Hidden|DOC-/);
    });

    it("answers 404 for another venue's player and for no player, 400 for a bad field, and changes nothing", async () => {
      const theirs = await registered(otherTill, { name: 'Theirs' });
      expect(answer(await till.post(`/a/cashier/players/${theirs.id}`, { name: 'Mine now' }))).toEqual({
        status: 404,
        body: { err: ERR.notFound },
      });
      expect(answer(await till.post('/a/cashier/players/2147483647', { name: 'Nobody' }))).toEqual({
        status: 404,
        body: { err: ERR.notFound },
      });
      const mine = await registered(till);
      for (const body of [{ name: '' }, { birth_date: '2026-13-01' }, { card: newCard() }, { name: 42 }]) {
        const res = await till.post(`/a/cashier/players/${mine.id}`, body);
        expect(answer(res), JSON.stringify(body)).toMatchObject({
          status: 400,
          body: { err: ERR.validation },
        });
      }
      expect((await lookup(otherTill, theirs.card)).body).toMatchObject({ name: 'Theirs' });
      expect((await playerAudit(suite.db, theirs.id)).map((r) => r.action)).toEqual(['player.create']);
    });
  });

  describe('the daily deposit limit', () => {
    it('lowers the limit at once: a deposit past what is left is refused with 422 deposit limit exceeded', async () => {
      const player = await registered(till);
      const set = await till.post<Player>(`/a/cashier/players/${player.id}/limit`, { daily_limit: 50_00 });
      expect(answer(set)).toMatchObject({ status: 200, body: { daily_limit: 50_00, limit_raise: null } });
      expect((await cashFor(till, cabinetId, 4, 40_00, player.id)).status).toBe(200);
      const past = await cashFor(till, cabinetId, 4, 20_00, player.id);
      expect(answer(past)).toEqual({ status: 422, body: { err: ERR.depositLimit, left: 10_00 } });
      // Lower again, at once: nothing is left.
      const lower = await till.post<Player>(`/a/cashier/players/${player.id}/limit`, { daily_limit: 30_00 });
      expect(lower.body).toMatchObject({ daily_limit: 30_00, limit_raise: null });
      expect((await lookup(till, player.card)).body).toMatchObject({ limit_left: 0 });
      expect(answer(await cashFor(till, cabinetId, 4, 1, player.id))).toEqual({
        status: 422,
        body: { err: ERR.depositLimit, left: 0 },
      });
    });

    it("raises the limit only once the venue's cooling-off has passed; the lower one holds until then", async () => {
      const player = await registered(till);
      await till.post(`/a/cashier/players/${player.id}/limit`, { daily_limit: 100_00 });
      const start = clock.now();
      const raised = await till.post<Player>(`/a/cashier/players/${player.id}/limit`, {
        daily_limit: 300_00,
      });
      // The venue's default cooling-off: 24 hours.
      expect(answer(raised)).toMatchObject({
        status: 200,
        body: { daily_limit: 100_00, limit_raise: { daily_limit: 300_00, at: iso(start + 24 * HOUR) } },
      });
      expect(answer(await cashFor(till, cabinetId, 5, 150_00, player.id))).toEqual({
        status: 422,
        body: { err: ERR.depositLimit, left: 100_00 },
      });
      try {
        clock.set(start + 24 * HOUR - 1);
        expect((await lookup(till, player.card)).body).toMatchObject({
          daily_limit: 100_00,
          limit_left: 100_00,
        });
        clock.set(start + 24 * HOUR);
        expect((await lookup(till, player.card)).body).toMatchObject({
          daily_limit: 300_00,
          limit_raise: null,
          limit_left: 300_00,
        });
        expect((await cashFor(till, cabinetId, 5, 150_00, player.id)).status).toBe(200);
      } finally {
        clock.set(start);
      }
    });

    it('a lower limit set while a raise waits takes effect at once and drops the raise', async () => {
      const player = await registered(till);
      await till.post(`/a/cashier/players/${player.id}/limit`, { daily_limit: 100_00 });
      await till.post(`/a/cashier/players/${player.id}/limit`, { daily_limit: 200_00 });
      const lower = await till.post<Player>(`/a/cashier/players/${player.id}/limit`, { daily_limit: 80_00 });
      expect(lower.body).toMatchObject({ daily_limit: 80_00, limit_raise: null });
      const start = clock.now();
      try {
        clock.set(start + 2 * DAY);
        expect((await lookup(till, player.card)).body).toMatchObject({
          daily_limit: 80_00,
          limit_raise: null,
        });
      } finally {
        clock.set(start);
      }
    });

    it('writes each change of the limit to the audit log: the limit in effect and a raise waiting', async () => {
      const player = await registered(till);
      const start = clock.now();
      await till.post(`/a/cashier/players/${player.id}/limit`, { daily_limit: 100_00 });
      await till.post(`/a/cashier/players/${player.id}/limit`, { daily_limit: 100_00 });
      await till.post(`/a/cashier/players/${player.id}/limit`, { daily_limit: 250_00 });
      const rows = (await playerAudit(suite.db, player.id)).slice(1);
      expect(rows.map(({ action, before, after }) => ({ action, before, after }))).toEqual([
        { action: 'player.limit', before: { daily_limit: null }, after: { daily_limit: 100_00 } },
        {
          action: 'player.limit',
          before: { limit_raise: null, limit_raise_at: null },
          after: { limit_raise: 250_00, limit_raise_at: iso(start + 24 * HOUR) },
        },
      ]);
    });

    it("answers 404 for another venue's player, 400 for a limit that is no amount, and changes nothing", async () => {
      const theirs = await registered(otherTill);
      expect(answer(await till.post(`/a/cashier/players/${theirs.id}/limit`, { daily_limit: 1 }))).toEqual({
        status: 404,
        body: { err: ERR.notFound },
      });
      const mine = await registered(till);
      for (const body of [{ daily_limit: -1 }, { daily_limit: 1.5 }, { daily_limit: '100' }, {}]) {
        const res = await till.post(`/a/cashier/players/${mine.id}/limit`, body);
        expect(answer(res), JSON.stringify(body)).toMatchObject({
          status: 400,
          body: { err: ERR.validation },
        });
      }
      expect((await lookup(otherTill, theirs.card)).body).toMatchObject({ daily_limit: null });
    });
  });

  describe('who may call', () => {
    it('refuses the till calls to a manager and an admin (403 Forbidden), and to a cashier without a venue', async () => {
      const player = await registered(till);
      const manager = (await signedInAs(suite.server, suite.db, 'manager', venueId)).client;
      const admin = (await longSession(suite.server, suite.db, 'admin', null)).client;
      const homeless = (await cashierClient(suite.server, suite.db, null)).client;
      const calls = (client: TestClient) => [
        client.post('/a/cashier/players', { card: newCard(), trx: newTrx() }),
        client.get(`/a/cashier/players/by_card/${player.card}`),
        client.post(`/a/cashier/players/${player.id}`, { name: 'X' }),
        client.post(`/a/cashier/players/${player.id}/limit`, { daily_limit: 1 }),
        client.post(`/a/cashier/players/${player.id}/transfer`, {
          from: { device_id: cabinetId, place: 1 },
          to: { device_id: cabinetId, place: 2 },
          amount: 1,
          trx: newTrx(),
        }),
      ];
      for (const [client, err] of [
        [manager, ERR.forbidden],
        [admin, ERR.forbidden],
        [homeless, ERR.noAccount],
      ] as const) {
        for (const res of await Promise.all(calls(client))) {
          expect(answer(res)).toEqual({ status: 403, body: { err } });
        }
      }
      expect((await lookup(till, player.card)).body).toMatchObject({ name: null, daily_limit: null });
    });

    it("refuses the manager's player calls to a cashier (403 Forbidden)", async () => {
      const player = await registered(till);
      const search = await till.get(`/a/manager/account/${venueId}/players?q=${player.card}`);
      expect(answer(search)).toEqual({ status: 403, body: { err: ERR.forbidden } });
      const exclude = await till.post(`/a/manager/account/${venueId}/players/${player.id}/exclusion`, {
        until: null,
      });
      expect(answer(exclude)).toEqual({ status: 403, body: { err: ERR.forbidden } });
      expect((await lookup(till, player.card)).body).toMatchObject({ excluded: false });
    });
  });
});
