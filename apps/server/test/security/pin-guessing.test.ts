// PIN guessing (docs/security.md) on every test database: the attacks of the security review, each shown
// to fail. A guessing loop at every call that takes a PIN gets 429 with retry_after after a few tries and
// never reaches the PIN; a phone's PIN ends after PIN_MAX_WRONG wrong tries against it; an expired PIN is
// refused everywhere; a wrong PIN stores no `operations` row; the limit holds for guesses sent all at once;
// and an honest cashier's typos, polls and stale PINs cost them nothing (devices/pin-guard.ts).
import { ERR, LIVE_COALESCE_MS, PIN_LENGTH } from '@cashdesk/contract';
import { describe, expect, it } from 'vitest';
import { updateAccount } from '../../src/accounts/accounts.repository.js';
import { PIN_MAX_WRONG } from '../../src/devices/pin-guard.js';
import { PIN_TTL_MS } from '../../src/gateway/gateway.service.js';
import {
  ALL_RESTRICTIONS,
  answer,
  enrollDevice,
  linkRemote,
  newTrx,
  remoteCash,
  showPin,
  type LinkedDevice,
} from '../helpers/cashier.js';
import { MINUTE, SECOND } from '../helpers/clock.js';
import { openEventStream } from '../helpers/event-stream.js';
import { testDatabases } from '../helpers/databases.js';
import { createTestUser, createVenue } from '../helpers/factories.js';
import { clientForUser, startTestServer, type TestClient } from '../helpers/server.js';
import { useSuiteServer } from './suite-server.js';

const tooMany = (retryAfter: number) => ({
  status: 429,
  body: { err: ERR.tooManyAttempts, retry_after: retryAfter },
});
const wrongPin = { status: 422, body: { err: ERR.wrongPin } };
const pinChanged = { status: 406, body: { err: ERR.pinChanged } };

