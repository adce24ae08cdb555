// The machine-facing gateway (/device/*) as a cabinet or a home-play client uses it: enrollment, pairing
// PINs, its state, and game events that move the entries the cashier sees.
import {
  DEFAULT_MAX_EVENT_AMOUNT_CENTS,
  deviceEventResult,
  deviceState as deviceStateSchema,
  ERR,
  pinResult,
} from '@cashdesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { updateAccount } from '../../src/accounts/accounts.repository.js';
import { verifyLedger } from '../../src/ledger/verify.js';
import { FakeClock, MINUTE } from '../helpers/clock.js';
import { testDatabases } from '../helpers/databases.js';
import { createVenue } from '../helpers/factories.js';
import { startTestServer, type TestClient } from '../helpers/server.js';
import { useTestServer } from '../helpers/test-server-suite.js';
import {
  answer,
  cash,
  cashierClient,
  deviceState,
  enrollDevice,
  iso,
  linkCabinet,
  newTrx,
  sendEvent,
  showPin,
  type LinkedDevice,
} from '../helpers/cashier.js';

describe.each(testDatabases)('device gateway on $name', (database) => {
  const clock = new FakeClock();
  let cashier: TestClient;

  const suite = useTestServer(database, { clock, config: { enrollmentOpen: true } });
  beforeAll(async () => {
    const venue = await createVenue(suite.db, { float: 100_000_00, final_bonus_rate_bps: 1000 });
    ({ client: cashier } = await cashierClient(suite.server, suite.db, venue.id));
  });

  afterAll(async () => {
    expect(await verifyLedger(suite.db)).toEqual([]);
  });

  it('refuses enrollment with 403 when the server runs with enrollment closed (the default)', async () => {
    const closed = await startTestServer(suite.db);
    try {
      const before = await suite.db.kysely
        .selectFrom('devices')
        .select(suite.db.kysely.fn.countAll<number>().as('n'))
        .execute();
      const res = await closed
        .client({ base: closed.baseUrl })
        .post('/device/enroll', { kind: 'cabinet', module: 1, game_id: 1, places: 4 });
      expect(answer(res)).toEqual({ status: 403, body: { err: ERR.forbidden } });
      const after = await suite.db.kysely
        .selectFrom('devices')
        .select(suite.db.kysely.fn.countAll<number>().as('n'))
        .execute();
      expect(Number(after[0]!.n)).toBe(Number(before[0]!.n));
    } finally {
      await closed.close();
    }
  });

  it.each([
    ['an unknown kind', { kind: 'tablet', module: 1, game_id: 1, places: 4 }],
    ['0 places', { kind: 'cabinet', module: 1, game_id: 1, places: 0 }],
    ['9 places', { kind: 'cabinet', module: 1, game_id: 1, places: 9 }],
    ['an extra field', { kind: 'cabinet', module: 1, game_id: 1, places: 4, account_id: 1 }],
  ])('refuses an enrollment with %s with 400 validation', async (_name, body) => {
    const res = await suite.server.client({ base: suite.server.baseUrl }).post('/device/enroll', body);
    expect(res).toMatchObject({ status: 400, body: { err: ERR.validation } });
  });

  it.each([
    ['a Rocket cabinet', 'cabinet', 1, 'Rocket Game'],
    ['a Fruit cabinet', 'cabinet', 5, 'Fruit Game'],
    ['a Frog cabinet', 'cabinet', 7, 'Frog Game'],
    ['a cabinet of no known game', 'cabinet', 0, 'Gaming device'],
    ['a home-play client, whatever its game', 'remote', 7, 'Home play'],
  ] as const)('names %s "%s" until the venue renames it', async (_what, kind, module, name) => {
    const device = await enrollDevice(suite.server, { kind, module });
    const pin = await showPin(device);
    if (kind === 'remote') {
      // A phone is not listed: the cashier opens it by its PIN.
      const linked = await cashier.post<{ id: number }>('/a/cashier/devices/remote/register', {
        pin,
        trx: newTrx(),
      });
      const detail = await cashier.get(`/a/cashier/devices/remote/${linked.body.id}`, {
        'x-device-pin': pin,
      });
      expect(detail.body).toMatchObject({ name, type: 1 });
    } else {
      const linked = await cashier.post<{ id: number }>('/a/cashier/devices/register', {
        pin,
        trx: newTrx(),
      });
      expect((await cashier.get(`/a/cashier/devices/${linked.body.id}`)).body).toMatchObject({
        name,
        type: 0,
      });
    }
  });

  it('shows a 5-digit PIN on a cabinet and a 6-digit one on a home-play client, valid 10 minutes', async () => {
    const cabinet = await enrollDevice(suite.server, { kind: 'cabinet' });
    const phone = await enrollDevice(suite.server, { kind: 'remote' });
    const res = await cabinet.client.post('/device/pin', undefined, cabinet.auth);
    expect(res.status).toBe(200);
    expect(pinResult.strict().parse(res.body)).toEqual({
      pin: expect.stringMatching(/^\d{5}$/),
      expires_at: iso(clock.now() + 10 * MINUTE),
    });
    // `{}` is accepted as a body too; anything else is not.
    const remote = await phone.client.post('/device/pin', {}, phone.auth);
    expect(pinResult.parse(remote.body).pin).toMatch(/^\d{6}$/);
    expect((await phone.client.post('/device/pin', { digits: 4 }, phone.auth)).status).toBe(400);
  });

  it('keeps the leading zeros of a PIN: every PIN has its full length', async () => {
    // One PIN in ten starts with 0; in 100 draws one does, all but certainly (1 - 0.9^100). Ten cabinets
    // draw ten each, inside a device's hourly draw budget (gateway/gateway-throttle.ts).
    const pins = [];
    for (let c = 0; c < 10; c++) {
      const cabinet = await enrollDevice(suite.server, { kind: 'cabinet' });
      for (let i = 0; i < 10; i++) pins.push(await showPin(cabinet));
    }
    expect(pins.filter((pin) => !/^\d{5}$/.test(pin))).toEqual([]);
  });

  it('replaces the previous PIN with a new one: the old one is 422 wrong pin on register', async () => {
    const cabinet = await enrollDevice(suite.server);
    const oldPin = await showPin(cabinet);
    const newPin = await showPin(cabinet);
    expect(newPin).not.toBe(oldPin);
    expect(answer(await cashier.post('/a/cashier/devices/register', { pin: oldPin, trx: newTrx() }))).toEqual(
      {
        status: 422,
        body: { err: ERR.wrongPin },
      },
    );
    expect((await cashier.post('/a/cashier/devices/register', { pin: newPin, trx: newTrx() })).status).toBe(
      200,
    );
  });

  it('GET /device/state says linked false until a cashier links it, then true; reporting in makes it ready', async () => {
    const cabinet = await enrollDevice(suite.server, { places: 3 });
    const before = await deviceState(cabinet);
    expect(before.status).toBe(200);
    expect(deviceStateSchema.parse(before.body)).toEqual({
      id: expect.any(Number),
      linked: false,
      places: ['yellow', 'blue', 'orange'].map((colour, i) => ({
        place: i + 1,
        username: '',
        colour,
        balances: { entries: 0, final_bonus: 0 },
      })),
    });

    const { id } = (
      await cashier.post<{ id: number }>('/a/cashier/devices/register', {
        pin: await showPin(cabinet),
        trx: newTrx(),
      })
    ).body;
    expect(id).toBe(before.body.id);
    expect((await cashier.get(`/a/cashier/devices/${id}`)).body).toMatchObject({
      status: 'registering',
      places: [],
    });
    expect((await deviceState(cabinet)).body).toMatchObject({ id, linked: true });
    expect((await cashier.get(`/a/cashier/devices/${id}`)).body).toMatchObject({
      status: 'ready',
      players: 3,
    });
  });

  it('answers 401 unauthorized without a valid Bearer device token', async () => {
    const cabinet = await linkCabinet(suite.server, cashier);
    const event = { trx: newTrx(), place: 1, type: 2, amount: 1_00 };
    const unauthorized = { status: 401, body: { err: ERR.unauthorized } };
    const device = suite.server.client({ base: suite.server.baseUrl });
    expect(answer(await device.post('/device/events', event))).toEqual(unauthorized);
    for (const authorization of [
      'Bearer ' + 'x'.repeat(43),
      cabinet.auth.authorization!.replace('Bearer ', 'Basic '),
      cabinet.auth.authorization!.slice(0, -1),
      // The whole header is the token: nothing before or after it.
      `${cabinet.auth.authorization!} x`,
      `x ${cabinet.auth.authorization!}`,
    ]) {
      expect(answer(await device.post('/device/events', event, { authorization }))).toEqual(unauthorized);
    }
    expect(answer(await device.get('/device/state'))).toEqual(unauthorized);
    expect(answer(await device.post('/device/pin'))).toEqual(unauthorized);
    // A cashier session is not a device token.
    expect(answer(await cashier.post(`${suite.server.baseUrl}/device/events`, event))).toEqual(unauthorized);
    expect((await deviceState(cabinet)).body.places[0]!.balances.entries).toBe(0);
  });

  it('answers 406 device not available to an event before the device is linked', async () => {
    const cabinet = await enrollDevice(suite.server);
    const res = await sendEvent(cabinet, { place: 1, type: 2, amount: 1_00 });
    expect(answer(res)).toEqual({ status: 406, body: { err: ERR.deviceNotAvailable } });
  });

  describe('events', () => {
    let cabinet: LinkedDevice;
    const balances = async (place: number) => (await deviceState(cabinet)).body.places[place - 1]!.balances;

    beforeAll(async () => {
      cabinet = await linkCabinet(suite.server, cashier, { places: 4 });
      await cash(cashier, cabinet.id, 1, 1_000_00);
      await cash(cashier, cabinet.id, 2, 10_00);
    });

    it('refuses a pay larger than the entries with 422 not enough money, stored under its trx', async () => {
      const trx = newTrx();
      const refused = await sendEvent(cabinet, { trx, place: 2, type: 3, amount: 10_01 });
      expect(answer(refused)).toEqual({ status: 422, body: { err: ERR.notEnoughMoney } });
      expect(answer(await sendEvent(cabinet, { trx, place: 2, type: 3, amount: 10_01 }))).toEqual(
        answer(refused),
      );
      expect(answer(await sendEvent(cabinet, { place: 2, type: 14, amount: 10_01 }))).toEqual(
        answer(refused),
      );
      expect(await balances(2)).toEqual({ entries: 10_00, final_bonus: 0 });
      // The whole entries may be bet.
      const all = await sendEvent(cabinet, { place: 2, type: 3, amount: 10_00 });
      expect(all.body).toEqual({ balances: { entries: 0, final_bonus: 1_00 } });
    });

    it("refuses an event above the venue's ceiling with 422 max transaction amount exceeded, stored under its trx", async () => {
      const venueId = (await suite.db.kysely
        .selectFrom('devices')
        .select('account_id')
        .where('id', '=', cabinet.id)
        .executeTakeFirstOrThrow())!.account_id!;
      const ceiling = {
        status: 422,
        body: { err: ERR.maxAmount, max_amount: DEFAULT_MAX_EVENT_AMOUNT_CENTS },
      };
      const trx = newTrx();
      const win = { trx, place: 1, type: 2, amount: DEFAULT_MAX_EVENT_AMOUNT_CENTS + 1 };
      const before = await balances(1);
      expect(answer(await sendEvent(cabinet, win))).toEqual(ceiling);
      expect(
        answer(await sendEvent(cabinet, { place: 1, type: 3, amount: Number.MAX_SAFE_INTEGER })),
      ).toEqual(ceiling);
      expect(await balances(1)).toEqual(before);
      // The back office raises the ceiling: the refused trx keeps its stored answer, a new one goes through.
      await updateAccount(suite.db.kysely, venueId, { max_event_amount: DEFAULT_MAX_EVENT_AMOUNT_CENTS * 2 });
      try {
        expect(answer(await sendEvent(cabinet, win))).toEqual(ceiling);
        const big = await sendEvent(cabinet, { ...win, trx: newTrx() });
        expect(big.status).toBe(200);
        expect(big.body).toEqual({
          balances: {
            entries: before.entries + DEFAULT_MAX_EVENT_AMOUNT_CENTS + 1,
            final_bonus: before.final_bonus,
          },
        });
      } finally {
        await updateAccount(suite.db.kysely, venueId, { max_event_amount: DEFAULT_MAX_EVENT_AMOUNT_CENTS });
      }
    });

    it('refuses a final bonus above the accrued one with 422 not enough money', async () => {
      await sendEvent(cabinet, { place: 3, type: 2, amount: 20_00 });
      await sendEvent(cabinet, { place: 3, type: 3, amount: 15_00 }); // accrues 1.50
      const res = await sendEvent(cabinet, { place: 3, type: 7, amount: 1_51 });
      expect(answer(res)).toEqual({ status: 422, body: { err: ERR.notEnoughMoney } });
      expect(await balances(3)).toEqual({ entries: 5_00, final_bonus: 1_50 });
      expect((await sendEvent(cabinet, { place: 3, type: 7, amount: 1_50 })).body).toEqual({
        balances: { entries: 6_50, final_bonus: 0 },
      });
    });

    it('answers a replayed event with the first answer and moves the money once; another payload is 422 trx conflict', async () => {
      const trx = newTrx();
      const first = await sendEvent(cabinet, { trx, place: 4, type: 2, amount: 3_00 });
      expect(answer(first)).toEqual({ status: 200, body: { balances: { entries: 3_00, final_bonus: 0 } } });
      await sendEvent(cabinet, { place: 4, type: 2, amount: 1_00 });
      expect(answer(await sendEvent(cabinet, { trx, place: 4, type: 2, amount: 3_00 }))).toEqual(
        answer(first),
      );
      expect(await balances(4)).toEqual({ entries: 4_00, final_bonus: 0 });

      const conflict = { status: 422, body: { err: ERR.trxConflict } };
      expect(answer(await sendEvent(cabinet, { trx, place: 4, type: 2, amount: 3_01 }))).toEqual(conflict);
      expect(answer(await sendEvent(cabinet, { trx, place: 4, type: 4, amount: 3_00 }))).toEqual(conflict);
      expect(answer(await sendEvent(cabinet, { trx, place: 3, type: 2, amount: 3_00 }))).toEqual(conflict);
      expect(await balances(4)).toEqual({ entries: 4_00, final_bonus: 0 });

      // Each device has its own trx namespace: another cabinet's event with that trx is its own.
      const neighbour = await linkCabinet(suite.server, cashier, { places: 1 });
      const theirs = await sendEvent(neighbour, { trx, place: 1, type: 2, amount: 3_00 });
      expect(answer(theirs)).toEqual(answer(first));
      expect((await deviceState(neighbour)).body.places[0]!.balances.entries).toBe(3_00);
    });

    // Place 1 holds 1000.00; each row sends one event there and reads what moved (final bonus 10%).
    it.each([
      { type: 2, name: 'win', amount: 12_34, entries: 12_34, finalBonus: 0 },
      { type: 3, name: 'pay', amount: 10_05, entries: -10_05, finalBonus: 1_00 },
      { type: 4, name: 'jackpot', amount: 50_00, entries: 50_00, finalBonus: 0 },
      // Right after a pay of 5.00 (which accrued 0.50): the cancel returns the stake and the bonus it made.
      { type: 6, name: 'cancel pay', amount: 5_00, entries: 5_00, finalBonus: -50, after: 3 },
      { type: 11, name: 'cjackpot', amount: 11_00, entries: 11_00, finalBonus: 0 },
      { type: 12, name: 'gjackpot', amount: 12_00, entries: 12_00, finalBonus: 0 },
      { type: 13, name: 'rjackpot', amount: 13_00, entries: 13_00, finalBonus: 0 },
      { type: 14, name: 'lucky bet', amount: 7_00, entries: -7_00, finalBonus: 0 },
      { type: 15, name: 'cancelled lucky bet', amount: 7_00, entries: 7_00, finalBonus: 0, after: 14 },
      { type: 7, name: 'final bonus', amount: 50, entries: 50, finalBonus: -50 },
    ])(
      'type $type ($name) of $amount cents moves entries by $entries and final bonus by $finalBonus',
      async (row) => {
        const before = await balances(1);
        if (row.type === 7 && before.final_bonus < row.amount) {
          await sendEvent(cabinet, { place: 1, type: 3, amount: 10_00 }); // accrue 1.00 first
        }
        if (row.after !== undefined) {
          // A cancel must directly follow the bet it cancels.
          expect((await sendEvent(cabinet, { place: 1, type: row.after, amount: row.amount })).status).toBe(
            200,
          );
        }
        const start = await balances(1);
        const res = await sendEvent(cabinet, { place: 1, type: row.type, amount: row.amount });
        expect(res.status).toBe(200);
        const expected = {
          entries: start.entries + row.entries,
          final_bonus: start.final_bonus + row.finalBonus,
        };
        expect(deviceEventResult.strict().parse(res.body)).toEqual({ balances: expected });
        expect(await balances(1)).toEqual(expected);
        // The cashier sees the same entries on the place.
        const detail = await cashier.get<{ places: { balances: unknown }[] }>(
          `/a/cashier/devices/${cabinet.id}`,
        );
        expect(detail.body.places[0]!.balances).toEqual(expected);
      },
    );

    it('refuses a cancel that does not follow its bet, and a second cancel of the same bet', async () => {
      const before = await balances(1);
      const noBet = await sendEvent(cabinet, { place: 1, type: 6, amount: 3_21 });
      // The device is told why: its cancel has no bet to undo.
      expect(answer(noBet)).toEqual({
        status: 400,
        body: {
          err: ERR.validation,
          issues: [{ path: 'type', message: 'a cancel must follow the bet it cancels, for the same amount' }],
        },
      });
      expect((await sendEvent(cabinet, { place: 1, type: 3, amount: 2_00 })).status).toBe(200);
      expect((await sendEvent(cabinet, { place: 1, type: 6, amount: 1_00 })).status).toBe(400);
      expect((await sendEvent(cabinet, { place: 1, type: 6, amount: 2_00 })).status).toBe(200);
      expect((await sendEvent(cabinet, { place: 1, type: 6, amount: 2_00 })).status).toBe(400);
      expect(await balances(1)).toEqual(before);
    });

    it.each([
      ['type 0 (a cashier deposit)', { place: 1, type: 0, amount: 1_00 }],
      ['type 1 (a cashier withdraw)', { place: 1, type: 1, amount: 1_00 }],
      ['type 5 (unknown)', { place: 1, type: 5, amount: 1_00 }],
      ['amount 0', { place: 1, type: 2, amount: 0 }],
      ['a negative amount', { place: 1, type: 2, amount: -1_00 }],
      ['a fraction', { place: 1, type: 2, amount: 1.5 }],
      ['place 9', { place: 9, type: 2, amount: 1_00 }],
      ['place 5 of 4', { place: 5, type: 2, amount: 1_00 }],
    ])('refuses an event with %s with 400 validation', async (_name, event) => {
      const before = await balances(1);
      const res = await sendEvent(cabinet, event);
      expect(res).toMatchObject({ status: 400, body: { err: ERR.validation } });
      expect(await balances(1)).toEqual(before);
    });
  });
});
