// A retry of a cash call whose answer was lost (docs/web-app.md) on every test database: the web sends
// the very same request again, maybe after a restart, a PIN change or a reload, and it must learn what
// happened to its money. The route checks that come before the ledger (the PIN throttle, the phone's PIN
// count, the device check) stand aside for a trx the cashier already used on that device, and the ledger
// answers it (ledger/idempotency.ts, cash/cash.routes.ts). Nothing moves twice, and the retry's PIN
// counts as no guess.
import { ERR } from '@cashdesk/contract';
import { describe, expect, it } from 'vitest';
import { OPERATOR } from '../../src/back-office/access.js';
import { unlinkAccountDevice } from '../../src/back-office/devices/account-devices.js';
import type { UserRow } from '../../src/db/schema.js';
import { PIN_MAX_WRONG, PIN_POLICY } from '../../src/devices/pin-guard.js';
import {
  ALL_RESTRICTIONS,
  answer,
  cash,
  deviceState,
  linkCabinet,
  linkRemote,
  newTrx,
  remoteCash,
  showPin,
  type LinkedDevice,
} from '../helpers/cashier.js';
import { testDatabases } from '../helpers/databases.js';
import { createTestUser, createVenue } from '../helpers/factories.js';
import { clientForUser, startTestServer, type TestClient } from '../helpers/server.js';
import { useSuiteServer } from './suite-server.js';

