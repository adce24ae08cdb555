// Every cashier call of docs/api.md with the shape it answers, checked against the contract's zod schemas
// and against the numbers a cashier would see on the screen.
import {
  cashResult,
  device as deviceSchema,
  deviceDetail,
  ERR,
  floatInfo,
  gameEvent,
  registeredDevice,
  reportEntry,
  serverTime,
  versionInfo,
  type CashResult,
  type Device,
  type DeviceDetail,
  type GameEvent,
  type ReportEntry,
  type Restriction,
} from '@cashdesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { updateAccount } from '../../src/accounts/accounts.repository.js';
import type { Db } from '../../src/db/database.js';
import { verifyLedger } from '../../src/ledger/verify.js';
import { FakeClock, HOUR, SECOND } from '../helpers/clock.js';
import { testDatabases } from '../helpers/databases.js';
import { createVenue } from '../helpers/factories.js';
import { clientForUser, createSignedInUser, startTestServer, type TestClient } from '../helpers/server.js';
import { useTestServer } from '../helpers/test-server-suite.js';
import {
  answer,
  cash,
  cashierClient,
  deviceState,
  enrollDevice,
  iso,
  linkCabinet,
  linkRemote,
  localTime,
  newTrx,
  remoteCash,
  sendEvent,
  showPin,
} from '../helpers/cashier.js';

const BUILD_HASH = 'build-3f9c2e1';
const VENUE = 'Casino Aurora';

/** The receipt number of the cashier's operation with this trx: its record's id (cash/receipt.ts). */
async function receiptNumberOf(db: Db, cashierId: number, trx: string): Promise<string> {
  const row = await db.kysely
    .selectFrom('operations')
    .select('id')
    .where('scope', '=', `user:${cashierId}`)
    .where('trx', '=', trx)
    .executeTakeFirstOrThrow();
  return String(row.id);
}
/** A list entry is a Device without places: nothing more, nothing less. */
const listedDevice = z.strictObject(deviceSchema.shape);

