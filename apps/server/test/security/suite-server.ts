// The set-up the security suites that count attempts per address share (cash-replay, pin-guessing): a
// server of their own on the test database, with a fake clock, behind a trusted proxy so each test calls
// from an address of its own, and the ledger verified when the suite ends.
import { randomInt } from 'node:crypto';
import { afterAll, beforeEach, expect } from 'vitest';
import type { Db } from '../../src/db/database.js';
import { verifyLedger } from '../../src/ledger/verify.js';
import { FakeClock } from '../helpers/clock.js';
import type { TestDatabase } from '../helpers/databases.js';
import type { TestServer } from '../helpers/server.js';
import { useTestServer } from '../helpers/test-server-suite.js';

export interface SuiteServer {
  readonly db: Db;
  readonly server: TestServer;
  clock: FakeClock;
  /** This test's own address (a fresh one before each test), so tests sharing the database never share an address key. */
  address: string;
  /** Calls from here on come from another address, in another network (/24) than any before. */
  moveAddress(): void;
  /** Calls from here on come from another address in the same /24 network (throttles count networks). */
  moveWithinNetwork(): void;
  /** The client options of a call from this test's address. */
  fromHere(): { client: { headers: Record<string, string> } };
}

/** Read its fields inside hooks and tests: they are set before the first test runs. */
export function useSuiteServer(database: TestDatabase): SuiteServer {
  // A random first network, then the next one at each move: two tests never share a network key.
  let network = randomInt(256 * 256);
  let host = 0;
  const suite: SuiteServer = {
    address: '',
    moveAddress() {
      network = (network + 1) % (256 * 256);
      host = randomInt(1, 200);
      suite.address = `10.${network >> 8}.${network & 255}.${host}`;
    },
    moveWithinNetwork() {
      host = host >= 254 ? 1 : host + 1;
      suite.address = `10.${network >> 8}.${network & 255}.${host}`;
    },
    fromHere: () => ({ client: { headers: { 'x-forwarded-for': suite.address } } }),
    clock: new FakeClock(),
    get db() {
      return opened.db;
    },
    get server() {
      return opened.server;
    },
  };
  const opened = useTestServer(database, {
    clock: suite.clock,
    config: { enrollmentOpen: true, trustProxy: true },
  });
  // Registered after useTestServer's, so it runs before the server and the database close.
  afterAll(async () => {
    expect(await verifyLedger(suite.db)).toEqual([]);
  });
  beforeEach(() => suite.moveAddress());
  return suite;
}
