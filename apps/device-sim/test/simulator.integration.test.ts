// The simulator against a real server in this process: enrollment, pairing by PIN over the cashier API,
// play on funded places, a server restart on the same database file and port, a simulator restart
// from its state file, and home-play PINs. The books must balance and no trx may apply twice.
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildApp,
  createContext,
  migrateToLatest,
  openDatabase,
  verifyLedger,
  type Db,
} from '@cashdesk/server';
import { FakeClock } from '../../server/test/helpers/clock.js';
import { createTestUser, createVenue } from '../../server/test/helpers/factories.js';
import {
  clientForUser,
  startTestServer,
  testConfig,
  type TestClient,
  type TestServer,
} from '../../server/test/helpers/server.js';
import { openEventStream } from '../../server/test/helpers/event-stream.js';
import { GatewayError } from '../src/gateway-client.js';
import { loadState, saveState } from '../src/state-file.js';
import { DeviceSimulator, type SimulatorEvent } from '../src/simulator.js';

/** Polls `check` until it holds; fails with `what` after `timeoutMs`. */
async function waitFor(
  what: string,
  check: () => boolean | Promise<boolean>,
  timeoutMs = 8000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

const trx = () => randomUUID();
/**
 * Fast but real: short pauses and backoff so a run takes a couple of seconds. The polls keep their pace
 * beside the push stream (refreshWithPushMs): some tests change the device through another server
 * process on the same file, whose changes its stream cannot hear (docs/live-updates.md).
 */
const FAST = {
  paceMs: 10,
  pollMs: 50,
  refreshMs: 300,
  refreshWithPushMs: 300,
  retry: { initialMs: 50, maxMs: 200 },
} as const;

async function deviceEventCount(db: Db, deviceId: number): Promise<number> {
  const row = await db.kysely
    .selectFrom('device_events')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('device_id', '=', deviceId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Trx values of this device that produced more than one game event (must be none). */
async function trxAppliedTwice(db: Db, deviceId: number): Promise<unknown[]> {
  const result = await sql`
    select o.trx, count(*) as n from device_events e join operations o on o.id = e.operation_id
    where e.device_id = ${deviceId} group by o.trx having count(*) > 1`.execute(db.kysely);
  return result.rows;
}

describe('device simulator against a real server', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'device-sim-'));
  const dbFile = path.join(dir, 'cashdesk.sqlite');
  const stateFile = path.join(dir, 'sim-state.json');
  let db: Db;
  let server: TestServer;
  /** The restarted server, when the test got that far. */
  let second: { app: FastifyInstance; db: Db } | null = null;
  let cashier: TestClient;
  let deviceId = 0;

  beforeAll(async () => {
    db = openDatabase({ kind: 'sqlite', file: dbFile });
    await migrateToLatest(db);
    const venue = await createVenue(db, { float: 1_000_000, final_bonus_rate_bps: 1000 });
    const user = await createTestUser(db, {
      account_id: venue.id,
      restrictions: ['can_register_new_device'],
    });
    server = await startTestServer(db, { config: { enrollmentOpen: true } });
    cashier = await clientForUser(server, user);
  });

  afterAll(async () => {
    await server.close().catch(() => undefined);
    await second?.app.close();
    await second?.db.close();
    await db.close().catch(() => undefined);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('pairs, plays, survives a server restart, and keeps the books', async () => {
    const pins: string[] = [];
    const events: SimulatorEvent[] = [];
    const sim = new DeviceSimulator({
      server: server.baseUrl,
      module: 1,
      places: 4,
      seed: 1234,
      stateFile,
      ...FAST,
      onPin: (pin) => pins.push(pin),
      onEvent: (e) => events.push(e),
      onLog: (_level, message) => logs.push(message),
    });
    const logs: string[] = [];
    try {
      await sim.start();
      await waitFor('a PIN', () => pins.length > 0);
      expect(pins[0]).toMatch(/^\d{5}$/);
      expect(sim.linked).toBe(false);

      const linked = await cashier.post<{ id: number }>('/a/cashier/devices/register', {
        pin: pins[0],
        trx: trx(),
      });
      expect(linked.status).toBe(200);
      deviceId = linked.body.id;
      await sim.waitUntilLinked(5000);
      expect(sim.deviceId).toBe(deviceId);

      for (const [place, delta] of [
        [1, 50_000],
        [2, 20_000],
      ] as const) {
        const res = await cashier.post(`/a/cashier/devices/${deviceId}/place/${place}/update`, {
          delta,
          trx: trx(),
        });
        expect(res.status).toBe(200);
      }
      await waitFor('play on the funded places', () => events.filter((e) => e.ok).length >= 40);
      // Only funded places were played.
      expect(new Set(events.map((e) => e.place))).toEqual(new Set([1, 2]));

      // A cashier cashes place 2 out mid-play: the simulator must cope (a 422 at most) and carry on.
      const detail = await cashier.get<{ places: { place: number; balances: { entries: number } }[] }>(
        `/a/cashier/devices/${deviceId}`,
      );
      const entries2 = detail.body.places.find((p) => p.place === 2)?.balances.entries ?? 0;
      if (entries2 > 0) {
        const out = await cashier.post(`/a/cashier/devices/${deviceId}/place/2/update`, {
          delta: -entries2,
          trx: trx(),
        });
        expect([200, 422]).toContain(out.status);
      }

      // Stop the server mid-run; the simulator keeps retrying the same event until one comes back.
      const { port } = server.app.server.address() as AddressInfo;
      await server.close();
      await db.close();
      await waitFor('the simulator retrying against the closed port', () =>
        logs.some((m) => m.includes('ECONNREFUSED') && m.includes('retrying')),
      );
      const appliedBeforeRestart = sim.counts.applied;
      await new Promise((r) => setTimeout(r, 300));
      expect(sim.counts.applied).toBe(appliedBeforeRestart);

      const db2 = openDatabase({ kind: 'sqlite', file: dbFile });
      await migrateToLatest(db2);
      const ctx2 = createContext(testConfig({ enrollmentOpen: true }), db2, 'test-hash');
      const app2 = await buildApp(ctx2, { logger: false });
      second = { app: app2, db: db2 };
      await app2.listen({ host: '127.0.0.1', port });
      await waitFor('play after the restart', () => sim.counts.applied >= appliedBeforeRestart + 20);

      await sim.stop();
      expect(sim.pendingEvents).toEqual([]);

      // Every answered event landed exactly once; nothing else landed.
      const applied = events.filter((e) => e.ok);
      expect(new Set(events.map((e) => e.trx)).size).toBe(events.length);
      expect(await deviceEventCount(db2, deviceId)).toBe(applied.length);
      expect(await trxAppliedTwice(db2, deviceId)).toEqual([]);
      expect(await verifyLedger(db2)).toEqual([]);

      // The simulator's last known balances are the server's.
      const places = await db2.kysely
        .selectFrom('places')
        .select(['place', 'entries_cents', 'final_bonus_cents'])
        .where('device_id', '=', deviceId)
        .orderBy('place')
        .execute();
      const last = new Map(applied.map((e) => [e.place, e.balances]));
      expect(places.find((p) => p.place === 1)?.entries_cents).toBe(last.get(1)?.entries);
      expect(places.find((p) => p.place === 1)?.entries_cents).not.toBe(50_000);
      expect(places.filter((p) => p.place > 2).every((p) => p.entries_cents === 0)).toBe(true);
    } finally {
      await sim.stop();
    }
  });

  it('restarts from its state file as the same device and resends an unanswered event as it was', async () => {
    expect(second).not.toBeNull();
    const db2 = second!.db;
    const base = `http://127.0.0.1:${(second!.app.server.address() as AddressInfo).port}`;
    const devicesBefore = await db2.kysely.selectFrom('devices').select('id').execute();

    // As if the simulator sent an event, the server applied it, and the answer was lost in a crash.
    const saved = loadState(stateFile);
    expect(saved?.pending).toEqual([]);
    const lost = { trx: `lost-${randomBytes(6).toString('hex')}`, place: 1, type: 2 as const, amount: 77 };
    const first = await fetch(`${base}/device/events`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${saved!.device_token}` },
      body: JSON.stringify(lost),
    });
    expect(first.status).toBe(200);
    saveState(stateFile, { ...saved!, pending: [lost] });

    const events: SimulatorEvent[] = [];
    const sim = new DeviceSimulator({
      server: base,
      module: 1,
      places: 4,
      stateFile,
      ...FAST,
      onEvent: (e) => events.push(e),
    });
    try {
      await sim.start();
      await sim.waitUntilLinked(5000);
      expect(sim.deviceId).toBe(deviceId);
      await waitFor('the resent event and more play', () => events.filter((e) => e.ok).length >= 5);
      await sim.stop();
    } finally {
      await sim.stop();
    }
    expect(events[0]).toMatchObject({ ...lost, ok: true });
    expect(await db2.kysely.selectFrom('devices').select('id').execute()).toEqual(devicesBefore);
    const lostOps = await db2.kysely
      .selectFrom('operations')
      .innerJoin('device_events', 'device_events.operation_id', 'operations.id')
      .select('operations.id')
      .where('operations.trx', '=', lost.trx)
      .execute();
    expect(lostOps).toHaveLength(1);
    expect(await trxAppliedTwice(db2, deviceId)).toEqual([]);
    expect(await verifyLedger(db2)).toEqual([]);
  });
});

describe('device simulator pairing', () => {
  let db: Db;
  let server: TestServer;
  let cashier: TestClient;
  const clock = new FakeClock(Date.now());

  beforeAll(async () => {
    db = openDatabase({ kind: 'sqlite', file: ':memory:' });
    await migrateToLatest(db);
    const venue = await createVenue(db, { float: 100_000, home_play: true });
    const user = await createTestUser(db, {
      account_id: venue.id,
      restrictions: ['can_register_new_device'],
    });
    server = await startTestServer(db, { config: { enrollmentOpen: true }, clock });
    cashier = await clientForUser(server, user);
  });

  afterAll(async () => {
    await server.close();
    await db.close();
  });

  it('shows a new PIN when the current one expires while unlinked', async () => {
    // The server's clock runs 10 minutes minus 300 ms behind: its PINs expire 300 ms from now.
    clock.set(Date.now() - 10 * 60 * 1000 + 300);
    const pins: { pin: string; expiresAt: Date }[] = [];
    const sim = new DeviceSimulator({
      server: server.baseUrl,
      module: 5,
      ...FAST,
      onPin: (pin, expiresAt) => pins.push({ pin, expiresAt }),
    });
    try {
      await sim.start();
      await waitFor('a second PIN', () => pins.length >= 2, 3000);
      clock.set(Date.now());
      expect(pins[1]!.pin).not.toBe(pins[0]!.pin);
      expect(sim.linked).toBe(false);
    } finally {
      await sim.stop();
    }
  });

  it('waits for its link and learns of a deposit from its push stream, not by polling', async () => {
    clock.set(Date.now());
    // Every call the simulator makes through fetch, by path: its polls of /device/state are counted (the
    // stream has a connection of its own, gateway-client.ts).
    const calls: string[] = [];
    const counting: typeof fetch = (input, init) => {
      calls.push(new URL(String(input)).pathname);
      return fetch(input, init);
    };
    const polls = () => calls.filter((p) => p === '/device/state').length;
    const pins: string[] = [];
    const events: SimulatorEvent[] = [];
    // Polls a minute apart: what happens within seconds is the stream's doing.
    const sim = new DeviceSimulator({
      server: server.baseUrl,
      module: 1,
      places: 2,
      paceMs: 10,
      pollMs: 60_000,
      refreshMs: 60_000,
      fetch: counting,
      onPin: (pin) => pins.push(pin),
      onEvent: (e) => events.push(e),
    });
    try {
      await sim.start();
      await waitFor('the push stream', () => sim.pushed);
      await waitFor('a PIN', () => pins.length > 0);
      const pollsBefore = polls();
      const linked = await cashier.post<{ id: number }>('/a/cashier/devices/register', {
        pin: pins[0],
        trx: trx(),
      });
      expect(linked.status).toBe(200);
      await sim.waitUntilLinked(5000);
      expect(sim.deviceId).toBe(linked.body.id);

      const deposit = await cashier.post(`/a/cashier/devices/${linked.body.id}/place/2/update`, {
        delta: 10_00,
        trx: trx(),
      });
      expect(deposit.status).toBe(200);
      await waitFor('play on the funded place', () => events.some((e) => e.ok && e.place === 2), 5000);
      expect(events.every((e) => e.place === 2)).toBe(true);
      expect(polls()).toBe(pollsBefore);
      expect(sim.pushed).toBe(true);
    } finally {
      await sim.stop();
    }
  });

  it('polls as before when its stream is refused (the device holds its cap elsewhere)', async () => {
    clock.set(Date.now());
    const root = server.client({ base: server.baseUrl });
    const enrolled = await root.post<{ device_token: string }>('/device/enroll', {
      kind: 'cabinet',
      module: 1,
      game_id: 1,
      places: 1,
    });
    const asDevice = server.client({
      base: server.baseUrl,
      headers: { authorization: `Bearer ${enrolled.body.device_token}` },
    });
    // Two streams of this device already open: the simulator's is refused with 429.
    const held = [
      await openEventStream(asDevice, '/device/events/stream'),
      await openEventStream(asDevice, '/device/events/stream'),
    ];
    const pins: string[] = [];
    const sim = new DeviceSimulator({
      server: server.baseUrl,
      module: 1,
      deviceToken: enrolled.body.device_token,
      ...FAST,
      refreshWithPushMs: 60_000,
      onPin: (pin) => pins.push(pin),
    });
    try {
      expect(held.map((s) => s.status)).toEqual([200, 200]);
      await sim.start();
      await waitFor('a PIN', () => pins.length > 0);
      const linked = await cashier.post('/a/cashier/devices/register', { pin: pins[0], trx: trx() });
      expect(linked.status).toBe(200);
      await sim.waitUntilLinked(5000);
      expect(sim.pushed).toBe(false);
    } finally {
      await sim.stop();
      for (const stream of held) stream.close();
    }
  });

  it('a home-play client shows 6-digit PINs and makes a new one on demand', async () => {
    clock.set(Date.now());
    const pins: string[] = [];
    const events: SimulatorEvent[] = [];
    const sim = new DeviceSimulator({
      server: server.baseUrl,
      kind: 'remote',
      module: 7,
      ...FAST,
      onPin: (pin) => pins.push(pin),
      onEvent: (e) => events.push(e),
    });
    try {
      await sim.start();
      await waitFor('a PIN', () => pins.length > 0);
      expect(pins[0]).toMatch(/^\d{6}$/);
      const linked = await cashier.post<{ id: number }>('/a/cashier/devices/remote/register', {
        pin: pins[0],
        trx: trx(),
      });
      expect(linked.status).toBe(200);
      await sim.waitUntilLinked(5000);
      const id = linked.body.id;
      expect(sim.places.map((p) => p.place)).toEqual([1]);

      const deposit = (pin: string) =>
        cashier.post(`/a/cashier/devices/remote/${id}/place/1/update`, {
          delta: 5000,
          trx: trx(),
          pin_code: pin,
        });
      expect((await deposit(pins[0]!)).status).toBe(200);

      const fresh = await sim.newPin();
      expect(fresh.pin).toMatch(/^\d{6}$/);
      expect(pins.at(-1)).toBe(fresh.pin);
      expect(sim.pin?.pin).toBe(fresh.pin);
      if (fresh.pin !== pins[0]) expect((await deposit(pins[0]!)).status).toBe(406);
      expect((await deposit(fresh.pin)).status).toBe(200);
      await waitFor('home play', () => events.filter((e) => e.ok).length >= 5);
    } finally {
      await sim.stop();
    }

    // Restarted, the linked phone shows a PIN again at once (cashiers need it for its cash calls).
    const shown: string[] = [];
    const again = new DeviceSimulator({
      server: server.baseUrl,
      kind: 'remote',
      module: 7,
      deviceToken: sim.deviceToken,
      ...FAST,
      onPin: (pin) => shown.push(pin),
    });
    try {
      await again.start();
      expect(again.linked).toBe(true);
      await waitFor('the PIN of the restarted phone', () => shown.length > 0);
      expect(shown[0]).toMatch(/^\d{6}$/);
    } finally {
      await again.stop();
    }
    expect(await verifyLedger(db)).toEqual([]);
  });

  it('a linked home-play client shows a new PIN when its PIN expires (the server refuses an expired one)', async () => {
    clock.set(Date.now());
    const pins: string[] = [];
    const sim = new DeviceSimulator({
      server: server.baseUrl,
      kind: 'remote',
      module: 7,
      ...FAST,
      onPin: (pin) => pins.push(pin),
    });
    try {
      await sim.start();
      await waitFor('a PIN', () => pins.length > 0);
      const linked = await cashier.post<{ id: number }>('/a/cashier/devices/remote/register', {
        pin: pins[0],
        trx: trx(),
      });
      expect(linked.status).toBe(200);
      await sim.waitUntilLinked(5000);
      // Its next PIN expires 300 ms from now (the server's clock ran behind when it was drawn), while it
      // plays; back on time, the server sees it end when the phone does.
      clock.set(Date.now() - 10 * 60 * 1000 + 300);
      const shortLived = await sim.newPin();
      clock.set(Date.now());
      await waitFor('a PIN after the expiry', () => pins.at(-1) !== shortLived.pin, 3000);
      // The PIN it shows next lives its 10 minutes.
      await waitFor(
        'a PIN valid for minutes',
        () => (sim.pin?.expiresAt.getTime() ?? 0) > Date.now() + 60_000,
      );
      const detail = (pin: string) =>
        cashier.get(`/a/cashier/devices/remote/${linked.body.id}`, { 'x-device-pin': pin });
      expect((await detail(shortLived.pin)).status).toBe(406);
      expect((await detail(sim.pin!.pin)).status).toBe(200);
    } finally {
      await sim.stop();
    }
  });

  it('keeps its PIN at the renewal while a till holds the phone open; its own new PIN still ends it', async () => {
    clock.set(Date.now());
    const pins: string[] = [];
    const sim = new DeviceSimulator({
      server: server.baseUrl,
      kind: 'remote',
      module: 7,
      ...FAST,
      onPin: (pin) => pins.push(pin),
    });
    try {
      await sim.start();
      await waitFor('a PIN', () => pins.length > 0);
      const linked = await cashier.post<{ id: number }>('/a/cashier/devices/remote/register', {
        pin: pins[0],
        trx: trx(),
      });
      await sim.waitUntilLinked(5000);
      const detail = (pin: string) =>
        cashier.get(`/a/cashier/devices/remote/${linked.body.id}`, { 'x-device-pin': pin });
      // A PIN whose 10 minutes end 500 ms from now (drawn while the server's clock ran behind) ...
      clock.set(Date.now() - 10 * 60 * 1000 + 500);
      const held = await sim.newPin();
      clock.set(Date.now());
      // ... which the till showing the phone asks for before its end: the till holds it open.
      expect((await detail(held.pin)).status).toBe(200);
      // The phone's renewal at that end keeps it: no new PIN, a later end, the till still served.
      await waitFor('the renewal', () => (sim.pin?.expiresAt.getTime() ?? 0) > Date.now() + 60_000, 3000);
      expect(sim.pin?.pin).toBe(held.pin);
      expect(pins.at(-1)).toBe(held.pin);
      expect((await detail(held.pin)).status).toBe(200);

      // The player's own new PIN still ends it, held or not.
      const fresh = await sim.newPin();
      expect(fresh.pin).not.toBe(held.pin);
      expect((await detail(held.pin)).status).toBe(406);
    } finally {
      await sim.stop();
    }
  });

  it('rotates its PIN on a timer when asked to', async () => {
    const pins: string[] = [];
    const sim = new DeviceSimulator({
      server: server.baseUrl,
      kind: 'remote',
      module: 7,
      newPinEveryMs: 100,
      ...FAST,
      onPin: (pin) => pins.push(pin),
    });
    try {
      await sim.start();
      await waitFor('three PINs', () => pins.length >= 3, 3000);
      expect(new Set(pins).size).toBe(pins.length);
      expect(sim.pin?.pin).toBe(pins.at(-1));
    } finally {
      await sim.stop();
    }
  });

  it('keeps an unanswered event pending (and saved) when stopped while the server is away', async () => {
    const own = await startTestServer(db, { config: { enrollmentOpen: true } });
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'device-sim-'));
    const file = path.join(dir, 'state.json');
    const pins: string[] = [];
    const sim = new DeviceSimulator({
      server: own.baseUrl,
      module: 1,
      places: 1,
      stateFile: file,
      ...FAST,
      onPin: (pin) => pins.push(pin),
      onLog: (_level, message) => logs.push(message),
    });
    const logs: string[] = [];
    try {
      await sim.start();
      await waitFor('a PIN', () => pins.length > 0);
      const linked = await cashier.post<{ id: number }>('/a/cashier/devices/register', {
        pin: pins[0],
        trx: trx(),
      });
      await sim.waitUntilLinked(5000);
      await cashier.post(`/a/cashier/devices/${linked.body.id}/place/1/update`, {
        delta: 50_000,
        trx: trx(),
      });
      await waitFor('play', () => sim.counts.applied > 0);
      await own.close();
      // An event that was in flight when the server closed may still get its answer; wait for one
      // that has met the closed port.
      await waitFor('an event retried against the closed server', () =>
        logs.some((m) => m.startsWith('event ') && m.includes('retrying')),
      );
      expect(sim.pendingEvents).toHaveLength(1);
      const waiting = sim.pendingEvents[0];
      await sim.stop(100);
      expect(sim.pendingEvents).toEqual([waiting]);
      expect(loadState(file)?.pending).toEqual([waiting]);
    } finally {
      await sim.stop(0);
      await own.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('fails to start with a clear error when enrollment is closed', async () => {
    const closed = await startTestServer(db, { config: { enrollmentOpen: false } });
    const sim = new DeviceSimulator({ server: closed.baseUrl, module: 1, ...FAST });
    try {
      const started = sim.start();
      await expect(started).rejects.toBeInstanceOf(GatewayError);
      await expect(started).rejects.toMatchObject({ status: 403 });
      expect(sim.phase).toBe('failed');
    } finally {
      await sim.stop();
      await closed.close();
    }
  });
});