describe.each(testDatabases)('cashier API on $name', (database) => {
  const clock = new FakeClock();
  let venueId: number;
  let otherVenueId: number;
  /** Signed in over HTTP; can register and edit devices. */
  let cashier: TestClient;
  let cashierId: number;
  /** A second cashier of the same venue. */
  let colleague: TestClient;
  let colleagueId: number;
  /** A cashier of another venue, with every restriction. */
  let outsider: TestClient;

  const suite = useTestServer(database, { clock, buildHash: BUILD_HASH, config: { enrollmentOpen: true } });
  beforeAll(async () => {
    venueId = (await createVenue(suite.db, { name: VENUE, float: 10_000_00, overdraft: 1_000_00 })).id;
    otherVenueId = (await createVenue(suite.db, { float: 1_000_00 })).id;
    const signedIn = await createSignedInUser(suite.server, {
      account_id: venueId,
      name: 'Alice Cashier',
      restrictions: ['can_register_new_device', 'can_edit_device', 'can_cashier_view_account_balance'],
    });
    cashier = signedIn.client;
    cashierId = signedIn.user.id;
    ({ client: colleague, id: colleagueId } = await cashierClient(suite.server, suite.db, venueId, []));
    outsider = (await cashierClient(suite.server, suite.db, otherVenueId)).client;
  });

  afterAll(async () => {
    expect(await verifyLedger(suite.db)).toEqual([]);
  });

  async function floatBalance(client: TestClient = cashier): Promise<number> {
    const { balance } = floatInfo.parse((await client.get('/a/cashier/account_balance')).body);
    if (balance === null) throw new Error('the float is hidden from this cashier');
    return balance;
  }

  it('GET /cashier_v answers the server build hash and GET /time the server clock, without a session', async () => {
    const anonymous = suite.server.client();
    const version = await anonymous.get('/cashier_v');
    expect(version.status).toBe(200);
    expect(versionInfo.parse(version.body)).toEqual({ hash: BUILD_HASH });

    const time = await anonymous.get('/time');
    expect(time.status).toBe(200);
    expect(serverTime.parse(time.body)).toEqual({ time: iso(clock.now()) });
    clock.advance(2 * SECOND);
    expect((await anonymous.get('/time')).body).toEqual({ time: iso(clock.now()) });
  });

  it('GET /a/cashier/account_balance answers the venue float with its flags', async () => {
    const venue = await createVenue(suite.db, { float: 123_45, overdraft: 500_00, home_play: false });
    const { client } = await cashierClient(suite.server, suite.db, venue.id, [
      'can_cashier_view_account_balance',
      'can_cashier_view_account_overdraft',
    ]);
    const res = await client.get('/a/cashier/account_balance');
    expect(res.status).toBe(200);
    expect(floatInfo.strict().parse(res.body)).toEqual({
      balance: 123_45,
      overdraft: 500_00,
      has_overdraft: true,
      home_play: false,
      is_hard_block_home_play: false,
      is_light_block_home_play: false,
      shifts: false,
      currency: 'EUR',
    });

    await updateAccount(suite.db.kysely, venue.id, { is_light_block_home_play: true, has_overdraft: false });
    expect((await client.get('/a/cashier/account_balance')).body).toMatchObject({
      has_overdraft: false,
      is_light_block_home_play: true,
      is_hard_block_home_play: false,
    });
  });

  it("GET /a/cashier/account_balance leaves out the figures the cashier's restrictions hide", async () => {
    const venue = await createVenue(suite.db, { float: 123_45, overdraft: 500_00 });
    const figures = async (restrictions: Restriction[]) => {
      const { client } = await cashierClient(suite.server, suite.db, venue.id, restrictions);
      const { balance, overdraft, has_overdraft } = floatInfo.parse(
        (await client.get('/a/cashier/account_balance')).body,
      );
      return { balance, overdraft, has_overdraft };
    };
    const hidden = { balance: null, overdraft: null, has_overdraft: true };
    expect(await figures([])).toEqual(hidden);
    expect(await figures(['can_cashier_view_account_overdraft'])).toEqual(hidden);
    expect(
      await figures([
        'can_cashier_view_account_balance',
        'can_cashier_view_account_overdraft',
        'hide_cashier_view_account_balance',
      ]),
    ).toEqual(hidden);
    expect(await figures(['can_cashier_view_account_balance'])).toEqual({
      balance: 123_45,
      overdraft: null,
      has_overdraft: true,
    });
  });

  it('GET /a/cashier/devices lists the venue regular devices by created_at with players, payment, status and summary', async () => {
    const venue = await createVenue(suite.db, { float: 1_000_00 });
    const { client } = await cashierClient(suite.server, suite.db, venue.id);
    const a = await linkCabinet(suite.server, client, { places: 4, module: 1, game_id: 11 });
    clock.advance(SECOND);
    const b = await linkCabinet(suite.server, client, { places: 2, module: 5, game_id: 12 });
    clock.advance(SECOND);
    // Linked, but it has not reported in since: still registering.
    const c = await enrollDevice(suite.server, { kind: 'cabinet', places: 3, module: 3, game_id: 13 });
    const cId = (
      await client.post<{ id: number }>('/a/cashier/devices/register', {
        pin: await showPin(c),
        trx: newTrx(),
      })
    ).body.id;
    const cCreated = clock.now();
    // Neither a home-play client of the venue nor another venue's cabinet is listed.
    const remote = await linkRemote(suite.server, client);
    const foreign = await linkCabinet(suite.server, outsider);
    // The oldest id need not be the oldest device: the list follows created_at.
    await suite.db.kysely
      .updateTable('devices')
      .set({ created_at_ms: cCreated + 5 * SECOND })
      .where('id', '=', a.id)
      .execute();

    clock.advance(SECOND);
    expect((await cash(client, a.id, 1, 50_00)).status).toBe(200);
    clock.advance(SECOND);
    expect((await cash(client, a.id, 3, 20_00)).status).toBe(200);
    const lastDepositAt = clock.now();
    clock.advance(SECOND);
    expect((await cash(client, a.id, 1, -5_00)).status).toBe(200);
    const lastWithdrawAt = clock.now();

    const res = await client.get<Device[]>('/a/cashier/devices');
    expect(res.status).toBe(200);
    const list = z.array(listedDevice).parse(res.body);
    expect(list.map((d) => d.id)).toEqual([b.id, cId, a.id]);
    expect(list.map((d) => d.id)).not.toContain(remote.id);
    expect(list.map((d) => d.id)).not.toContain(foreign.id);
    const created = list.map((d) => Date.parse(d.created_at));
    expect([...created].sort((x, y) => x - y)).toEqual(created);

    const [listedB, listedC, listedA] = list;
    expect(listedA).toEqual({
      id: a.id,
      uuid: a.uuid,
      name: 'Rocket Game',
      game_id: 11,
      module: 1,
      hidden: false,
      type: 0,
      created_at: iso(cCreated + 5 * SECOND),
      players: 4,
      payment: 65_00,
      status: 'ready',
      summary: {
        deposit_24h: 70_00,
        withdraw_24h: 5_00,
        delta_24h: 65_00,
        last_deposit: { amount: 20_00, created_at: iso(lastDepositAt) },
        last_withdraw: { amount: 5_00, created_at: iso(lastWithdrawAt) },
      },
    });
    expect(Buffer.from(listedA!.uuid, 'base64')).toHaveLength(16);
    expect(listedB).toMatchObject({
      id: b.id,
      name: 'Fruit Game',
      module: 5,
      players: 2,
      payment: 0,
      status: 'ready',
      summary: { deposit_24h: 0, withdraw_24h: 0, delta_24h: 0, last_deposit: null, last_withdraw: null },
    });
    // Module 3 is unknown to the web: it is answered as 0.
    expect(listedC).toMatchObject({ id: cId, module: 0, players: 3, status: 'registering' });

    // The other venue sees its own cabinet only.
    const theirs = await outsider.get<Device[]>('/a/cashier/devices');
    expect(theirs.body.map((d) => d.id)).toContain(foreign.id);
    expect(theirs.body.map((d) => d.id)).not.toContain(a.id);
  });

  it('counts only the last 24 hours in the summary, but keeps the last deposit and withdraw', async () => {
    const venue = await createVenue(suite.db, { float: 1_000_00 });
    const { client, id } = await cashierClient(suite.server, suite.db, venue.id);
    const cabinet = await linkCabinet(suite.server, client);
    await cash(client, cabinet.id, 1, 30_00);
    const withdrawAt = clock.now();
    await cash(client, cabinet.id, 1, -10_00);

    // The same database a day later, seen by a server whose clock is 25 hours ahead.
    const laterClock = new FakeClock(clock.now() + 25 * HOUR);
    const later = await startTestServer(suite.db, { clock: laterClock });
    try {
      const lateClient = await clientForUser(later, { id });
      await cash(lateClient, cabinet.id, 2, 4_00);
      const [listed] = (await lateClient.get<Device[]>('/a/cashier/devices')).body;
      expect(listed!.summary).toEqual({
        deposit_24h: 4_00,
        withdraw_24h: 0,
        delta_24h: 4_00,
        last_deposit: { amount: 4_00, created_at: iso(laterClock.now()) },
        last_withdraw: { amount: 10_00, created_at: iso(withdrawAt) },
      });
      expect(listed!.payment).toBe(24_00);
    } finally {
      await later.close();
    }
  });

  it('GET /a/cashier/devices/:id answers the device with its places, coloured by place number', async () => {
    const frog = await linkCabinet(suite.server, cashier, { places: 8, module: 7, game_id: 4 });
    expect((await cash(cashier, frog.id, 2, 12_00)).status).toBe(200);
    expect((await cash(cashier, frog.id, 8, 8_00)).status).toBe(200);
    await sendEvent(frog, { place: 8, type: 3, amount: 3_00 });

    const res = await cashier.get<DeviceDetail>(`/a/cashier/devices/${frog.id}`);
    expect(res.status).toBe(200);
    const detail = deviceDetail.parse(res.body);
    const colours = ['yellow', 'blue', 'orange', 'purple', 'green', 'red', 'cyan', 'black'];
    expect(detail.places).toEqual(
      colours.map((colour, i) => ({
        place: i + 1,
        username: '',
        colour,
        balances:
          i + 1 === 2
            ? { entries: 12_00, final_bonus: 0 }
            : i + 1 === 8
              ? { entries: 5_00, final_bonus: 30 }
              : { entries: 0, final_bonus: 0 },
      })),
    );
    expect(detail).toMatchObject({ id: frog.id, name: 'Frog Game', module: 7, players: 8, payment: 17_00 });
    // The detail is the list entry plus its places.
    const { places: _places, ...withoutPlaces } = detail;
    const listed = (await cashier.get<Device[]>('/a/cashier/devices')).body.find((d) => d.id === frog.id);
    expect(listed).toEqual(withoutPlaces);
  });

  it('POST /a/cashier/devices/register links the cabinet showing the PIN; a replay answers the same id; another payload is a trx conflict', async () => {
    const cabinet = await enrollDevice(suite.server, { kind: 'cabinet', places: 2 });
    const pin = await showPin(cabinet);
    expect((await deviceState(cabinet)).body.linked).toBe(false);

    const trx = newTrx();
    const res = await cashier.post('/a/cashier/devices/register', { pin, trx });
    expect(res.status).toBe(200);
    const { id } = registeredDevice.strict().parse(res.body);
    expect((await deviceState(cabinet)).body).toMatchObject({ id, linked: true });

    const replay = await cashier.post('/a/cashier/devices/register', { pin, trx });
    expect(answer(replay)).toEqual({ status: 200, body: { id } });
    const otherPin = await showPin(cabinet);
    const changed = await cashier.post('/a/cashier/devices/register', { pin: otherPin, trx });
    expect(answer(changed)).toEqual({ status: 422, body: { err: ERR.trxConflict } });

    const listed = (await cashier.get<Device[]>('/a/cashier/devices')).body.filter((d) => d.id === id);
    expect(listed).toEqual([
      expect.objectContaining({ id, uuid: cabinet.uuid, status: 'ready', players: 2 }),
    ]);
  });

  it('POST /a/cashier/devices/:id renames and hides a device and answers the Device', async () => {
    const cabinet = await linkCabinet(suite.server, cashier);
    const res = await cashier.post<Device>(`/a/cashier/devices/${cabinet.id}`, {
      name: 'Bar corner',
      hidden: true,
    });
    expect(res.status).toBe(200);
    expect(listedDevice.parse(res.body)).toMatchObject({ id: cabinet.id, name: 'Bar corner', hidden: true });

    const listed = (await cashier.get<Device[]>('/a/cashier/devices')).body.find((d) => d.id === cabinet.id);
    expect(listed).toEqual(res.body);
    // Every cashier of the venue sees the change.
    const seen = (await colleague.get<Device>(`/a/cashier/devices/${cabinet.id}`)).body;
    expect(seen).toMatchObject({ name: 'Bar corner', hidden: true });

    const back = await cashier.post<Device>(`/a/cashier/devices/${cabinet.id}`, {
      name: '  Entrance  ',
      hidden: false,
    });
    expect(back.body).toMatchObject({ name: 'Entrance', hidden: false });
  });

  it('POST /a/cashier/devices/:id/place/:place/update deposits, withdraws and cashes out, burning the final bonus', async () => {
    const cabinet = await linkCabinet(suite.server, cashier);
    const float0 = await floatBalance();

    const depositTrx = newTrx();
    const deposit = await cash(cashier, cabinet.id, 1, 100_00, depositTrx);
    expect(deposit.status).toBe(200);
    expect(cashResult.strict().parse(deposit.body)).toEqual({
      trx: depositTrx,
      delta: 100_00,
      balances: { entries: 100_00, final_bonus: 0 },
      burned_final_bonus: 0,
      float_balance: float0 - 100_00,
      currency: 'EUR',
      device_uuid: cabinet.uuid,
      created_at: iso(clock.now()),
      venue: VENUE,
      receipt_no: await receiptNumberOf(suite.db, cashierId, depositTrx),
    } satisfies CashResult);

    const withdraw = await cash(cashier, cabinet.id, 1, -30_00);
    expect(withdraw.body).toMatchObject({
      delta: -30_00,
      balances: { entries: 70_00, final_bonus: 0 },
      burned_final_bonus: 0,
      float_balance: float0 - 70_00,
    });

    // A pay of 20.00 at 10% accrues 2.00 of final bonus; any withdraw burns it.
    const pay = await sendEvent(cabinet, { place: 1, type: 3, amount: 20_00 });
    expect(pay.body).toEqual({ balances: { entries: 50_00, final_bonus: 2_00 } });
    const partial = await cash(cashier, cabinet.id, 1, -10_00);
    expect(partial.body).toMatchObject({
      balances: { entries: 40_00, final_bonus: 0 },
      burned_final_bonus: 2_00,
      float_balance: float0 - 60_00,
    });

    await sendEvent(cabinet, { place: 1, type: 3, amount: 10_00 });
    const before = (await cashier.get<DeviceDetail>(`/a/cashier/devices/${cabinet.id}`)).body.places[0]!
      .balances;
    expect(before).toEqual({ entries: 30_00, final_bonus: 1_00 });
    // Cash-out: delta = -entries.
    const cashOut = await cash(cashier, cabinet.id, 1, -before.entries);
    expect(cashResult.parse(cashOut.body)).toMatchObject({
      delta: -30_00,
      balances: { entries: 0, final_bonus: 0 },
      burned_final_bonus: 1_00,
      float_balance: float0 - 30_00,
    });

    expect(await floatBalance()).toBe(float0 - 30_00);
    expect((await deviceState(cabinet)).body.places[0]!.balances).toEqual({ entries: 0, final_bonus: 0 });
  });

  it("gives an applied cash call the venue's name and a short receipt number, unique in the venue and the same on a retry", async () => {
    const cabinet = await linkCabinet(suite.server, cashier);
    const [first, second] = [newTrx(), newTrx()];
    const deposit = await cash(cashier, cabinet.id, 1, 5_00, first);
    const withdraw = await cash(cashier, cabinet.id, 1, -2_00, second);
    const retried = await cash(cashier, cabinet.id, 1, 5_00, first);
    const receipt = (res: { body: Record<string, unknown> }) => ({
      venue: res.body.venue,
      receipt_no: res.body.receipt_no,
    });
    expect(receipt(deposit)).toEqual({
      venue: VENUE,
      receipt_no: await receiptNumberOf(suite.db, cashierId, first),
    });
    expect(String(deposit.body.receipt_no)).toMatch(/^\d{1,10}$/);
    expect(receipt(retried)).toEqual(receipt(deposit));
    expect(retried.body).toEqual(deposit.body);
    expect(withdraw.body.receipt_no).not.toBe(deposit.body.receipt_no);
    // A colleague's call with the same trx is an operation of its own: its own number.
    const colleagues = await cash(colleague, cabinet.id, 1, 5_00, first);
    expect(colleagues.status).toBe(200);
    expect(colleagues.body.receipt_no).not.toBe(deposit.body.receipt_no);
    // A refusal carries none.
    const refused = await cash(cashier, cabinet.id, 1, -1_000_00);
    expect(refused.status).not.toBe(200);
    expect(refused.body).not.toHaveProperty('receipt_no');
  });

  it('POST /a/cashier/devices/remote/register connects a home-play client by its 6-digit PIN', async () => {
    const phone = await enrollDevice(suite.server, { kind: 'remote', module: 5, game_id: 2, places: 1 });
    const pin = await showPin(phone);
    expect(pin).toMatch(/^\d{6}$/);

    const trx = newTrx();
    const res = await cashier.post('/a/cashier/devices/remote/register', { pin, trx });
    expect(res.status).toBe(200);
    const { id } = registeredDevice.strict().parse(res.body);
    expect(answer(await cashier.post('/a/cashier/devices/remote/register', { pin, trx }))).toEqual({
      status: 200,
      body: { id },
    });
    expect((await deviceState(phone)).body).toMatchObject({ id, linked: true });
    // A phone is not a cabinet: it stays out of the device list.
    const list = (await cashier.get<Device[]>('/a/cashier/devices')).body;
    expect(list.map((d) => d.id)).not.toContain(id);
  });

  it('opens a phone linked to this venue again by the PIN it still shows, however often, with the same id', async () => {
    const phone = await linkRemote(suite.server, cashier);
    // The panel closed, the page reloaded or the till reset: the cashier types the same PIN again.
    for (let i = 0; i < 7; i++) {
      const trx = newTrx();
      const again = { status: 200, body: { id: phone.id } };
      expect(
        answer(await cashier.post('/a/cashier/devices/remote/register', { pin: phone.pin, trx })),
      ).toEqual(again);
      // The same trx rules as any register: its answer is stored, and a changed request under it conflicts.
      expect(
        answer(await cashier.post('/a/cashier/devices/remote/register', { pin: phone.pin, trx })),
      ).toEqual(again);
    }
    // Another venue's cashier learns nothing from that PIN: it is a wrong one there.
    const elsewhere = await createVenue(suite.db, { home_play: true });
    const { client: outsider } = await cashierClient(suite.server, suite.db, elsewhere.id);
    expect(
      answer(await outsider.post('/a/cashier/devices/remote/register', { pin: phone.pin, trx: newTrx() })),
    ).toEqual({ status: 422, body: { err: ERR.wrongPin } });
    // Once the phone shows a new PIN, the old one opens nothing.
    const next = await showPin(phone);
    expect(
      answer(await cashier.post('/a/cashier/devices/remote/register', { pin: phone.pin, trx: newTrx() })),
    ).toEqual({ status: 422, body: { err: ERR.wrongPin } });
    expect(
      answer(await cashier.post('/a/cashier/devices/remote/register', { pin: next, trx: newTrx() })),
    ).toEqual({
      status: 200,
      body: { id: phone.id },
    });
  });

  it('GET /a/cashier/devices/remote/:id answers the remote device detail for the PIN in X-Device-Pin', async () => {
    const phone = await linkRemote(suite.server, cashier, { module: 5, game_id: 9 });
    await remoteCash(cashier, phone, 15_00);

    const res = await cashier.get<DeviceDetail>(`/a/cashier/devices/remote/${phone.id}`, {
      'X-Device-Pin': phone.pin,
    });
    expect(res.status).toBe(200);
    expect(deviceDetail.parse(res.body)).toMatchObject({
      id: phone.id,
      uuid: phone.uuid,
      name: 'Home play',
      type: 1,
      module: 5,
      game_id: 9,
      status: 'ready',
      players: 1,
      payment: 15_00,
      places: [{ place: 1, username: '', colour: 'yellow', balances: { entries: 15_00, final_bonus: 0 } }],
    });
  });

  it('POST /a/cashier/devices/remote/:id/place/:place/update deposits and withdraws with the PIN', async () => {
    const phone = await linkRemote(suite.server, cashier);
    const float0 = await floatBalance();

    const trx = newTrx();
    const deposit = await remoteCash(cashier, phone, 20_00, trx);
    expect(deposit.status).toBe(200);
    expect(cashResult.strict().parse(deposit.body)).toEqual({
      trx,
      delta: 20_00,
      balances: { entries: 20_00, final_bonus: 0 },
      burned_final_bonus: 0,
      float_balance: float0 - 20_00,
      currency: 'EUR',
      device_uuid: phone.uuid,
      created_at: iso(clock.now()),
      venue: VENUE,
      receipt_no: await receiptNumberOf(suite.db, cashierId, trx),
    });
    await sendEvent(phone, { place: 1, type: 3, amount: 5_00 });
    const withdraw = await remoteCash(cashier, phone, -5_00);
    expect(withdraw.body).toMatchObject({
      delta: -5_00,
      balances: { entries: 10_00, final_bonus: 0 },
      burned_final_bonus: 50,
      float_balance: float0 - 15_00,
    });
    const cashOut = await remoteCash(cashier, phone, -10_00);
    expect(cashOut.body).toMatchObject({
      balances: { entries: 0, final_bonus: 0 },
      float_balance: float0 - 5_00,
    });
  });

  it("POST /a/cashier/report answers only the caller's own rows in [from, to], newest first, with offsets honoured", async () => {
    const cabinet = await linkCabinet(suite.server, cashier, { places: 4 });
    const spare = await linkCabinet(suite.server, cashier, { places: 1 });
    // Whole seconds, so the bounds below can name the rows' times exactly.
    clock.set(Math.ceil(clock.now() / SECOND) * SECOND + SECOND);
    const t1 = clock.now();
    const d1 = await cash(cashier, cabinet.id, 1, 10_00);
    clock.advance(SECOND);
    await cash(colleague, cabinet.id, 1, 7_00); // another cashier: not in Alice's report
    clock.advance(SECOND);
    const t3 = clock.now();
    const d3 = await cash(cashier, cabinet.id, 2, 5_00);
    clock.advance(SECOND);
    const t4 = clock.now();
    const w4 = await cash(cashier, cabinet.id, 2, -4_00);
    await cash(cashier, spare.id, 1, 1_00); // a device not asked for

    const day = iso(clock.now()).slice(0, 10);
    const nextDay = iso(clock.now() + 24 * HOUR).slice(0, 10);
    const report = (body: Record<string, unknown>) =>
      cashier.post<ReportEntry[]>('/a/cashier/report', { device_ids: [cabinet.id], ...body });

    const res = await report({ from: `${day}T00:00:00+01:00`, to: `${day}T23:59:59+01:00`, remote: false });
    expect(res.status).toBe(200);
    const rows = reportEntry.strict().array().parse(res.body);
    const row = (
      trx: unknown,
      at: number,
      place: number,
      totalIn: number,
      totalOut: number,
    ): ReportEntry => ({
      device_id: cabinet.id,
      device_name: 'Rocket Game',
      place,
      trx: String(trx),
      created_at: iso(at),
      currency: 'EUR',
      user_idx: cashierId,
      user_name: 'Alice Cashier',
      data: { total_in: totalIn, total_out: totalOut },
    });
    expect(rows).toEqual([
      row(w4.body.trx, t4, 2, 0, 4_00),
      row(d3.body.trx, t3, 2, 5_00, 0),
      row(d1.body.trx, t1, 1, 10_00, 0),
    ]);

    // Date-only bounds are UTC midnights.
    expect((await report({ from: day, to: nextDay })).body).toEqual(rows);
    // 10:59:59 at +01:00 is 09:59:59Z, before every row (they are at 10:00Z and after): the offset counts.
    const morning = { from: `${day}T00:00:00+01:00`, to: `${day}T10:59:59+01:00` };
    expect(answer(await report(morning))).toEqual({ status: 200, body: [] });
    // Both bounds are inclusive; here expressed in India's +05:30.
    const tail = await report({ from: localTime(t3, 330), to: localTime(t4, 330) });
    expect(tail.body).toEqual(rows.slice(0, 2));
    // Another venue's device asked for by id yields nothing.
    const foreign = await linkCabinet(suite.server, outsider);
    const theirs = await cashier.post('/a/cashier/report', {
      device_ids: [foreign.id],
      from: day,
      to: nextDay,
    });
    expect(answer(theirs)).toEqual({ status: 200, body: [] });
  });

  it('POST /a/cashier/limit_report answers the last operations of a place by every cashier, newest first, at most limit', async () => {
    const cabinet = await linkCabinet(suite.server, cashier);
    clock.advance(SECOND);
    await cash(cashier, cabinet.id, 3, 10_00);
    clock.advance(SECOND);
    await cash(colleague, cabinet.id, 3, 7_00);
    clock.advance(SECOND);
    await cash(colleague, cabinet.id, 3, -2_00);
    await cash(cashier, cabinet.id, 4, 1_00); // another place

    const history = (limit: number, placeId = 3) =>
      cashier.post<ReportEntry[]>('/a/cashier/limit_report', {
        device_ids: [cabinet.id],
        limit,
        placeId,
        remote: true,
      });
    const res = await history(20);
    expect(res.status).toBe(200);
    const rows = reportEntry.array().parse(res.body);
    expect(rows.map((r) => [r.place, r.data.total_in, r.data.total_out])).toEqual([
      [3, 0, 2_00],
      [3, 7_00, 0],
      [3, 10_00, 0],
    ]);
    // The web marks other cashiers' rows as foreign by user_idx.
    expect(rows.map((r) => r.user_idx)).toEqual([colleagueId, colleagueId, cashierId]);
    const [newest, , oldest] = rows;
    expect(Date.parse(newest!.created_at)).toBeGreaterThan(Date.parse(oldest!.created_at));

    expect((await history(2)).body).toEqual(rows.slice(0, 2));
    expect((await history(1, 4)).body).toEqual([expect.objectContaining({ place: 4, user_idx: cashierId })]);
  });

  it('POST /a/cashier/game_report answers a remote device events with cashier deposits (0) and withdraws (1), never lucky bets', async () => {
    const phone = await linkRemote(suite.server, cashier);
    const at = clock.now();
    await remoteCash(cashier, phone, 50_00); // 0: 50.00
    await sendEvent(phone, { place: 1, type: 3, amount: 10_00 }); // pay: 40.00, final bonus 1.00
    await sendEvent(phone, { place: 1, type: 2, amount: 4_00 }); // win: 44.00
    await sendEvent(phone, { place: 1, type: 14, amount: 3_00 }); // lucky bet: 41.00 (hidden)
    await sendEvent(phone, { place: 1, type: 15, amount: 3_00 }); // cancelled lucky bet: 44.00 (hidden)
    await sendEvent(phone, { place: 1, type: 7, amount: 1_00 }); // final bonus: 45.00
    await remoteCash(cashier, phone, -6_00); // 1: 39.00

    const gameReport = (full: boolean) =>
      cashier.post<GameEvent[]>(
        '/a/cashier/game_report',
        { device_id: phone.id, full },
        { 'x-device-pin': phone.pin },
      );
    const res = await gameReport(true);
    expect(res.status).toBe(200);
    const events = gameEvent.strict().array().parse(res.body);
    expect(events).toEqual(
      [
        [1, -6_00, 39_00],
        [7, 1_00, 45_00],
        [2, 4_00, 44_00],
        [3, -10_00, 40_00],
        [0, 50_00, 50_00],
      ].map(([type, delta, balance]) => ({ type, place: 1, delta, balance, created_at: iso(at) })),
    );
    expect((await gameReport(false)).body).toEqual(events);
  });
});
