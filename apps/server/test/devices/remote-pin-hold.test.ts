// A home-play phone open at a till is not dropped by its own scheduled PIN renewal (docs/security.md,
// "Device PINs"): the till's calls with the right PIN keep the PIN live, and the phone's renewal at the end
// of the life it was told (`POST /device/pin {"keep_live": true}`) then keeps it. A PIN no till holds
// still ends after its 10 minutes, and the player's own "new PIN" still ends it at once, a till or not.
import { ERR } from '@cashdesk/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PIN_HOLD_MS, PIN_KEEP_MARGIN_MS, PIN_TTL_MS } from '../../src/devices/remote-pin.js';
import { verifyLedger } from '../../src/ledger/verify.js';
import { FakeClock, MINUTE, SECOND } from '../helpers/clock.js';
import { testDatabases } from '../helpers/databases.js';
import { createVenue } from '../helpers/factories.js';
import { type TestClient } from '../helpers/server.js';
import { useTestServer } from '../helpers/test-server-suite.js';
import {
  answer,
  cashierClient,
  enrollDevice,
  linkRemote,
  remoteCash,
  showPin,
  type LinkedDevice,
} from '../helpers/cashier.js';

const pinChanged = { status: 406, body: { err: ERR.pinChanged } };

describe.each(testDatabases)('a phone held open at a till, on $name', (database) => {
  let till: TestClient;
  let phone: LinkedDevice;

  const clock = new FakeClock();
  const suite = useTestServer(database, { clock, config: { enrollmentOpen: true } });
  beforeAll(async () => {
    const venue = await createVenue(suite.db, { float: 100_000_00 });
    ({ client: till } = await cashierClient(suite.server, suite.db, venue.id));
  });
  afterAll(async () => {
    expect(await verifyLedger(suite.db)).toEqual([]);
  });
  beforeEach(async () => {
    // A phone connected at the till a moment ago: its PIN shown now, living PIN_TTL_MS.
    phone = await linkRemote(suite.server, till);
  });

  /** The till asks for the phone, as its screen does every 5 s while it shows it. */
  const detail = (pin: string = phone.pin) =>
    till.get(`/a/cashier/devices/remote/${phone.id}`, { 'x-device-pin': pin });
  /** The phone's scheduled renewal at the end of its PIN's life. */
  const renew = () =>
    phone.client.post<{ pin: string; expires_at: string }>('/device/pin', { keep_live: true }, phone.auth);
  const storedEnd = async () =>
    Number(
      (
        await suite.db.kysely
          .selectFrom('devices')
          .select('pin_expires_at_ms')
          .where('id', '=', phone.id)
          .executeTakeFirstOrThrow()
      ).pin_expires_at_ms,
    );

  it("keeps the phone's PIN while the till asks for it, through the phone's renewals", async () => {
    const shownAt = clock.now();
    // Polls with time to spare write nothing: the PIN's end stays where it was.
    clock.advance(PIN_TTL_MS - PIN_HOLD_MS - SECOND);
    expect((await detail()).status).toBe(200);
    expect(await storedEnd()).toBe(shownAt + PIN_TTL_MS);

    // Most of an hour of a till asking every 15 s, the phone renewing its PIN whenever the end it knows comes.
    let toldEnd = shownAt + PIN_TTL_MS;
    const until = clock.now() + 45 * MINUTE;
    while (clock.now() < until) {
      clock.advance(15 * SECOND);
      expect(answer(await detail())).toMatchObject({ status: 200 });
      if (clock.now() >= toldEnd) {
        const renewed = answer(await renew());
        // The same PIN, with the later end the till's calls gave it.
        expect(renewed).toMatchObject({ status: 200, body: { pin: phone.pin } });
        toldEnd = Date.parse(renewed.body.expires_at);
        expect(toldEnd).toBeGreaterThan(clock.now() + PIN_KEEP_MARGIN_MS);
      }
    }
    expect(answer(await remoteCash(till, phone, 10_00))).toMatchObject({ status: 200 });
  });

  it('renews a PIN no till asked for: at the end of its 10 minutes the phone shows a new one', async () => {
    clock.advance(PIN_TTL_MS);
    const renewed = answer(await renew());
    expect(renewed.status).toBe(200);
    expect(renewed.body.pin).not.toBe(phone.pin);
    expect(answer(await detail())).toEqual(pinChanged);
    expect(answer(await detail(renewed.body.pin))).toMatchObject({ status: 200 });
  });

  it('lets the PIN end once the till stops asking for it: at most 10 minutes after its last call', async () => {
    clock.advance(PIN_TTL_MS - SECOND);
    expect((await detail()).status).toBe(200);
    const lastCall = clock.now();
    expect(await storedEnd()).toBe(lastCall + PIN_TTL_MS);
    // The phone's renewal at the end it was told keeps it (the till held it until a second ago) ...
    clock.advance(SECOND);
    expect(answer(await renew())).toMatchObject({ status: 200, body: { pin: phone.pin } });
    // ... and the one at the new end gives a new PIN: nobody asked for the phone meanwhile.
    clock.set(lastCall + PIN_TTL_MS);
    const renewed = answer(await renew());
    expect(renewed.body.pin).not.toBe(phone.pin);
    expect(answer(await detail())).toEqual(pinChanged);
  });

  it("ends the PIN at once on the player's own new PIN, held at a till or not (a PIN a stranger saw)", async () => {
    clock.advance(PIN_TTL_MS - SECOND);
    expect((await detail()).status).toBe(200);
    const fresh = await showPin(phone);
    expect(fresh).not.toBe(phone.pin);
    expect(answer(await detail())).toEqual(pinChanged);
    expect(answer(await remoteCash(till, phone, 10_00))).toEqual(pinChanged);
  });

  it('never brings back a PIN that ran out: a till asking after its end is refused, and nothing moves', async () => {
    clock.advance(PIN_TTL_MS);
    expect(answer(await detail())).toEqual(pinChanged);
    expect(await storedEnd()).toBe(clock.now());
    const renewed = answer(await renew());
    expect(renewed.body.pin).not.toBe(phone.pin);
  });

  it('does not keep a PIN for a phone whose clock runs a little ahead: under a minute left, it is renewed', async () => {
    clock.advance(PIN_TTL_MS - PIN_KEEP_MARGIN_MS);
    const renewed = answer(await renew());
    expect(renewed.body.pin).not.toBe(phone.pin);
  });

  it("never keeps a cabinet's pairing PIN: nothing holds it open, its renewal draws a new one", async () => {
    const cabinet = await enrollDevice(suite.server, { kind: 'cabinet' });
    const first = await showPin(cabinet);
    const renewed = await cabinet.client.post<{ pin: string }>(
      '/device/pin',
      { keep_live: true },
      cabinet.auth,
    );
    expect(renewed.status).toBe(200);
    expect(renewed.body.pin).not.toBe(first);
  });

  it('takes nothing but `keep_live: true` in the body', async () => {
    const refused = await phone.client.post('/device/pin', { keep_live: false }, phone.auth);
    expect(answer(refused)).toMatchObject({ status: 400, body: { err: ERR.validation } });
    const other = await phone.client.post('/device/pin', { keep: true }, phone.auth);
    expect(other.status).toBe(400);
  });
});
