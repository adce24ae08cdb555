// Test helpers: a fake server behind `fetch` (a table of "METHOD /path" -> reply) and contract fixtures.
// jsdom has no fetch of its own and Node's Request refuses relative URLs, so Request is wrapped to
// resolve them against the page, as a browser does.
import type { Device, DeviceDetail, FloatInfo, Restriction, User } from '@cashdesk/contract';
import { vi } from 'vitest';

export interface FakeRequest {
  method: string;
  path: string;
  body: unknown;
  headers: Headers;
}
export interface Reply {
  status?: number;
  body: unknown;
}
/** A function may answer later (a Promise): a test can hold a call in flight and look at the screen. */
export type Routes = Record<string, Reply | ((request: FakeRequest) => Reply | Promise<Reply>)>;

export function stubApi(routes: Routes): { calls: FakeRequest[] } {
  const calls: FakeRequest[] = [];
  const BaseRequest = globalThis.Request;
  class PageRequest extends BaseRequest {
    constructor(input: RequestInfo | URL, init?: RequestInit) {
      super(typeof input === 'string' ? new URL(input, window.location.origin).href : input, init);
    }
  }
  vi.stubGlobal('Request', PageRequest);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new PageRequest(input, init);
      const url = new URL(request.url);
      const path = url.pathname.replace(/^\/api\/v1/, '');
      const text = await request.text();
      const call: FakeRequest = {
        method: request.method,
        path,
        body: text ? (JSON.parse(text) as unknown) : undefined,
        headers: request.headers,
      };
      calls.push(call);
      const route = routes[`${request.method} ${path}`];
      const reply: Reply = route
        ? typeof route === 'function'
          ? await route(call)
          : route
        : { status: 404, body: { err: 'not found' } };
      return new Response(JSON.stringify(reply.body), {
        status: reply.status ?? 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return { calls };
}

export function makeUser(restrictions: Restriction[] = []): User {
  return { id: 7, name: 'Ana', login: 'cashier', role: 'cashier', account_id: 1, restrictions };
}

export function makeFloat(overrides: Partial<FloatInfo> = {}): FloatInfo {
  return {
    balance: 1000000,
    overdraft: 100000,
    has_overdraft: true,
    home_play: true,
    is_hard_block_home_play: false,
    is_light_block_home_play: false,
    currency: 'EUR',
    ...overrides,
  };
}

export function makeDevice(overrides: Partial<Device> = {}): Device {
  return {
    id: 1,
    uuid: 'ASNFZ4mrze/+3LqYdlQyEA==',
    name: 'Rocket 1',
    game_id: 100,
    module: 1,
    hidden: false,
    type: 0,
    created_at: '2026-11-20T10:00:00.000Z',
    players: 2,
    payment: 2500,
    status: 'ready',
    summary: { deposit_24h: 0, withdraw_24h: 0, delta_24h: 0, last_deposit: null, last_withdraw: null },
    ...overrides,
  };
}

export function makeDetail(overrides: Partial<DeviceDetail> = {}): DeviceDetail {
  return {
    ...makeDevice(),
    places: [
      { place: 1, username: 'p1', colour: 'yellow', balances: { entries: 1500, final_bonus: 0 } },
      { place: 2, username: 'p2', colour: 'blue', balances: { entries: 1000, final_bonus: 250 } },
    ],
    ...overrides,
  };
}

/** Routes every devices-screen test needs: the user, the float and the device list. */
export function screenRoutes(options: {
  restrictions?: Restriction[];
  float?: Partial<FloatInfo>;
  devices?: Device[];
}): Routes {
  return {
    'GET /a/me': { body: makeUser(options.restrictions) },
    'GET /a/cashier/account_balance': { body: makeFloat(options.float) },
    'GET /a/cashier/devices': { body: options.devices ?? [makeDevice()] },
  };
}