describe.each(testDatabases)('PIN guessing on $name', (database) => {
  const suite = useSuiteServer(database);

  /** A cashier of the venue holding every restriction, calling from this test's suite.address. */
  async function cashierOf(accountId: number): Promise<TestClient> {
    const user = await createTestUser(suite.db, { account_id: accountId, restrictions: ALL_RESTRICTIONS });
    return clientForUser(suite.server, user, suite.fromHere());
  }

  async function venue(): Promise<number> {
    return (await createVenue(suite.db, { float: 1_000_00, home_play: true })).id;
  }

  async function operationsCount(): Promise<number> {
    const row = await suite.db.kysely
      .selectFrom('operations')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async function pinOf(deviceId: number) {
    return suite.db.kysely
      .selectFrom('devices')
      .select(['pin', 'pin_failures', 'pin_previous'])
      .where('id', '=', deviceId)
      .executeTakeFirstOrThrow();
  }

  /** PINs of `digits` digits that no device shows right now: what a guesser mostly sends. */
  async function wrongPins(digits: number, count: number): Promise<string[]> {
    const shown = new Set(
      (await suite.db.kysely.selectFrom('devices').select('pin').where('pin', 'is not', null).execute()).map(
        (d) => d.pin,
      ),
    );
    const pins: string[] = [];
    for (let i = 0; pins.length < count; i++) {
      const pin = String(i).padStart(digits, '0');
      if (!shown.has(pin)) pins.push(pin);
    }
    return pins;
  }

  const register = (client: TestClient, pin: string, remote = false) =>
    client.post(`/a/cashier/devices/${remote ? 'remote/' : ''}register`, { pin, trx: newTrx() });
  const detail = (client: TestClient, phone: Pick<LinkedDevice, 'id'>, pin: string) =>
    client.get(`/a/cashier/devices/remote/${phone.id}`, { 'x-device-pin': pin });
  const gameReport = (client: TestClient, phone: Pick<LinkedDevice, 'id'>, pin: string) =>
    client.post('/a/cashier/game_report', { device_id: phone.id, full: false }, { 'x-device-pin': pin });
  const cashWithPin = (client: TestClient, phone: Pick<LinkedDevice, 'id'>, pin: string) =>
    remoteCash(client, { id: phone.id, pin }, 1_00);

  describe('linking by PIN', () => {
    it.each([
      ['a cabinet at devices/register', false, 5],
      ['a phone at devices/remote/register', true, 6],
    ])(
      'a guessing loop for %s gets 429 after 5 wrong PINs, never reaches the real one, and stores no row',
      async (_name, remote, digits) => {
        const victim = await enrollDevice(suite.server, { kind: remote ? 'remote' : 'cabinet' });
        const realPin = await showPin(victim);
        const attacker = await cashierOf(await venue());
        const operations = await operationsCount();

        // The real PIN comes right after the 20 wrong guesses the attacker would like to make first.
        const guesses = [...(await wrongPins(digits, 20)), realPin];
        const answers = [];
        for (const pin of guesses) answers.push(answer(await register(attacker, pin, remote)));
        expect(answers.slice(0, 5)).toEqual(Array(5).fill(wrongPin));
        expect(answers.slice(5)).toEqual(Array(16).fill(tooMany(60)));
        const refused = await register(attacker, realPin, remote);
        expect(refused.headers.get('retry-after')).toBe('60');

        expect(await operationsCount()).toBe(operations);
        // Still waiting for its own venue, with its PIN.
        expect((await pinOf(await deviceIdOf(victim.uuid))).pin).toBe(realPin);
      },
    );

    it('takes a live cabinet PIN with a chance below 1 in 10,000 in its life: 9 guesses in 10 minutes for an attacker with 3 cashiers of one venue, a new address in the network for every guess, waiting out every lock', async () => {
      // Three cashiers of ONE venue (the venue key holds them together), each guess from another address
      // of one network (the network key holds those): docs/security.md, "Device PINs", has the sum.
      const venueId = await venue();
      const team = await Promise.all([cashierOf(venueId), cashierOf(venueId), cashierOf(venueId)]);
      const pins = await wrongPins(5, 200);
      const start = suite.clock.now();
      let checked = 0;
      while (suite.clock.now() - start < PIN_TTL_MS) {
        const waits: number[] = [];
        for (const cashier of team) {
          suite.moveWithinNetwork();
          const res = await cashier.post(
            '/a/cashier/devices/register',
            { pin: pins[checked]!, trx: newTrx() },
            { 'x-forwarded-for': suite.address },
          );
          if (res.status === 422) checked++;
          else waits.push((res.body as { retry_after: number }).retry_after);
        }
        // Everyone is held: wait exactly until the first of them may try again.
        if (waits.length === team.length) suite.clock.advance(Math.min(...waits) * SECOND);
      }
      expect(checked).toBe(9);
      // Each guess hits a given live PIN with a chance of 1 in 10^5 (a draw tells nothing of live PINs:
      // pin-draw.test.ts), so over its life: checked / 10^5.
      const chanceOfTheft = checked / 10 ** PIN_LENGTH.cabinet;
      expect(chanceOfTheft).toBeLessThan(1 / 10_000);
    });

    it('lets an honest cashier link with the right PIN after 4 typos, and does not count the right one', async () => {
      const user = await createTestUser(suite.db, {
        account_id: await venue(),
        restrictions: ALL_RESTRICTIONS,
      });
      const cashier = await clientForUser(suite.server, user, suite.fromHere());
      for (const pin of await wrongPins(5, 4)) expect(answer(await register(cashier, pin))).toEqual(wrongPin);
      const cabinet = await enrollDevice(suite.server);
      expect((await register(cashier, await showPin(cabinet))).status).toBe(200);
      const userKey = await suite.db.kysely
        .selectFrom('sign_in_throttle')
        .select(['failures', 'locked_until_ms'])
        .where('key', '=', `pin-user:${user.id}`)
        .executeTakeFirstOrThrow();
      expect(userKey).toEqual({ failures: 4, locked_until_ms: 0 });
    });

    it('lets the cashier in again once the lock is waited out, and holds every cashier of the venue after 6 wrong PINs', async () => {
      const venueId = await venue();
      const first = await cashierOf(venueId);
      const pins = await wrongPins(5, 12);
      for (const pin of pins.slice(0, 5)) await register(first, pin);
      const cabinet = await enrollDevice(suite.server);
      const pin = await showPin(cabinet);
      expect(answer(await register(first, pin))).toEqual(tooMany(60));
      suite.clock.advance(60 * SECOND);
      expect((await register(first, pin)).status).toBe(200);

      // One more wrong PIN from a colleague at another address: the venue has 6 now, and everyone waits.
      suite.moveAddress();
      const colleague = await cashierOf(venueId);
      expect(answer(await register(colleague, pins[5]!))).toEqual(wrongPin);
      suite.moveAddress();
      const third = await cashierOf(venueId);
      expect(answer(await register(third, await showPin(await enrollDevice(suite.server))))).toEqual(
        tooMany(60),
      );
      // Another venue behind another network is not held by it.
      suite.moveAddress();
      const elsewhere = await cashierOf(await venue());
      expect((await register(elsewhere, await showPin(await enrollDevice(suite.server)))).status).toBe(200);
    });

    it.each([
      [59, 'still counts them: the 5th wrong PIN holds the cashier', true],
      [61, 'has forgotten them: the 5th is a first, and the right PIN links', false],
    ])('keeps wrong PINs an hour: %i minutes after 4 of them it %s', async (minutes, _what, held) => {
      const cashier = await cashierOf(await venue());
      const pins = await wrongPins(5, 5);
      for (const pin of pins.slice(0, 4)) expect(answer(await register(cashier, pin))).toEqual(wrongPin);
      suite.clock.advance(minutes * MINUTE);
      expect(answer(await register(cashier, pins[4]!))).toEqual(wrongPin);
      const right = await register(cashier, await showPin(await enrollDevice(suite.server)));
      if (held) expect(answer(right)).toEqual(tooMany(60));
      else expect(right.status).toBe(200);
    });

    it('holds a network whatever venues its cashiers belong to and whatever its addresses, from the 6th wrong PIN', async () => {
      const pins = await wrongPins(5, 6);
      for (let i = 0; i < 6; i++) {
        suite.moveWithinNetwork();
        const cashier = await cashierOf(await venue());
        expect(answer(await register(cashier, pins[i]!))).toEqual(wrongPin);
      }
      suite.moveWithinNetwork();
      const next = await cashierOf(await venue());
      expect(answer(await register(next, await showPin(await enrollDevice(suite.server))))).toEqual(
        tooMany(60),
      );
    });

    it('counts a burst of parallel guesses one by one: exactly 5 are checked', async () => {
      const attacker = await cashierOf(await venue());
      const pins = await wrongPins(5, 12);
      const operations = await operationsCount();
      const answers = await Promise.all(pins.map((pin) => register(attacker, pin)));
      const statuses = answers.map((a) => a.status).sort();
      expect(statuses).toEqual([...Array<number>(5).fill(422), ...Array<number>(7).fill(429)]);
      expect(await operationsCount()).toBe(operations);
    });
  });

  it('shares the count between server processes on one database: a burst spread over two gets 5 checks', async () => {
    const second = await startTestServer(suite.db, {
      clock: suite.clock,
      config: { enrollmentOpen: true, trustProxy: true },
    });
    try {
      const user = await createTestUser(suite.db, {
        account_id: await venue(),
        restrictions: ALL_RESTRICTIONS,
      });
      const headers = suite.fromHere();
      const clients = [
        await clientForUser(suite.server, user, headers),
        await clientForUser(second, user, headers),
      ];
      const pins = await wrongPins(5, 12);
      const answers = await Promise.all(pins.map((pin, i) => register(clients[i % 2]!, pin)));
      expect(answers.map((a) => a.status).sort()).toEqual([
        ...Array<number>(5).fill(422),
        ...Array<number>(7).fill(429),
      ]);
    } finally {
      await second.close();
    }
  });

  describe('a phone of the venue by its PIN (detail, cash, game report)', () => {
    const calls = [
      ['remote detail (X-Device-Pin)', detail],
      ['remote cash update (pin_code)', cashWithPin],
      ['game report (X-Device-Pin)', gameReport],
    ] as const;

    it.each(calls)(
      'a guessing loop at %s gets 406 pin changed 5 times, which ends the PIN, then 429',
      async (_name, call) => {
        const venueId = await venue();
        const owner = await cashierOf(venueId);
        const phone = await linkRemote(suite.server, owner);
        const attacker = await cashierOf(venueId);
        const operations = await operationsCount();

        const guesses = [...(await wrongPins(6, 20)), phone.pin];
        const answers = [];
        for (const pin of guesses) answers.push(answer(await call(attacker, phone, pin)));
        expect(answers.slice(0, PIN_MAX_WRONG)).toEqual(Array(PIN_MAX_WRONG).fill(pinChanged));
        expect(answers.slice(PIN_MAX_WRONG)).toEqual(Array(21 - PIN_MAX_WRONG).fill(tooMany(60)));
        expect(await operationsCount()).toBe(operations);

        // The PIN ended: even its owner's right PIN is refused now, without counting against them,
        // until the phone shows a new one.
        expect(await pinOf(phone.id)).toEqual({ pin: null, pin_failures: 0, pin_previous: phone.pin });
        expect(answer(await detail(owner, phone, phone.pin))).toEqual(pinChanged);
        const fresh = await showPin(phone);
        expect((await detail(owner, phone, fresh)).status).toBe(200);
        expect((await cashWithPin(owner, phone, fresh)).status).toBe(200);
        expect((await gameReport(owner, phone, fresh)).status).toBe(200);
      },
    );

    it(`ends a phone's PIN after ${PIN_MAX_WRONG} wrong tries, whoever makes them`, async () => {
      const venueId = await venue();
      const owner = await cashierOf(venueId);
      const phone = await linkRemote(suite.server, owner);
      const pins = await wrongPins(6, PIN_MAX_WRONG);
      for (let i = 0; i < PIN_MAX_WRONG; i++) {
        suite.moveAddress();
        const guesser = await cashierOf(venueId);
        expect(answer(await detail(guesser, phone, pins[i]!))).toEqual(pinChanged);
        expect((await pinOf(phone.id)).pin).toBe(i < PIN_MAX_WRONG - 1 ? phone.pin : null);
      }
      expect(answer(await cashWithPin(owner, phone, phone.pin))).toEqual(pinChanged);
    });

    it('counts guesses at a phone whose PIN has ended like any wrong one', async () => {
      const venueId = await venue();
      const owner = await cashierOf(venueId);
      const phone = await linkRemote(suite.server, owner);
      const pins = await wrongPins(6, 2 * PIN_MAX_WRONG + 1);
      for (const pin of pins.slice(0, PIN_MAX_WRONG)) {
        suite.moveAddress();
        expect(answer(await detail(await cashierOf(venueId), phone, pin))).toEqual(pinChanged);
      }
      expect((await pinOf(phone.id)).pin).toBeNull();

      // An hour later the venue's count has started over; the PIN is still ended.
      suite.clock.advance(61 * MINUTE);
      suite.moveAddress();
      const attacker = await cashierOf(venueId);
      const answers = [];
      for (const pin of pins.slice(PIN_MAX_WRONG)) answers.push(answer(await detail(attacker, phone, pin)));
      expect(answers).toEqual([...Array(PIN_MAX_WRONG).fill(pinChanged), tooMany(60)]);
    });

    it('counts wrong guesses at a phone that replaced its PIN: only the PIN it replaced is a stale one', async () => {
      const venueId = await venue();
      const owner = await cashierOf(venueId);
      const phone = await linkRemote(suite.server, owner);
      const fresh = await showPin(phone);
      const attacker = await cashierOf(venueId);
      const answers = [];
      for (const pin of await wrongPins(6, PIN_MAX_WRONG + 1))
        answers.push(answer(await detail(attacker, phone, pin)));
      expect(answers).toEqual([...Array(PIN_MAX_WRONG).fill(pinChanged), tooMany(60)]);
      expect(await pinOf(phone.id)).toEqual({ pin: null, pin_failures: 0, pin_previous: fresh });
    });

    it("tells the venue's terminals when wrong tries end a phone's PIN, and not before nor after", async () => {
      const venueId = await venue();
      const owner = await cashierOf(venueId);
      const phone = await linkRemote(suite.server, owner);
      const stream = await openEventStream(owner);
      expect((await stream.next()).event).toBe('hello');
      const pins = await wrongPins(6, PIN_MAX_WRONG + 1);
      // A right PIN, judged afresh for another cashier, changes nothing a terminal shows.
      expect((await detail(await cashierOf(venueId), phone, phone.pin)).status).toBe(200);
      for (const pin of pins.slice(0, PIN_MAX_WRONG - 1)) {
        expect(answer(await detail(await cashierOf(venueId), phone, pin))).toEqual(pinChanged);
      }
      // Nor does a wrong try that leaves the PIN standing.
      await expect(stream.next(2 * LIVE_COALESCE_MS)).rejects.toThrow();
      expect(answer(await detail(await cashierOf(venueId), phone, pins[PIN_MAX_WRONG - 1]!))).toEqual(
        pinChanged,
      );
      const change = await stream.next();
      expect(change).toEqual({ event: 'change', data: { float: false, devices: [phone.id] } });
      // A guess at the ended PIN ends nothing more.
      expect(answer(await detail(await cashierOf(venueId), phone, pins[PIN_MAX_WRONG]!))).toEqual(pinChanged);
      await expect(stream.next(2 * LIVE_COALESCE_MS)).rejects.toThrow();
      stream.close();
    });

    it('refuses an expired PIN in the header, in the body and at linking, without counting it', async () => {
      const venueId = await venue();
      const owner = await cashierOf(venueId);
      const phone = await linkRemote(suite.server, owner);
      expect((await detail(owner, phone, phone.pin)).status).toBe(200);
      suite.clock.advance(10 * MINUTE);
      const operations = await operationsCount();
      for (let i = 0; i < 3; i++) {
        expect(answer(await detail(owner, phone, phone.pin))).toEqual(pinChanged);
        expect(answer(await gameReport(owner, phone, phone.pin))).toEqual(pinChanged);
        expect(answer(await cashWithPin(owner, phone, phone.pin))).toEqual(pinChanged);
      }
      expect(await operationsCount()).toBe(operations);
      // Nine refusals, none of them a guess: the owner is not held, and the phone's next PIN works.
      const fresh = await showPin(phone);
      expect((await detail(owner, phone, fresh)).status).toBe(200);

      // A waiting cabinet's PIN 10 minutes old links no more either.
      const cabinet = await enrollDevice(suite.server);
      const old = await showPin(cabinet);
      suite.clock.advance(10 * MINUTE);
      expect(answer(await register(owner, old))).toEqual(wrongPin);
    });

    it('does not count terminals still showing the phone after it made a new PIN', async () => {
      const venueId = await venue();
      const owner = await cashierOf(venueId);
      const phone = await linkRemote(suite.server, owner);
      const terminals = await Promise.all(Array.from({ length: 12 }, () => cashierOf(venueId)));
      for (const terminal of terminals) expect((await detail(terminal, phone, phone.pin)).status).toBe(200);
      const fresh = await showPin(phone);
      for (const terminal of terminals) {
        expect(answer(await detail(terminal, phone, phone.pin))).toEqual(pinChanged);
      }
      expect(await pinOf(phone.id)).toMatchObject({ pin: fresh, pin_failures: 0 });
      expect((await detail(terminals[0]!, phone, fresh)).status).toBe(200);
    });

    it('does not count terminals showing the PIN before last once the current one has expired', async () => {
      const venueId = await venue();
      const owner = await cashierOf(venueId);
      const phone = await linkRemote(suite.server, owner);
      const current = await showPin(phone);
      suite.clock.advance(10 * MINUTE);
      // Both are PINs the phone showed: every try is answered, none is a guess that holds the cashier.
      for (let i = 0; i < PIN_MAX_WRONG + 1; i++) {
        expect(answer(await detail(owner, phone, current))).toEqual(pinChanged);
        expect(answer(await detail(owner, phone, phone.pin))).toEqual(pinChanged);
      }
      expect(await pinOf(phone.id)).toMatchObject({ pin: current, pin_previous: phone.pin, pin_failures: 0 });
      // Wrong guesses at the expired PIN count against no PIN (only the throttle holds them): it stays.
      for (const pin of await wrongPins(6, PIN_MAX_WRONG)) {
        suite.moveAddress();
        expect(answer(await detail(await cashierOf(venueId), phone, pin))).toEqual(pinChanged);
      }
      expect(await pinOf(phone.id)).toMatchObject({ pin: current, pin_previous: phone.pin, pin_failures: 0 });
      const fresh = await showPin(phone);
      expect((await detail(owner, phone, fresh)).status).toBe(200);
    });

    it('lets the cashier showing a phone poll it with the proven PIN while their PIN tries are held, without writing', async () => {
      const venueId = await venue();
      const cashier = await cashierOf(venueId);
      const phone = await linkRemote(suite.server, cashier);
      expect((await detail(cashier, phone, phone.pin)).status).toBe(200);
      const other = await linkRemote(suite.server, cashier);
      for (const pin of await wrongPins(6, 5)) await detail(cashier, other, pin);
      expect(answer(await detail(cashier, other, other.pin))).toEqual(tooMany(60));

      const throttleRows = async () =>
        JSON.stringify(
          await suite.db.kysely.selectFrom('sign_in_throttle').selectAll().orderBy('key').execute(),
        );
      const before = await throttleRows();
      for (let i = 0; i < 5; i++) {
        expect((await detail(cashier, phone, phone.pin)).status).toBe(200);
        expect((await gameReport(cashier, phone, phone.pin)).status).toBe(200);
      }
      expect((await cashWithPin(cashier, phone, phone.pin)).status).toBe(200);
      expect(await throttleRows()).toBe(before);
    });

    it('does not count a call refused before its PIN is looked at (another venue, a hard block)', async () => {
      const venueId = await venue();
      const owner = await cashierOf(venueId);
      const phone = await linkRemote(suite.server, owner);
      const outsider = await cashierOf(await venue());
      const unavailable = { status: 406, body: { err: ERR.deviceNotAvailable } };
      for (const pin of await wrongPins(6, 10)) {
        expect(answer(await detail(outsider, phone, pin))).toEqual(unavailable);
        expect(answer(await gameReport(outsider, phone, pin))).toEqual(unavailable);
      }
      expect(await pinOf(phone.id)).toMatchObject({ pin: phone.pin, pin_failures: 0 });
      expect((await detail(owner, phone, phone.pin)).status).toBe(200);
    });

    it('does not count a wrong PIN of any remote call under a hard block, nor of a deposit under a light one', async () => {
      const venueId = await venue();
      const owner = await cashierOf(venueId);
      const phone = await linkRemote(suite.server, owner);
      const guesser = await cashierOf(venueId);
      const operations = await operationsCount();
      const hardBlock = { status: 403, body: { err: ERR.hardBlock } };
      await updateAccount(suite.db.kysely, venueId, { is_hard_block_home_play: true });
      for (const pin of await wrongPins(6, 2 * PIN_MAX_WRONG)) {
        expect(answer(await cashWithPin(guesser, phone, pin))).toEqual(hardBlock);
        expect(answer(await detail(guesser, phone, pin))).toEqual(hardBlock);
        expect(answer(await gameReport(guesser, phone, pin))).toEqual(hardBlock);
      }
      await updateAccount(suite.db.kysely, venueId, {
        is_hard_block_home_play: false,
        is_light_block_home_play: true,
      });
      for (const pin of await wrongPins(6, 2 * PIN_MAX_WRONG)) {
        expect(answer(await cashWithPin(guesser, phone, pin))).toEqual({
          status: 403,
          body: { err: ERR.lightBlock },
        });
      }
      await updateAccount(suite.db.kysely, venueId, { is_light_block_home_play: false });
      // Nothing was counted: the phone's PIN lives on and the guesser's own tries are not held.
      expect(await pinOf(phone.id)).toMatchObject({ pin: phone.pin, pin_failures: 0 });
      expect(await operationsCount()).toBe(operations);
      expect((await cashWithPin(guesser, phone, phone.pin)).status).toBe(200);
    });

    it('does not count a wrong PIN of a remote call refused for want of an open shift', async () => {
      const venueId = await venue();
      const owner = await cashierOf(venueId);
      const phone = await linkRemote(suite.server, owner);
      const guesser = await cashierOf(venueId);
      await updateAccount(suite.db.kysely, venueId, { shifts: true });
      for (const pin of await wrongPins(6, 2 * PIN_MAX_WRONG)) {
        expect(answer(await cashWithPin(guesser, phone, pin))).toEqual({
          status: 403,
          body: { err: ERR.noOpenShift },
        });
      }
      await updateAccount(suite.db.kysely, venueId, { shifts: false });
      // The shift gate came before the PIN guard: the phone's PIN lives on, the guesser is not held.
      expect(await pinOf(phone.id)).toMatchObject({ pin: phone.pin, pin_failures: 0 });
      expect((await cashWithPin(guesser, phone, phone.pin)).status).toBe(200);
    });

    it('counts a burst of parallel wrong PINs one by one: the PIN ends once and 5 are checked', async () => {
      const venueId = await venue();
      const owner = await cashierOf(venueId);
      const phone = await linkRemote(suite.server, owner);
      const attacker = await cashierOf(venueId);
      const pins = await wrongPins(6, 12);
      const answers = await Promise.all(pins.map((pin) => detail(attacker, phone, pin)));
      const statuses = answers.map((a) => a.status).sort();
      expect(statuses).toEqual([...Array<number>(5).fill(406), ...Array<number>(7).fill(429)]);
      expect(await pinOf(phone.id)).toEqual({ pin: null, pin_failures: 0, pin_previous: phone.pin });
    });
  });

  async function deviceIdOf(uuid: string): Promise<number> {
    const row = await suite.db.kysely
      .selectFrom('devices')
      .select('id')
      .where('uuid', '=', uuid)
      .executeTakeFirstOrThrow();
    return row.id;
  }
});
