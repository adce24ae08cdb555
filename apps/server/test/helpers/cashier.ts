// Shared steps of the cashier API suites: devices that enroll, show PINs and play through the real
// gateway (/device/*), and cashiers that link them by PIN over HTTP, as in production.
import { randomUUID } from 'node:crypto';
import type { Restriction } from '@cashdesk/contract';
import { RESTRICTIONS } from '@cashdesk/contract';
import type { Db } from '../../src/db/database.js';
import { createTestUser } from './factories.js';
import { clientForUser, type TestClient, type TestResponse, type TestServer } from './server.js';

/** A fresh client transaction id, as the web makes one (UUID v4). */
export const newTrx = (): string => randomUUID();

/** Status and body together, so a failing assertion shows both. */
export function answer<T>(res: TestResponse<T>): { status: number; body: T } {
  return { status: res.status, body: res.body };
}

/**
 * Every restriction that grants or shapes something, leaving out hide_cashier_view_account_balance: with
 * it, account_balance sends no figures (contract visibleFloatFigures), and the suites read the float.
 */
export const ALL_RESTRICTIONS: Restriction[] = RESTRICTIONS.filter(
  (r) => r !== 'hide_cashier_view_account_balance',
);

/**
 * A cashier of `accountId` with a session made straight in the database (no Argon2 round); `options`
 * as clientForUser takes them (e.g. an `X-Forwarded-For` of its own behind a trusting server).
 */
export async function cashierClient(
  server: TestServer,
  db: Db,
  accountId: number | null,
  restrictions: Restriction[] = ALL_RESTRICTIONS,
  options?: Parameters<typeof clientForUser>[2],
): Promise<{ client: TestClient; id: number }> {
  const user = await createTestUser(db, { account_id: accountId, restrictions });
  return { client: await clientForUser(server, user, options), id: user.id };
}

/** Client options for calls from an address of network 10.77.`network`.0/24 (a server with trustProxy). */
export const fromNetwork = (network: number) => ({
  client: { headers: { 'x-forwarded-for': `10.77.${network}.1` } },
});

/** What enrolling and linking need of a server: an in-process TestServer or a spawned process alike. */
export type ServerEndpoint = Pick<TestServer, 'baseUrl' | 'client'>;

export interface GatewayDevice {
  /** A client on the server's root (paths `/device/...`). */
  client: TestClient;
  /** `Authorization: Bearer <device_token>` */
  auth: Record<string, string>;
  uuid: string;
  kind: 'cabinet' | 'remote';
}

export interface EnrollOptions {
  kind?: 'cabinet' | 'remote';
  module?: number;
  game_id?: number;
  places?: number;
}

export async function enrollDevice(
  server: ServerEndpoint,
  options: EnrollOptions = {},
): Promise<GatewayDevice> {
  const kind = options.kind ?? 'cabinet';
  const client = server.client({ base: server.baseUrl });
  const res = await client.post<{ device_token: string; uuid: string }>('/device/enroll', {
    kind,
    module: options.module ?? 1,
    game_id: options.game_id ?? 1,
    places: options.places ?? (kind === 'remote' ? 1 : 4),
  });
  if (res.status !== 200) throw new Error(`enroll failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { client, auth: { authorization: `Bearer ${res.body.device_token}` }, uuid: res.body.uuid, kind };
}

/** The device shows a new pairing PIN (and so invalidates its previous one). */
export async function showPin(device: GatewayDevice): Promise<string> {
  const res = await device.client.post<{ pin: string }>('/device/pin', undefined, device.auth);
  if (res.status !== 200) throw new Error(`pin failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.pin;
}

export interface DeviceEvent {
  place: number;
  type: number;
  amount: number;
  trx?: string;
}

export function sendEvent(
  device: GatewayDevice,
  event: DeviceEvent,
): Promise<TestResponse<Record<string, unknown>>> {
  const { trx = newTrx(), ...rest } = event;
  return device.client.post('/device/events', { trx, ...rest }, device.auth);
}

export async function deviceState(device: GatewayDevice) {
  return device.client.get<{
    id: number;
    linked: boolean;
    places: { place: number; balances: { entries: number; final_bonus: number } }[];
  }>('/device/state', device.auth);
}

export type LinkedDevice = GatewayDevice & { id: number; pin: string };

/**
 * Enrolls a cabinet, links it by its PIN through `installer` (a cashier with can_register_new_device)
 * and lets it report in, so it is `ready`.
 */
export async function linkCabinet(
  server: ServerEndpoint,
  installer: TestClient,
  options: Omit<EnrollOptions, 'kind'> = {},
): Promise<LinkedDevice> {
  const device = await enrollDevice(server, { ...options, kind: 'cabinet' });
  const pin = await showPin(device);
  const res = await installer.post<{ id: number }>('/a/cashier/devices/register', { pin, trx: newTrx() });
  if (res.status !== 200) throw new Error(`register failed: ${res.status} ${JSON.stringify(res.body)}`);
  const state = await deviceState(device);
  if (!state.body.linked) throw new Error('the cabinet did not see its link');
  return { ...device, id: res.body.id, pin };
}

/** Enrolls a home-play client and connects it through `installer`; `pin` is its current remote PIN. */
export async function linkRemote(
  server: ServerEndpoint,
  installer: TestClient,
  options: Omit<EnrollOptions, 'kind'> = {},
): Promise<LinkedDevice> {
  const device = await enrollDevice(server, { module: 5, ...options, kind: 'remote' });
  const pin = await showPin(device);
  const res = await installer.post<{ id: number }>('/a/cashier/devices/remote/register', {
    pin,
    trx: newTrx(),
  });
  if (res.status !== 200)
    throw new Error(`remote register failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { ...device, id: res.body.id, pin };
}

/** A cashier's cash call on a regular device's place. */
export function cash(
  cashier: TestClient,
  deviceId: number,
  place: number,
  delta: number,
  trx: string = newTrx(),
): Promise<TestResponse<Record<string, unknown>>> {
  return cashier.post(`/a/cashier/devices/${deviceId}/place/${place}/update`, { delta, trx });
}

/** A cashier's cash call on a remote device's place with its current PIN. */
export function remoteCash(
  cashier: TestClient,
  device: Pick<LinkedDevice, 'id' | 'pin'>,
  delta: number,
  trx: string = newTrx(),
  place = 1,
): Promise<TestResponse<Record<string, unknown>>> {
  return cashier.post(`/a/cashier/devices/remote/${device.id}/place/${place}/update`, {
    delta,
    trx,
    pin_code: device.pin,
  });
}

/** `YYYY-MM-DDTHH:mm:ss±HH:MM`: the wall-clock time at `ms` in a zone `offsetMinutes` east of UTC. */
export function localTime(ms: number, offsetMinutes: number): string {
  const local = new Date(ms + offsetMinutes * 60_000).toISOString().slice(0, 19);
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  const hh = String(Math.floor(abs / 60)).padStart(2, '0');
  const mm = String(abs % 60).padStart(2, '0');
  return `${local}${sign}${hh}:${mm}`;
}

export const iso = (ms: number): string => new Date(ms).toISOString();
