// How the gateway draws a device's PIN (gateway.service.ts issuePin), with the random draws scripted: a
// draw is uniform whatever other devices show, so it tells nothing about which PINs are live (a draw
// that skipped live PINs struck candidates off a waiting cabinet's PIN); a PIN two devices
// show links neither and ends both (devices/device-linking.ts); draws and enrollments are throttled
// (gateway/gateway-throttle.ts).
import type * as crypto from 'node:crypto';
import { randomInt } from 'node:crypto';
import { ERR } from '@cashdesk/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ENROLL_POLICY, GatewayThrottle, PIN_DRAW_POLICY } from '../../src/gateway/gateway-throttle.js';
import { FakeClock, MINUTE, SECOND } from '../helpers/clock.js';
import { sqliteTestDatabase } from '../helpers/databases.js';
import { createVenue } from '../helpers/factories.js';
import { answer, cashierClient, enrollDevice, newTrx, showPin } from '../helpers/cashier.js';
import { useTestServer } from '../helpers/test-server-suite.js';

vi.mock('node:crypto', async (importOriginal) => {
  const real = await importOriginal<typeof crypto>();
  return { ...real, randomInt: vi.fn(real.randomInt) };
});

/** The next PIN draws, in order; later draws are random again. */
function drawNext(...pins: number[]): void {
  for (const pin of pins) vi.mocked(randomInt).mockImplementationOnce((() => pin) as typeof randomInt);
}

const tooMany = (retryAfter: number) => ({
  status: 429,
  body: { err: ERR.tooManyAttempts, retry_after: retryAfter },
});

describe('drawing a PIN', () => {
  const clock = new FakeClock();
  const suite = useTestServer(sqliteTestDatabase, { clock, config: { enrollmentOpen: true } });
  afterEach(() => {
    vi.mocked(randomInt).mockReset();
    // Each test starts with every draw and enrollment count over.
    clock.advance(3 * 60 * MINUTE);
  });

  async function pinRow(uuid: string) {
    return suite.db.kysely
      .selectFrom('devices')
      .select(['id', 'pin', 'pin_previous'])
      .where('uuid', '=', uuid)
      .executeTakeFirstOrThrow();
  }

  it('draws a PIN another device shows live as readily as any other, and only never the one the device shows already', async () => {
    const victim = await enrollDevice(suite.server);
    const attacker = await enrollDevice(suite.server);
    drawNext(1234);
    expect(await showPin(victim)).toBe('01234');
    // The attacker's draw is the victim's live PIN: the answer does not steer around it.
    drawNext(1234);
    expect(await showPin(attacker)).toBe('01234');
    drawNext(1234, 4321);
    expect(await showPin(victim)).toBe('04321');
  });

  it('links neither device by a PIN both show: both PINs end, 406 pin changed, no trx used, no PIN try counted', async () => {
    const venue = await createVenue(suite.db);
    const { client: cashier, id: cashierId } = await cashierClient(suite.server, suite.db, venue.id);
    const first = await enrollDevice(suite.server);
    const second = await enrollDevice(suite.server);
    drawNext(55555);
    await showPin(first);
    drawNext(55555);
    await showPin(second);

    const trx = newTrx();
    const res = await cashier.post('/a/cashier/devices/register', { pin: '55555', trx });
    expect(answer(res)).toEqual({ status: 406, body: { err: ERR.pinChanged } });
    for (const device of [first, second]) {
      expect(await pinRow(device.uuid)).toMatchObject({ pin: null, pin_previous: '55555' });
    }
    const tries = await suite.db.kysely
      .selectFrom('sign_in_throttle')
      .select('failures')
      .where('key', '=', `pin-user:${cashierId}`)
      .executeTakeFirst();
    expect(tries?.failures ?? 0).toBe(0);

    // Each shows a new PIN, and the same trx links the one the cashier types now.
    drawNext(11111);
    expect(await showPin(second)).toBe('11111');
    const linked = await cashier.post<{ id: number }>('/a/cashier/devices/register', { pin: '11111', trx });
    expect(linked.status).toBe(200);
    expect(linked.body.id).toBe((await pinRow(second.uuid)).id);
  });

  it(`holds a device drawing more than ${PIN_DRAW_POLICY.rules.device.threshold - 1} PINs in an hour, and no other device`, async () => {
    const busy = await enrollDevice(suite.server);
    const quiet = await enrollDevice(suite.server);
    const free = PIN_DRAW_POLICY.rules.device.threshold - 1;
    for (let i = 0; i < free; i++) await showPin(busy);
    // The threshold-th draw is made and locks the device's key for a minute.
    await showPin(busy);
    const held = await busy.client.post('/device/pin', undefined, busy.auth);
    expect(answer(held)).toEqual(tooMany(60));
    expect(held.headers.get('retry-after')).toBe('60');
    expect((await quiet.client.post('/device/pin', undefined, quiet.auth)).status).toBe(200);
    clock.advance(60 * SECOND);
    expect((await busy.client.post('/device/pin', undefined, busy.auth)).status).toBe(200);
  });

  it(`holds enrollment from a network after ${ENROLL_POLICY.rules.network.threshold} enrollments in an hour`, async () => {
    const before = await suite.db.kysely
      .selectFrom('devices')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    for (let i = 0; i < ENROLL_POLICY.rules.network.threshold; i++) await enrollDevice(suite.server);
    const client = suite.server.client({ base: suite.server.baseUrl });
    const held = await client.post('/device/enroll', { kind: 'cabinet', module: 1, game_id: 1, places: 4 });
    expect(answer(held)).toEqual(tooMany(60));
    const after = await suite.db.kysely
      .selectFrom('devices')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n) - Number(before.n)).toBe(ENROLL_POLICY.rules.network.threshold);
  });

  it('counts the draws of every device behind one network (a /24) together', async () => {
    const throttle = new GatewayThrottle(suite.db, clock);
    const reply = { header: vi.fn() };
    const threshold = PIN_DRAW_POLICY.rules.network.threshold;
    // Distinct devices, distinct addresses of one /24: only the network key adds up.
    for (let i = 0; i < threshold; i++) {
      await throttle.draw(reply as never, 1_000_000 + i, `192.0.2.${1 + (i % 250)}`);
    }
    await expect(throttle.draw(reply as never, 2_000_000, '192.0.2.77')).rejects.toMatchObject({
      err: ERR.tooManyAttempts,
    });
    await expect(throttle.draw(reply as never, 2_000_000, '198.51.100.7')).resolves.toBeUndefined();
  });
});
