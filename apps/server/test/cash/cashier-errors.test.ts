// Every error of docs/api.md's table (and docs/product.md section 8) that the cashier API owns, with the exact body
// the web branches on.
import { API_BASE, ERR } from '@cashdesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { updateAccount } from '../../src/accounts/accounts.repository.js';
import { LedgerService } from '../../src/ledger/ledger.service.js';
import { verifyLedger } from '../../src/ledger/verify.js';
import { FakeClock, MINUTE } from '../helpers/clock.js';
import { testDatabases } from '../helpers/databases.js';
import { createTestUser, createVenue } from '../helpers/factories.js';
import { clientForUser, createSignedInUser, type TestClient } from '../helpers/server.js';
import { useTestServer } from '../helpers/test-server-suite.js';
import {
  answer,
  cash,
  cashierClient,
  fromNetwork,
  deviceState,
  enrollDevice,
  linkCabinet,
  linkRemote,
  newTrx,
  remoteCash,
  showPin,
  type LinkedDevice,
} from '../helpers/cashier.js';

/** What a database error could carry to a client if it leaked. */
const LEAK = /SQLITE|relation|no such table|accounts_gone|select |stack|at \//i;

describe.each(testDatabases)('cashier API errors on $name', (database) => {
  const clock = new FakeClock();
  let venueId: number;
  let cashier: TestClient;
  let cabinet: LinkedDevice;

  const suite = useTestServer(database, {
    clock,
    // Behind a trusted proxy, so the tests that guess wrong PINs call from networks of their own: the
    // PIN throttle counts a network's wrong PINs together (devices/pin-guard.ts).
    config: { enrollmentOpen: true, trustProxy: true },
    extend: (app) => {
      // Errors as the database drivers throw them: their text must stay in the log.
      app.get(`${API_BASE}/a/cashier/probe/sqlite-error`, async () => {
        throw Object.assign(
          new Error('SQLITE_ERROR: no such column: password_hash in "select * from users"'),
          {
            code: 'SQLITE_ERROR',
          },
        );
      });
      app.post(`${API_BASE}/probe/pg-error`, async () => {
        throw Object.assign(new Error('relation "accounts" does not exist'), {
          code: '42P01',
          severity: 'ERROR',
          detail: 'select balance_cents from accounts where id = 1',
        });
      });
    },
  });
  beforeAll(async () => {
    venueId = (
      await createVenue(suite.db, {
        float: 1_000_00,
        overdraft: 100_00,
        min_amount: 1_00,
        max_amount: 500_00,
        home_play: true,
      })
    ).id;
    ({ client: cashier } = await cashierClient(suite.server, suite.db, venueId));
    cabinet = await linkCabinet(suite.server, cashier);
  });

  afterAll(async () => {
    expect(await verifyLedger(suite.db)).toEqual([]);
  });

  async function entriesOf(device: LinkedDevice, place = 1): Promise<number> {
    return (await deviceState(device)).body.places[place - 1]!.balances.entries;
  }

  describe('money rules', () => {
    it('409 overdraft with balance and overdraft when a deposit would take the float below -overdraft; the refusal is stored', async () => {
      const venue = await createVenue(suite.db, { float: 100_00, overdraft: 50_00 });
      const { client } = await cashierClient(suite.server, suite.db, venue.id);
      const device = await linkCabinet(suite.server, client);

      const trx = newTrx();
      const refused = await cash(client, device.id, 1, 150_01, trx);
      expect(answer(refused)).toEqual({
        status: 409,
        body: { err: ERR.overdraft, balance: 100_00, overdraft: 50_00 },
      });
      expect((await cash(client, device.id, 1, 150_00)).body).toMatchObject({ float_balance: -50_00 });
      expect(answer(await cash(client, device.id, 1, 1))).toEqual({
        status: 409,
        body: { err: ERR.overdraft, balance: -50_00, overdraft: 50_00 },
      });

      // Money arrives; the refused trx still answers its stored refusal, a new one goes through.
      await new LedgerService(suite.db).moveFloat({
        account_id: venue.id,
        user_id: null,
        delta_cents: 1_000_00,
        trx: newTrx(),
        reason: 'top-up',
      });
      expect(answer(await cash(client, device.id, 1, 150_01, trx))).toEqual(answer(refused));
      expect((await cash(client, device.id, 1, 150_01)).status).toBe(200);
    });

    it('409 overdraft with overdraft 0 when the venue has none', async () => {
      const venue = await createVenue(suite.db, { float: 10_00, overdraft: 500_00, has_overdraft: false });
      const { client } = await cashierClient(suite.server, suite.db, venue.id);
      const device = await linkCabinet(suite.server, client);
      expect(answer(await cash(client, device.id, 1, 10_01))).toEqual({
        status: 409,
        body: { err: ERR.overdraft, balance: 10_00, overdraft: 0 },
      });
    });

    it("cash answers leave out the float figures the cashier's restrictions hide, replays included", async () => {
      const venue = await createVenue(suite.db, { float: 100_00, overdraft: 50_00 });
      const installer = (await cashierClient(suite.server, suite.db, venue.id)).client;
      const device = await linkCabinet(suite.server, installer);
      const hiddenUser = await createTestUser(suite.db, { account_id: venue.id, restrictions: [] });
      const hidden = await clientForUser(suite.server, hiddenUser);
      const balanceOnly = (
        await cashierClient(suite.server, suite.db, venue.id, ['can_cashier_view_account_balance'])
      ).client;

      const trx = newTrx();
      const deposit = await cash(hidden, device.id, 1, 10_00, trx);
      expect(deposit.status).toBe(200);
      expect(deposit.body).toMatchObject({ delta: 10_00, float_balance: null });
      expect(answer(await cash(hidden, device.id, 1, 140_01))).toEqual({
        status: 409,
        body: { err: ERR.overdraft, balance: null, overdraft: null },
      });
      // A cashier who may see the balance but not the overdraft gets the one, not the other.
      expect((await cash(balanceOnly, device.id, 1, 1_00)).body).toMatchObject({ float_balance: 89_00 });
      expect(answer(await cash(balanceOnly, device.id, 1, 139_01))).toEqual({
        status: 409,
        body: { err: ERR.overdraft, balance: 89_00, overdraft: null },
      });
      // The full answer is what the ledger stored: granted the float, the hidden cashier's replay shows it.
      expect(answer(await cash(hidden, device.id, 1, 10_00, trx))).toEqual(answer(deposit));
      const admin = await clientForUser(
        suite.server,
        await createTestUser(suite.db, { account_id: null, role: 'admin' }),
      );
      const granted = await admin.post(`/a/admin/user/${hiddenUser.id}/set_restrictions`, {
        restrictions: ['can_cashier_view_account_balance', 'can_cashier_view_account_overdraft'],
      });
      expect(granted.status).toBe(200);
      expect(answer(await cash(hidden, device.id, 1, 10_00, trx))).toEqual({
        status: 200,
        body: { ...deposit.body, float_balance: 90_00 },
      });
      expect(answer(await cash(hidden, device.id, 1, 140_01))).toEqual({
        status: 409,
        body: { err: ERR.overdraft, balance: 89_00, overdraft: 50_00 },
      });
    });

    it('422 not enough money for a withdraw larger than the entries; nothing moves', async () => {
      await cash(cashier, cabinet.id, 2, 10_00);
      const trx = newTrx();
      const refused = await cash(cashier, cabinet.id, 2, -10_01, trx);
      expect(answer(refused)).toEqual({ status: 422, body: { err: ERR.notEnoughMoney } });
      expect(await entriesOf(cabinet, 2)).toBe(10_00);
      expect(answer(await cash(cashier, cabinet.id, 2, -10_01, trx))).toEqual(answer(refused));
      expect((await cash(cashier, cabinet.id, 2, -10_00)).body).toMatchObject({ balances: { entries: 0 } });
    });

    it('422 min/max transaction amount with min_amount/max_amount, checked on |delta| before overdraft and entries', async () => {
      const minimum = { status: 422, body: { err: ERR.minAmount, min_amount: 1_00 } };
      const maximum = { status: 422, body: { err: ERR.maxAmount, max_amount: 500_00 } };
      expect(answer(await cash(cashier, cabinet.id, 3, 99))).toEqual(minimum);
      // Place 3 is empty: the minimum is reported, not the missing money.
      expect(answer(await cash(cashier, cabinet.id, 3, -99))).toEqual(minimum);
      expect(answer(await cash(cashier, cabinet.id, 3, 500_01))).toEqual(maximum);
      expect(answer(await cash(cashier, cabinet.id, 3, -500_01))).toEqual(maximum);
      // The limits themselves are allowed.
      expect((await cash(cashier, cabinet.id, 3, 1_00)).status).toBe(200);
      expect((await cash(cashier, cabinet.id, 3, 500_00)).status).toBe(200);
      expect((await cash(cashier, cabinet.id, 3, -501_00)).body).toEqual(maximum.body);
    });

    it('422 trx conflict for a trx reused with another payload; the exact replay answers the first result once', async () => {
      const trx = newTrx();
      const first = await cash(cashier, cabinet.id, 4, 5_00, trx);
      expect(first.status).toBe(200);
      expect(answer(await cash(cashier, cabinet.id, 4, 5_00, trx))).toEqual(answer(first));
      expect(await entriesOf(cabinet, 4)).toBe(5_00);

      const conflict = { status: 422, body: { err: ERR.trxConflict } };
      expect(answer(await cash(cashier, cabinet.id, 4, 6_00, trx))).toEqual(conflict);
      expect(answer(await cash(cashier, cabinet.id, 3, 5_00, trx))).toEqual(conflict);
      // One namespace per cashier: a register trx cannot be reused for cash either.
      const registerTrx = newTrx();
      const cabinet2 = await enrollDevice(suite.server);
      await cashier.post('/a/cashier/devices/register', { pin: await showPin(cabinet2), trx: registerTrx });
      expect(answer(await cash(cashier, cabinet.id, 4, 5_00, registerTrx))).toEqual(conflict);
      expect(await entriesOf(cabinet, 4)).toBe(5_00);
    });
  });

  describe('home play', () => {
    let venue: number;
    let homeCashier: TestClient;
    let phone: LinkedDevice;
    let regular: LinkedDevice;

    beforeAll(async () => {
      venue = (await createVenue(suite.db, { float: 1_000_00, home_play: true })).id;
      ({ client: homeCashier } = await cashierClient(suite.server, suite.db, venue));
      phone = await linkRemote(suite.server, homeCashier);
      regular = await linkCabinet(suite.server, homeCashier);
      await remoteCash(homeCashier, phone, 30_00);
    });

    it('403 account is hard block home play on every cash call (remote and regular) and every remote call; nothing moves', async () => {
      const waiting = await enrollDevice(suite.server, { kind: 'remote' });
      const waitingPin = await showPin(waiting);
      await cash(homeCashier, regular.id, 2, 20_00);
      const floatBefore = (await homeCashier.get('/a/cashier/account_balance')).body.balance;
      const trx = newTrx();
      await updateAccount(suite.db.kysely, venue, { is_hard_block_home_play: true });
      try {
        const hard = { status: 403, body: { err: ERR.hardBlock } };
        const pinHeader = { 'x-device-pin': phone.pin };
        expect(
          answer(
            await homeCashier.post('/a/cashier/devices/remote/register', { pin: waitingPin, trx: newTrx() }),
          ),
        ).toEqual(hard);
        expect(answer(await homeCashier.get(`/a/cashier/devices/remote/${phone.id}`, pinHeader))).toEqual(
          hard,
        );
        expect(answer(await remoteCash(homeCashier, phone, 1_00))).toEqual(hard);
        expect(answer(await remoteCash(homeCashier, phone, -1_00))).toEqual(hard);
        expect(
          answer(
            await homeCashier.post('/a/cashier/game_report', { device_id: phone.id, full: true }, pinHeader),
          ),
        ).toEqual(hard);
        // docs/product.md section 4: all cashier operations unavailable, on the venue's cabinets too.
        expect(answer(await cash(homeCashier, regular.id, 2, 1_00, trx))).toEqual(hard);
        expect(answer(await cash(homeCashier, regular.id, 2, -1_00))).toEqual(hard);
        expect(answer(await cash(homeCashier, regular.id, 2, -20_00))).toEqual(hard);
        expect(await entriesOf(phone)).toBe(30_00);
        expect(await entriesOf(regular, 2)).toBe(20_00);
        expect((await homeCashier.get('/a/cashier/account_balance')).body).toMatchObject({
          balance: floatBefore,
          is_hard_block_home_play: true,
        });
        expect((await deviceState(waiting)).body.linked).toBe(false);
      } finally {
        await updateAccount(suite.db.kysely, venue, { is_hard_block_home_play: false });
      }
      // The refused calls did not use up the PIN or the trx.
      expect(
        (await homeCashier.post('/a/cashier/devices/remote/register', { pin: waitingPin, trx: newTrx() }))
          .status,
      ).toBe(200);
      const after = await cash(homeCashier, regular.id, 2, 1_00, trx);
      expect(after.status).toBe(200);
      expect(after.body).toMatchObject({ delta: 1_00, balances: { entries: 21_00 } });
      expect(await verifyLedger(suite.db)).toEqual([]);
    });

    it('403 account is light block home play on every deposit (remote and regular), while withdraws and cash-outs still work', async () => {
      await cash(homeCashier, regular.id, 3, 15_00);
      await updateAccount(suite.db.kysely, venue, { is_light_block_home_play: true });
      try {
        const light = { status: 403, body: { err: ERR.lightBlock } };
        const trx = newTrx();
        expect(answer(await remoteCash(homeCashier, phone, 5_00, trx))).toEqual(light);
        expect(await entriesOf(phone)).toBe(30_00);
        // A refused permission does not use up the trx.
        const withdraw = await remoteCash(homeCashier, phone, -5_00, trx);
        expect(withdraw.status).toBe(200);
        expect(withdraw.body).toMatchObject({ delta: -5_00, balances: { entries: 25_00 } });
        const detail = await homeCashier.get(`/a/cashier/devices/remote/${phone.id}`, {
          'x-device-pin': phone.pin,
        });
        expect(detail.status).toBe(200);
        // The venue's cabinets: no deposit either, withdraw and cash-out pass.
        expect(answer(await cash(homeCashier, regular.id, 3, 1_00))).toEqual(light);
        expect(await entriesOf(regular, 3)).toBe(15_00);
        expect((await cash(homeCashier, regular.id, 3, -5_00)).body).toMatchObject({
          balances: { entries: 10_00 },
        });
        expect((await cash(homeCashier, regular.id, 3, -10_00)).body).toMatchObject({
          balances: { entries: 0 },
        });
      } finally {
        await updateAccount(suite.db.kysely, venue, { is_light_block_home_play: false });
      }
    });

    it('answers the replay of a cabinet deposit made before a hard block with the stored result', async () => {
      const trx = newTrx();
      const first = await cash(homeCashier, regular.id, 4, 2_00, trx);
      expect(first.status).toBe(200);
      await updateAccount(suite.db.kysely, venue, { is_hard_block_home_play: true });
      try {
        expect(answer(await cash(homeCashier, regular.id, 4, 2_00, trx))).toEqual(answer(first));
        expect(await entriesOf(regular, 4)).toBe(2_00);
      } finally {
        await updateAccount(suite.db.kysely, venue, { is_hard_block_home_play: false });
      }
    });

    it('answers the replay of a remote deposit made before a hard block with the stored result, and moves nothing', async () => {
      const trx = newTrx();
      const entries = await entriesOf(phone);
      const first = await remoteCash(homeCashier, phone, 3_00, trx);
      expect(first.status).toBe(200);
      await updateAccount(suite.db.kysely, venue, { is_hard_block_home_play: true });
      try {
        // Remote calls are the hard block's first target; the replay's money moved before it came.
        expect(answer(await remoteCash(homeCashier, phone, 3_00, trx))).toEqual(answer(first));
        expect(answer(await remoteCash(homeCashier, phone, 3_00))).toEqual({
          status: 403,
          body: { err: ERR.hardBlock },
        });
        expect(await entriesOf(phone)).toBe(entries + 3_00);
      } finally {
        await updateAccount(suite.db.kysely, venue, { is_hard_block_home_play: false });
      }
    });

    it('answers the replay of a remote deposit made before a light block with the stored result (contract: idempotency)', async () => {
      const trx = newTrx();
      const first = await remoteCash(homeCashier, phone, 2_00, trx);
      expect(first.status).toBe(200);
      await updateAccount(suite.db.kysely, venue, { is_light_block_home_play: true });
      try {
        // The web never saw the first answer and retries: the money moved, so the answer must say so.
        expect(answer(await remoteCash(homeCashier, phone, 2_00, trx))).toEqual(answer(first));
      } finally {
        await updateAccount(suite.db.kysely, venue, { is_light_block_home_play: false });
      }
    });

    it('answers the replay of a remote deposit made before the phone showed a new PIN with the stored result', async () => {
      const other = await linkRemote(suite.server, homeCashier);
      const trx = newTrx();
      const first = await remoteCash(homeCashier, other, 3_00, trx);
      expect(first.status).toBe(200);
      await showPin(other);
      expect(answer(await remoteCash(homeCashier, other, 3_00, trx))).toEqual(answer(first));
    });

    it('403 Forbidden on remote register when the venue has no home play', async () => {
      const noHome = await createVenue(suite.db, { home_play: false });
      const { client } = await cashierClient(suite.server, suite.db, noHome.id);
      const waiting = await enrollDevice(suite.server, { kind: 'remote' });
      const res = await client.post('/a/cashier/devices/remote/register', {
        pin: await showPin(waiting),
        trx: newTrx(),
      });
      expect(answer(res)).toEqual({ status: 403, body: { err: ERR.forbidden } });
    });

    it('406 pin changed on remote calls with a PIN the phone no longer shows', async () => {
      const other = await linkRemote(suite.server, homeCashier);
      await remoteCash(homeCashier, other, 4_00);
      const newPin = await showPin(other);
      const changed = { status: 406, body: { err: ERR.pinChanged } };
      const old = { 'x-device-pin': other.pin };
      expect(answer(await homeCashier.get(`/a/cashier/devices/remote/${other.id}`, old))).toEqual(changed);
      expect(answer(await remoteCash(homeCashier, other, -1_00))).toEqual(changed);
      expect(
        answer(await homeCashier.post('/a/cashier/game_report', { device_id: other.id, full: false }, old)),
      ).toEqual(changed);
      // A PIN it never showed.
      expect(
        answer(await homeCashier.get(`/a/cashier/devices/remote/${other.id}`, { 'x-device-pin': '1' })),
      ).toEqual(changed);
      expect(await entriesOf(other)).toBe(4_00);
      // With the new PIN the cashier is back in.
      expect(
        (await homeCashier.get(`/a/cashier/devices/remote/${other.id}`, { 'x-device-pin': newPin })).status,
      ).toBe(200);
    });
  });

  describe('devices', () => {
    it('406 device not available for another venue device, an unknown id, and a device of the other kind', async () => {
      const otherVenue = await createVenue(suite.db, { float: 100_00 });
      const { client: outsider } = await cashierClient(suite.server, suite.db, otherVenue.id);
      const foreign = await linkCabinet(suite.server, outsider);
      const phone = await linkRemote(suite.server, cashier);
      const unavailable = { status: 406, body: { err: ERR.deviceNotAvailable } };
      const edit = { name: 'Mine now', hidden: false };

      for (const id of [foreign.id, 2147483647, phone.id]) {
        expect(answer(await cashier.get(`/a/cashier/devices/${id}`))).toEqual(unavailable);
        expect(answer(await cash(cashier, id, 1, 1_00))).toEqual(unavailable);
        expect(answer(await cashier.post(`/a/cashier/devices/${id}`, edit))).toEqual(unavailable);
      }
      // A cabinet through the remote path, even with the PIN it showed.
      expect(
        answer(await cashier.get(`/a/cashier/devices/remote/${cabinet.id}`, { 'x-device-pin': cabinet.pin })),
      ).toEqual(unavailable);
      expect(answer(await remoteCash(cashier, cabinet, 1_00))).toEqual(unavailable);
      expect(answer(await remoteCash(cashier, { id: foreign.id, pin: foreign.pin }, 1_00))).toEqual(
        unavailable,
      );
      const cabinetGames = await cashier.post(
        '/a/cashier/game_report',
        { device_id: cabinet.id, full: true },
        { 'x-device-pin': cabinet.pin },
      );
      expect(answer(cabinetGames)).toEqual(unavailable);

      expect(await entriesOf(foreign)).toBe(0);
      expect((await outsider.get(`/a/cashier/devices/${foreign.id}`)).body).toMatchObject({
        name: 'Rocket Game',
      });
    });

    it('422 wrong pin for a PIN no device shows, one another venue used already, and one from a device of the other kind', async () => {
      const wrong = { status: 422, body: { err: ERR.wrongPin } };
      // A cashier of a venue of its own: wrong PINs add up per cashier and per venue under the PIN
      // throttle (security/pin-guessing.test.ts), and the suite's venue makes some of its own.
      const ownVenue = await createVenue(suite.db, { home_play: true });
      const { client: cashier } = await cashierClient(
        suite.server,
        suite.db,
        ownVenue.id,
        undefined,
        fromNetwork(1),
      );
      // Issued PINs have 5 or 6 digits: a 4-digit one is never shown.
      expect(
        answer(await cashier.post('/a/cashier/devices/register', { pin: '1234', trx: newTrx() })),
      ).toEqual(wrong);
      expect(
        answer(await cashier.post('/a/cashier/devices/remote/register', { pin: '1234', trx: newTrx() })),
      ).toEqual(wrong);

      const device = await enrollDevice(suite.server);
      const pin = await showPin(device);
      const linked = await cashier.post('/a/cashier/devices/register', { pin, trx: newTrx() });
      expect(linked.status).toBe(200);
      // Used: its own venue opens it again by it (same id), any other venue gets a wrong PIN.
      expect(answer(await cashier.post('/a/cashier/devices/register', { pin, trx: newTrx() }))).toEqual(
        answer(linked),
      );
      const elsewhere = (await createVenue(suite.db)).id;
      const { client: outsider } = await cashierClient(
        suite.server,
        suite.db,
        elsewhere,
        undefined,
        fromNetwork(2),
      );
      expect(answer(await outsider.post('/a/cashier/devices/register', { pin, trx: newTrx() }))).toEqual(
        wrong,
      );

      const cabinetPin = await showPin(await enrollDevice(suite.server));
      expect(
        answer(await cashier.post('/a/cashier/devices/remote/register', { pin: cabinetPin, trx: newTrx() })),
      ).toEqual(wrong);
    });

    it('422 wrong pin once a PIN is 10 minutes old', async () => {
      const { client: cashier } = await cashierClient(
        suite.server,
        suite.db,
        venueId,
        undefined,
        fromNetwork(3),
      );
      const stale = await enrollDevice(suite.server);
      const phone = await enrollDevice(suite.server, { kind: 'remote' });
      const stalePin = await showPin(stale);
      const phonePin = await showPin(phone);
      clock.advance(10 * MINUTE - 1);
      // One millisecond before expiry it still links.
      expect(
        (await cashier.post('/a/cashier/devices/register', { pin: stalePin, trx: newTrx() })).status,
      ).toBe(200);
      const stale2 = await enrollDevice(suite.server);
      const stale2Pin = await showPin(stale2);
      clock.advance(10 * MINUTE);
      const wrong = { status: 422, body: { err: ERR.wrongPin } };
      expect(
        answer(await cashier.post('/a/cashier/devices/register', { pin: stale2Pin, trx: newTrx() })),
      ).toEqual(wrong);
      expect(
        answer(await cashier.post('/a/cashier/devices/remote/register', { pin: phonePin, trx: newTrx() })),
      ).toEqual(wrong);
      expect((await deviceState(stale2)).body.linked).toBe(false);
    });

    it('422 error linking the device when its PIN belongs to a device linked to another venue', async () => {
      const otherVenue = await createVenue(suite.db, { home_play: true });
      const { client: outsider } = await cashierClient(
        suite.server,
        suite.db,
        otherVenue.id,
        undefined,
        fromNetwork(4),
      );
      const linking = { status: 422, body: { err: ERR.errorLinking } };

      const theirs = await linkCabinet(suite.server, cashier);
      const newPin = await showPin(theirs);
      expect(
        answer(await outsider.post('/a/cashier/devices/register', { pin: newPin, trx: newTrx() })),
      ).toEqual(linking);
      const theirPhone = await linkRemote(suite.server, cashier);
      const phonePin = await showPin(theirPhone);
      expect(
        answer(await outsider.post('/a/cashier/devices/remote/register', { pin: phonePin, trx: newTrx() })),
      ).toEqual(linking);

      const outsiderList = (await outsider.get<{ id: number }[]>('/a/cashier/devices')).body.map((d) => d.id);
      expect(outsiderList).not.toContain(theirs.id);
      expect((await cashier.get(`/a/cashier/devices/${theirs.id}`)).status).toBe(200);
      // Its own venue may link it again with that PIN (e.g. a second cashdesk).
      expect(
        answer(await cashier.post('/a/cashier/devices/register', { pin: newPin, trx: newTrx() })),
      ).toEqual({
        status: 200,
        body: { id: theirs.id },
      });
    });
  });

  describe('who is calling', () => {
    it('403 Forbidden without the restriction a call needs, and for managers and admins', async () => {
      const { client: plain } = await cashierClient(suite.server, suite.db, venueId, []);
      const device = await enrollDevice(suite.server);
      const pin = await showPin(device);
      const forbidden = { status: 403, body: { err: ERR.forbidden } };
      expect(answer(await plain.post('/a/cashier/devices/register', { pin, trx: newTrx() }))).toEqual(
        forbidden,
      );
      expect(
        answer(await plain.post(`/a/cashier/devices/${cabinet.id}`, { name: 'Renamed', hidden: true })),
      ).toEqual(forbidden);
      expect((await plain.get(`/a/cashier/devices/${cabinet.id}`)).body).toMatchObject({
        name: 'Rocket Game',
      });
      // The PIN was not used up by the refusal.
      expect((await cashier.post('/a/cashier/devices/register', { pin, trx: newTrx() })).status).toBe(200);

      for (const role of ['manager', 'admin'] as const) {
        const user = await createTestUser(suite.db, {
          account_id: venueId,
          role,
          restrictions: ['can_edit_device'],
        });
        const client = await clientForUser(suite.server, user);
        expect(answer(await client.get('/a/cashier/devices'))).toEqual(forbidden);
        expect(answer(await cash(client, cabinet.id, 1, 1_00))).toEqual(forbidden);
      }
    });

    it('403 user dont have account for a cashier linked to no venue', async () => {
      const { client } = await cashierClient(suite.server, suite.db, null);
      const noAccount = { status: 403, body: { err: ERR.noAccount } };
      expect(answer(await client.get('/a/cashier/account_balance'))).toEqual(noAccount);
      expect(answer(await cash(client, cabinet.id, 1, 1_00))).toEqual(noAccount);
    });

    it('401 unauthorized without a session, with a made-up cookie and after sign-out', async () => {
      const unauthorized = { status: 401, body: { err: ERR.unauthorized } };
      const anonymous = suite.server.client();
      expect(answer(await anonymous.get('/a/cashier/devices'))).toEqual(unauthorized);
      expect(answer(await cash(anonymous, cabinet.id, 1, 1_00))).toEqual(unauthorized);

      const forged = suite.server.client();
      forged.token = 'A'.repeat(43);
      expect(answer(await forged.get('/a/cashier/account_balance'))).toEqual(unauthorized);

      const { client } = await createSignedInUser(suite.server, { account_id: venueId });
      const kept = client.clone();
      expect((await client.post('/a/sign_out')).status).toBe(200);
      expect(answer(await kept.get('/a/cashier/account_balance'))).toEqual(unauthorized);
      expect(await entriesOf(cabinet)).toBe(0);
    });
  });

  describe('requests', () => {
    const base = { delta: 1_00, trx: 'trx-valid-0001' };
    const badCashBodies: [string, unknown, string][] = [
      ['delta 0', { ...base, delta: 0 }, 'delta'],
      ['a fraction', { ...base, delta: 1.5 }, 'delta'],
      ['a string', { ...base, delta: '10' }, 'delta'],
      ['2**53', { ...base, delta: 2 ** 53 }, 'delta'],
      ['-(2**53)', { ...base, delta: -(2 ** 53) }, 'delta'],
      ['null', { ...base, delta: null }, 'delta'],
      ['no trx', { delta: 1_00 }, 'trx'],
      ['a short trx', { ...base, trx: 'abc1234' }, 'trx'],
      ['a 65-character trx', { ...base, trx: 'a'.repeat(65) }, 'trx'],
      ['a trx with a space', { ...base, trx: 'abc 12345' }, 'trx'],
      ['an extra field', { ...base, pin_code: '12345' }, ''],
      ['no body', undefined, ''],
    ];

    it.each(badCashBodies)('400 validation for a cash call with %s', async (_name, body, path) => {
      const res = await cashier.post(`/a/cashier/devices/${cabinet.id}/place/1/update`, body);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ err: ERR.validation });
      const issues = res.body.issues as { path: string; message: string }[];
      expect(issues.length).toBeGreaterThan(0);
      expect(issues.map((i) => i.path)).toContain(path);
    });

    it.each([
      ['place 0', () => `/a/cashier/devices/${cabinet.id}/place/0/update`, 'place'],
      ['place 9', () => `/a/cashier/devices/${cabinet.id}/place/9/update`, 'place'],
      ['id "abc"', () => `/a/cashier/devices/abc/place/1/update`, 'id'],
      ['id 0', () => `/a/cashier/devices/0/place/1/update`, 'id'],
      ['id 2**31', () => `/a/cashier/devices/${2 ** 31}/place/1/update`, 'id'],
      ['a remote id "abc"', () => `/a/cashier/devices/remote/abc/place/1/update`, 'id'],
    ])('400 validation for a cash call on %s', async (_name, path, field) => {
      const res = await cashier.post(path(), { delta: 1_00, trx: newTrx(), pin_code: '123456' });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        err: ERR.validation,
        issues: [expect.objectContaining({ path: field })],
      });
    });

    it('400 validation for a place the device does not have (place 5 of 4)', async () => {
      const res = await cash(cashier, cabinet.id, 5, 1_00);
      expect(res).toMatchObject({ status: 400, body: { err: ERR.validation } });
    });

    it('400 validation does not use up the trx', async () => {
      const trx = newTrx();
      expect((await cash(cashier, cabinet.id, 1, 1.5, trx)).status).toBe(400);
      const res = await cash(cashier, cabinet.id, 1, 1_00, trx);
      expect(res.status).toBe(200);
      expect(await cash(cashier, cabinet.id, 1, -1_00)).toMatchObject({ status: 200 });
    });

    it.each<[string, string, string, unknown, Record<string, string>?]>([
      [
        'register with a 6-digit PIN',
        'POST',
        '/a/cashier/devices/register',
        { pin: '123456', trx: 'trx-valid-0001' },
      ],
      [
        'register with letters',
        'POST',
        '/a/cashier/devices/register',
        { pin: '12a45', trx: 'trx-valid-0001' },
      ],
      [
        'remote register with 7 digits',
        'POST',
        '/a/cashier/devices/remote/register',
        { pin: '1234567', trx: 'trx-valid-0001' },
      ],
      ['an edit with an empty name', 'POST', '/a/cashier/devices/1', { name: '  ', hidden: false }],
      ['an edit with hidden "yes"', 'POST', '/a/cashier/devices/1', { name: 'x', hidden: 'yes' }],
      [
        'a report on 2026-02-30',
        'POST',
        '/a/cashier/report',
        { device_ids: [1], from: '2026-02-30', to: '2026-03-01' },
      ],
      [
        'a report without an offset',
        'POST',
        '/a/cashier/report',
        { device_ids: [1], from: '2026-11-22T00:00:00', to: '2026-11-23' },
      ],
      [
        'a report from after to',
        'POST',
        '/a/cashier/report',
        { device_ids: [1], from: '2026-11-23', to: '2026-11-22' },
      ],
      ['a limit report of 0', 'POST', '/a/cashier/limit_report', { device_ids: [1], limit: 0, placeId: 1 }],
      [
        'a limit report of 101',
        'POST',
        '/a/cashier/limit_report',
        { device_ids: [1], limit: 101, placeId: 1 },
      ],
      [
        'a limit report of place 9',
        'POST',
        '/a/cashier/limit_report',
        { device_ids: [1], limit: 20, placeId: 9 },
      ],
      [
        'a game report without the PIN header',
        'POST',
        '/a/cashier/game_report',
        { device_id: 1, full: true },
      ],
      [
        'a game report with a PIN of letters',
        'POST',
        '/a/cashier/game_report',
        { device_id: 1, full: true },
        { 'x-device-pin': 'abc' },
      ],
      // The whole header is the PIN: 1 to 6 digits, nothing before or after them.
      ...['x12345', '12345x', '1234567'].map(
        (pin): [string, string, string, unknown, Record<string, string>] => [
          `a game report with the PIN header ${pin}`,
          'POST',
          '/a/cashier/game_report',
          { device_id: 1, full: true },
          { 'x-device-pin': pin },
        ],
      ),
      ['a remote detail without the PIN header', 'GET', '/a/cashier/devices/remote/1', undefined],
    ])('400 validation for %s', async (_name, method, path, body, headers = {}) => {
      const res = await cashier.request(
        method,
        path,
        body === undefined ? { headers } : { json: body, headers },
      );
      expect(res).toMatchObject({ status: 400, body: { err: ERR.validation, issues: expect.any(Array) } });
    });

    it('415 for a POST that is not JSON; nothing moves', async () => {
      const path = `/a/cashier/devices/${cabinet.id}/place/1/update`;
      const json = JSON.stringify({ delta: 1_00, trx: newTrx() });
      for (const contentType of ['text/plain', 'application/x-www-form-urlencoded']) {
        const res = await cashier.request('POST', path, { body: json, contentType });
        expect(answer(res)).toEqual({ status: 415, body: { err: ERR.unsupportedMediaType } });
      }
      expect(await entriesOf(cabinet)).toBe(0);
    });

    // Found by the hostile-input fuzzing: Fastify answered these itself, in its own error format.
    it('400 validation for a path with a malformed percent-encoding, with the security headers', async () => {
      for (const path of [
        `/a/cashier/devices/%`,
        `/a/cashier/devices/%zz/place/1/update`,
        `/a/cashier/devices/%C0%AF`,
      ]) {
        const res = await cashier.request('POST', path, { json: { delta: 1_00, trx: newTrx() } });
        expect(answer(res)).toEqual({
          status: 400,
          body: { err: ERR.validation, issues: [{ path: 'url', message: 'is not a valid URL' }] },
        });
        expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      }
    });

    it('431 in the contract format for headers past the HTTP limit', async () => {
      const res = await cashier.get('/a/me', { 'x-padding': 'a'.repeat(20_000) });
      expect(answer(res)).toEqual({
        status: 431,
        body: { err: ERR.validation, issues: [{ path: 'headers', message: 'are too large' }] },
      });
    });

    it('404 not found as JSON for an unknown API or device route', async () => {
      const notFound = { status: 404, body: { err: ERR.notFound } };
      expect(answer(await cashier.get('/a/cashier/nothing-here'))).toEqual(notFound);
      expect(answer(await cashier.post('/a/cashier/devices/1/place/1/withdraw', { delta: 1 }))).toEqual(
        notFound,
      );
      expect(answer(await suite.server.client().get('/nothing-here'))).toEqual(notFound);
      const device = suite.server.client({ base: suite.server.baseUrl });
      const res = await device.get('/device/nothing-here');
      expect(answer(res)).toEqual(notFound);
      expect(res.headers.get('content-type')).toContain('application/json');
    });
  });

  describe('500 Internal server error', () => {
    it('answers a database error thrown in a route without its text', async () => {
      const internal = { status: 500, body: { err: ERR.internal } };
      const sqlite = await cashier.get('/a/cashier/probe/sqlite-error');
      expect(answer(sqlite)).toEqual(internal);
      const pg = await suite.server.client().post('/probe/pg-error', {});
      expect(answer(pg)).toEqual(internal);
      for (const res of [sqlite, pg]) expect(JSON.stringify(res.body)).not.toMatch(LEAK);
    });

    it('answers a real database failure under a cashier route without its text, and works again once it is fixed', async () => {
      await suite.db.kysely.schema.alterTable('accounts').renameTo('accounts_gone').execute();
      try {
        const res = await cashier.request('GET', '/a/cashier/account_balance');
        expect(answer(res)).toEqual({ status: 500, body: { err: ERR.internal } });
        expect(JSON.stringify(res.body)).not.toMatch(LEAK);
        expect(res.headers.get('content-type')).toContain('application/json');
        const money = await cash(cashier, cabinet.id, 1, 1_00);
        expect(answer(money)).toEqual({ status: 500, body: { err: ERR.internal } });
      } finally {
        await suite.db.kysely.schema.alterTable('accounts_gone').renameTo('accounts').execute();
      }
      expect((await cashier.get('/a/cashier/account_balance')).status).toBe(200);
      // The failed deposit left no trace.
      expect(await entriesOf(cabinet)).toBe(0);
    });
  });
});
