// How the gateway draws a device's PIN (gateway.service.ts issuePin), with the random draws scripted:
// never the PIN the device shows already, never one another device of its kind shows right now (a PIN
// names one device when a cashier links it), and a refusal after 20 draws that all collide.
import type * as crypto from 'node:crypto';
import { randomInt } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Db } from '../../src/db/database.js';
import { sqliteTestDatabase } from '../helpers/databases.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { answer, enrollDevice, showPin } from './support.js';

vi.mock('node:crypto', async (importOriginal) => {
  const real = await importOriginal<typeof crypto>();
  return { ...real, randomInt: vi.fn(real.randomInt) };
});

/** The next PIN draws, in order; later draws are random again. */
function drawNext(...pins: number[]): void {
  for (const pin of pins) vi.mocked(randomInt).mockImplementationOnce((() => pin) as typeof randomInt);
}

describe('drawing a PIN', () => {
  let db: Db;
  let server: TestServer;
  beforeAll(async () => {
    db = await sqliteTestDatabase.open();
    server = await startTestServer(db, { config: { enrollmentOpen: true } });
  });
  afterEach(() => {
    vi.mocked(randomInt).mockReset();
  });
  afterAll(async () => {
    await server.close();
    await db.close();
  });

  it('draws again for a PIN another device shows, and for the one the device shows already', async () => {
    const first = await enrollDevice(server);
    const second = await enrollDevice(server);
    drawNext(1234);
    expect(await showPin(first)).toBe('01234');
    drawNext(1234, 56789);
    expect(await showPin(second)).toBe('56789');
    drawNext(1234, 4321);
    expect(await showPin(first)).toBe('04321');
  });

  it('gives up after 20 draws that all collide, with a 500 and no PIN changed', async () => {
    const shown = await enrollDevice(server);
    const other = await enrollDevice(server);
    drawNext(777);
    expect(await showPin(shown)).toBe('00777');
    drawNext(...Array<number>(20).fill(777), 888);
    const refused = answer(await other.client.post('/device/pin', undefined, other.auth));
    expect(refused.status).toBe(500);
    // The 21st draw was never made: the next call takes it.
    expect(await showPin(other)).toBe('00888');
  });
});
