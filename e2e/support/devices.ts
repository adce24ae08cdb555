// Gaming devices for the browser tests: simulators started in-process against the test server (they
// enroll and show a PIN like a real cabinet or phone does), and game events sent through the gateway.
import { MODULES, TX_TYPE, type DeviceEventType } from '@cashdesk/contract';
import { DeviceSimulator, GatewayClient, newTrx, type EventAnswer } from '@cashdesk/device-sim';
import { enrollDevice } from '@cashdesk/server';
import { changePlaceCash } from './data';
import type { E2EServer } from './server';

export interface EnrolledDevice {
  simulator: DeviceSimulator;
  /** The PIN the device shows now (5 digits for a cabinet, 6 for a phone). */
  pin: string;
  /** The server's id of the device. */
  id: number;
  stop(): Promise<void>;
}

export interface EnrollOptions {
  module?: number;
  places?: number;
  /** Seed of the playing strategy, so a test that lets it play is repeatable. */
  seed?: number;
  /** Pause between two game events once linked; long by default so balances hold still in tests. */
  paceMs?: number;
}

const started = new Set<DeviceSimulator>();

async function enroll(server: E2EServer, kind: 'cabinet' | 'remote', options: EnrollOptions) {
  let pin: string | null = null;
  const simulator = new DeviceSimulator({
    server: server.baseUrl,
    kind,
    module: options.module ?? (kind === 'remote' ? MODULES.fruit : MODULES.rocket),
    places: options.places ?? (kind === 'remote' ? 1 : 4),
    seed: options.seed ?? 1,
    paceMs: options.paceMs ?? 60_000,
    pollMs: 300,
    onPin: (next) => {
      pin = next;
    },
    onLog: () => {},
  });
  started.add(simulator);
  await simulator.start();
  const deadline = Date.now() + 10_000;
  while ((pin === null || simulator.deviceId === null) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  if (pin === null || simulator.deviceId === null) {
    throw new Error(`e2e: the ${kind} simulator showed no PIN within 10 s (phase ${simulator.phase})`);
  }
  const device: EnrolledDevice = {
    simulator,
    get pin() {
      return simulator.pin?.pin ?? (pin as string);
    },
    id: simulator.deviceId,
    stop: async () => {
      started.delete(simulator);
      await simulator.stop(500);
    },
  };
  return device;
}

/** A new Rocket Game cabinet (4 places) waiting to be added with the 5-digit PIN it shows. */
export function enrollCabinet(server: E2EServer, options: EnrollOptions = {}): Promise<EnrolledDevice> {
  return enroll(server, 'cabinet', options);
}

/** A new home-play phone (1 place) showing a 6-digit PIN for Remote devices. */
export function enrollPhone(server: E2EServer, options: EnrollOptions = {}): Promise<EnrolledDevice> {
  return enroll(server, 'remote', options);
}

/** Stops every simulator a test file started (afterAll). */
export async function stopAllSimulators(): Promise<void> {
  const all = [...started];
  started.clear();
  await Promise.all(all.map((s) => s.stop(500)));
}

/** A game event sent by the device itself through the gateway (POST /device/events). */
export async function sendDeviceEvent(
  server: E2EServer,
  deviceToken: string,
  event: { place: number; type: DeviceEventType; amount: number },
): Promise<EventAnswer> {
  const client = new GatewayClient({ baseUrl: server.baseUrl, token: deviceToken });
  return client.sendEvent({ trx: newTrx(), ...event });
}

/** The device pays (bets) `amount` cents on a place; at the demo rate 10% of it accrues as final bonus. */
export async function devicePays(
  server: E2EServer,
  deviceToken: string,
  place: number,
  amount: number,
): Promise<void> {
  const answer = await sendDeviceEvent(server, deviceToken, { place, type: TX_TYPE.pay, amount });
  if (!answer.ok) throw new Error(`e2e: the pay event was refused: ${answer.status} ${answer.err}`);
}

/**
 * A cabinet already linked to the demo venue (no simulator: it stays still), named `name` so a test can
 * find its own row, with opening entries per place deposited through the ledger by the demo cashier.
 * Returns its id and device token (for game events through the gateway).
 */
export async function createLinkedCabinet(
  server: E2EServer,
  name: string,
  options: { module?: number; places?: number; entries?: readonly number[] } = {},
): Promise<{ id: number; token: string }> {
  const enrolled = await enrollLinked(server, name, {
    kind: 'cabinet',
    module: options.module ?? MODULES.rocket,
    game_id: 1,
    places: options.places ?? 4,
  });
  for (const [index, cents] of (options.entries ?? []).entries()) {
    if (cents > 0) await changePlaceCash(server, enrolled.id, index + 1, cents);
  }
  return { id: enrolled.id, token: enrolled.device_token };
}

/** A home-play phone (1 place, Fruit) already linked to the demo venue, named `name`; no simulator. */
export async function createLinkedPhone(server: E2EServer, name: string): Promise<{ id: number }> {
  const enrolled = await enrollLinked(server, name, {
    kind: 'remote',
    module: MODULES.fruit,
    game_id: 2,
    places: 1,
  });
  return { id: enrolled.id };
}

/** Enrolls a device and links it to the demo venue, ready and named, straight in the database. */
async function enrollLinked(server: E2EServer, name: string, request: Parameters<typeof enrollDevice>[1]) {
  const now = Date.now();
  const enrolled = await enrollDevice(server.ctx.db, request, now);
  await server.ctx.db.kysely
    .updateTable('devices')
    .set({ account_id: server.demo.accountId, status: 'ready', linked_at_ms: now, name })
    .where('id', '=', enrolled.id)
    .execute();
  return enrolled;
}

/** Renames a device straight in the database (e.g. a freshly enrolled one, before a cashier adds it). */
export async function renameDevice(server: E2EServer, deviceId: number, name: string): Promise<void> {
  await server.ctx.db.kysely.updateTable('devices').set({ name }).where('id', '=', deviceId).execute();
}

/** A home-play phone's "new PIN" button through the gateway: the previous PIN stops working. */
export async function newDevicePin(server: E2EServer, deviceToken: string): Promise<string> {
  const client = new GatewayClient({ baseUrl: server.baseUrl, token: deviceToken });
  return (await client.requestPin()).pin;
}
