// The client network rule (apps/server/src/http/client-network.ts) through HTTP, on both sides: after a
// network's 6 wrong device PINs (devices/pin-guard.ts, its `network` rule), the same address, any other
// address of its IPv4 /24 or IPv6 /64 (however it is written, IPv4 mapped into IPv6 too) is held with
// 429, while an address of the neighbouring /24 or /64 links with the right PIN. Every try comes from a
// cashier of a venue of its own, so only the network key can hold it.
import { randomInt } from 'node:crypto';
import { ERR } from '@cashdesk/contract';
import { describe, expect, it } from 'vitest';
import { answer, enrollDevice, newTrx, showPin } from '../helpers/cashier.js';
import { testDatabases } from '../helpers/databases.js';
import { createTestUser, createVenue } from '../helpers/factories.js';
import { clientForUser } from '../helpers/server.js';
import { useSuiteServer } from './suite-server.js';

const held = { status: 429, body: { err: ERR.tooManyAttempts, retry_after: 60 } };
const wrongPin = { status: 422, body: { err: ERR.wrongPin } };

describe.each(testDatabases)('the client network rule on $name', (database) => {
  const suite = useSuiteServer(database);

  /** Links a cabinet by `pin` as a cashier of a new venue calling from `address`. */
  async function register(address: string, pin: string) {
    const venue = await createVenue(suite.db);
    const user = await createTestUser(suite.db, {
      account_id: venue.id,
      restrictions: ['can_register_new_device'],
    });
    const client = await clientForUser(suite.server, user, {
      client: { headers: { 'x-forwarded-for': address } },
    });
    return answer(await client.post('/a/cashier/devices/register', { pin, trx: newTrx() }));
  }

  /** A PIN no device shows now. */
  async function aWrongPin(): Promise<string> {
    const shown = new Set(
      (await suite.db.kysely.selectFrom('devices').select('pin').where('pin', 'is not', null).execute()).map(
        (d) => d.pin,
      ),
    );
    for (;;) {
      const pin = String(randomInt(100_000)).padStart(5, '0');
      if (!shown.has(pin)) return pin;
    }
  }

  /** The right PIN of a cabinet waiting to be linked. */
  const rightPin = async () => showPin(await enrollDevice(suite.server));

  /** Six wrong PINs from six addresses of one network: the network is held from here on. */
  async function holdNetwork(addresses: string[]) {
    for (const address of addresses) expect(await register(address, await aWrongPin())).toEqual(wrongPin);
  }

  it('holds the address and its whole IPv4 /24, mapped into IPv6 too, and not the /24 next to it', async () => {
    const [b, c] = [randomInt(256), randomInt(1, 255)];
    const net = (third: number, host: number) => `172.${16 + (b % 16)}.${third}.${host}`;
    await holdNetwork([1, 2, 3, 4, 5, 6].map((host) => net(c, host)));

    expect(await register(net(c, 6), await rightPin())).toEqual(held);
    expect(await register(net(c, 254), await rightPin())).toEqual(held);
    expect(await register(`::ffff:${net(c, 77)}`, await rightPin())).toEqual(held);
    expect(await register(net(c + 1, 6), await rightPin())).toMatchObject({ status: 200 });
    expect(await register(net(c - 1, 6), await rightPin())).toMatchObject({ status: 200 });
  });

  it('holds the address and its whole IPv6 /64, however it is written, and not the /64 next to it', async () => {
    const site = randomInt(1, 0xfff).toString(16);
    const subnet = randomInt(1, 0xfffe);
    const net = (n: number, host: string) => `2001:db8:${site}:${n.toString(16)}::${host}`;
    await holdNetwork(['1', '2', '3', '4', '5', '6'].map((host) => net(subnet, host)));

    expect(await register(net(subnet, '6'), await rightPin())).toEqual(held);
    const far = `2001:db8:${site}:${subnet.toString(16)}:ffff:ffff:ffff:fffe`;
    expect(await register(far, await rightPin())).toEqual(held);
    const padded = `2001:0db8:${site.padStart(4, '0')}:${subnet.toString(16).padStart(4, '0')}:0:0:0:abcd`;
    expect(await register(padded.toUpperCase(), await rightPin())).toEqual(held);
    expect(await register(net(subnet + 1, '6'), await rightPin())).toMatchObject({ status: 200 });
    expect(await register(net(subnet - 1, '6'), await rightPin())).toMatchObject({ status: 200 });
  });
});