describe.each(testDatabases)('a retry of an applied cash call on $name', (database) => {
  const suite = useSuiteServer(database);

  async function cashierUser(accountId: number): Promise<Pick<UserRow, 'id'>> {
    return createTestUser(suite.db, { account_id: accountId, restrictions: ALL_RESTRICTIONS });
  }

  async function venue(): Promise<number> {
    return (await createVenue(suite.db, { float: 1_000_00, home_play: true })).id;
  }

  async function floatOf(cashier: TestClient): Promise<number> {
    return ((await cashier.get('/a/cashier/account_balance')).body as { balance: number }).balance;
  }

  async function entriesOf(device: LinkedDevice, place = 1): Promise<number> {
    return (await deviceState(device)).body.places[place - 1]!.balances.entries;
  }

  async function pinOf(deviceId: number) {
    return suite.db.kysely
      .selectFrom('devices')
      .select(['pin', 'pin_failures'])
      .where('id', '=', deviceId)
      .executeTakeFirstOrThrow();
  }

  async function movesOf(trx: string): Promise<number> {
    const row = await suite.db.kysely
      .selectFrom('ledger_entries')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('trx', '=', trx)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /**
   * Wrong cabinet PINs from another cashier of the venue, each from its own network: the 6th holds every
   * PIN try of the venue (devices/pin-guard.ts PIN_POLICY), whoever makes it and from wherever.
   */
  async function holdVenuePinTries(venueId: number): Promise<void> {
    const shown = new Set(
      (await suite.db.kysely.selectFrom('devices').select('pin').where('pin', 'is not', null).execute()).map(
        (d) => d.pin,
      ),
    );
    const wrong = Array.from({ length: 40 }, (_, i) => String(i).padStart(5, '0')).filter(
      (pin) => !shown.has(pin),
    );
    const home = suite.address;
    const threshold = PIN_POLICY.rules.venue.threshold;
    for (const pin of wrong.slice(0, threshold)) {
      suite.moveAddress();
      const client = await clientForUser(suite.server, await cashierUser(venueId), suite.fromHere());
      const res = await client.post('/a/cashier/devices/register', { pin, trx: newTrx() });
      expect(answer(res)).toEqual({ status: 422, body: { err: ERR.wrongPin } });
    }
    suite.address = home;
  }

  it("answers a retry of an applied home-play deposit with its stored 200 after a restart while the venue's PIN tries are held, and moves nothing", async () => {
    const venueId = await venue();
    const user = await cashierUser(venueId);
    const cashier = await clientForUser(suite.server, user, suite.fromHere());
    const phone = await linkRemote(suite.server, cashier);
    const trx = newTrx();
    const first = await remoteCash(cashier, phone, 25_00, trx);
    expect(first.status).toBe(200);
    const float = await floatOf(cashier);

    await holdVenuePinTries(venueId);
    // A restart: the new process has proven no PIN yet, so each PIN goes through the throttle.
    const restarted = await startTestServer(suite.db, {
      clock: suite.clock,
      config: { enrollmentOpen: true, trustProxy: true },
    });
    try {
      const again = await clientForUser(restarted, user, suite.fromHere());
      // A new call is held: the lock is real for this cashier.
      expect(answer(await remoteCash(again, phone, 1_00))).toMatchObject({
        status: 429,
        body: { err: ERR.tooManyAttempts },
      });
      expect(answer(await remoteCash(again, phone, 25_00, trx))).toEqual(answer(first));
      // A changed request under the same trx is the ledger's refusal, not the throttle's.
      expect(answer(await remoteCash(again, phone, 26_00, trx))).toEqual({
        status: 422,
        body: { err: ERR.trxConflict },
      });
    } finally {
      await restarted.close();
    }
    expect(await entriesOf(phone)).toBe(25_00);
    expect(await floatOf(cashier)).toBe(float);
    expect(await movesOf(trx)).toBe(2);
  });

  it(`answers ${PIN_MAX_WRONG} retries with a PIN the phone replaced twice with the stored 200, and the phone keeps its PIN`, async () => {
    const venueId = await venue();
    const user = await cashierUser(venueId);
    const cashier = await clientForUser(suite.server, user, suite.fromHere());
    const phone = await linkRemote(suite.server, cashier);
    const trx = newTrx();
    const first = await remoteCash(cashier, phone, 12_00, trx);
    expect(first.status).toBe(200);
    await showPin(phone);
    const current = await showPin(phone);

    // After a reload (a new page, the same stored operation): the retry carries the PIN it was sent with.
    const reloaded = await clientForUser(suite.server, user, suite.fromHere());
    for (let i = 0; i < PIN_MAX_WRONG; i++) {
      expect(answer(await remoteCash(reloaded, phone, 12_00, trx))).toEqual(answer(first));
    }
    expect(await pinOf(phone.id)).toEqual({ pin: current, pin_failures: 0 });
    expect(await entriesOf(phone)).toBe(12_00);
    // Not held either: the next operation with the phone's PIN goes through.
    expect((await remoteCash(reloaded, { id: phone.id, pin: current }, 1_00)).status).toBe(200);
  });

  it('answers a retry of an applied cabinet deposit with its stored 200 after the cabinet was unlinked', async () => {
    const venueId = await venue();
    const cashier = await clientForUser(suite.server, await cashierUser(venueId), suite.fromHere());
    const cabinet = await linkCabinet(suite.server, cashier);
    const trx = newTrx();
    const first = await cash(cashier, cabinet.id, 1, 40_00, trx);
    expect(first.status).toBe(200);
    // The player cashed out at once and the venue unlinked the cabinet (only an empty one unlinks).
    expect((await cash(cashier, cabinet.id, 1, -40_00)).status).toBe(200);
    await unlinkAccountDevice(suite.db, suite.server.ctx.auth, {
      account_id: venueId,
      device_id: cabinet.id,
      actor: OPERATOR,
      now_ms: suite.clock.now(),
    });
    const float = await floatOf(cashier);

    expect(answer(await cash(cashier, cabinet.id, 1, 40_00, trx))).toEqual(answer(first));
    expect(await floatOf(cashier)).toBe(float);
    expect(await movesOf(trx)).toBe(2);
    // A new call on it is refused as before.
    expect(answer(await cash(cashier, cabinet.id, 1, 40_00))).toEqual({
      status: 406,
      body: { err: ERR.deviceNotAvailable },
    });
  });

  it('answers a retry of an applied home-play deposit with its stored 200 after the phone was unlinked', async () => {
    const venueId = await venue();
    const cashier = await clientForUser(suite.server, await cashierUser(venueId), suite.fromHere());
    const phone = await linkRemote(suite.server, cashier);
    const trx = newTrx();
    const first = await remoteCash(cashier, phone, 8_00, trx);
    expect(first.status).toBe(200);
    expect((await remoteCash(cashier, phone, -8_00)).status).toBe(200);
    await unlinkAccountDevice(suite.db, suite.server.ctx.auth, {
      account_id: venueId,
      device_id: phone.id,
      actor: OPERATOR,
      now_ms: suite.clock.now(),
    });
    expect(answer(await remoteCash(cashier, phone, 8_00, trx))).toEqual(answer(first));
    expect(await movesOf(trx)).toBe(2);
  });

  it("does not open another venue's device to a trx the cashier used on their own", async () => {
    const cashier = await clientForUser(suite.server, await cashierUser(await venue()), suite.fromHere());
    const own = await linkCabinet(suite.server, cashier);
    const trx = newTrx();
    expect((await cash(cashier, own.id, 1, 5_00, trx)).status).toBe(200);
    const outsider = await clientForUser(suite.server, await cashierUser(await venue()), suite.fromHere());
    const foreign = await linkCabinet(suite.server, outsider);
    expect(answer(await cash(cashier, foreign.id, 1, 5_00, trx))).toEqual({
      status: 406,
      body: { err: ERR.deviceNotAvailable },
    });
    expect(await entriesOf(foreign)).toBe(0);
  });
});
