// Test data as the server answers it: the user, the float, devices and their detail, and the routes
// every devices-screen test needs (for stubApi, test/stub-api.ts); a venue as the back office reads it.
import type {
  Account,
  DailyTotals,
  Device,
  DeviceDetail,
  FloatInfo,
  Restriction,
  User,
} from '@cashdesk/contract';
import type { StubRoutes } from './stub-api';

export function makeUser(restrictions: Restriction[] = []): User {
  return { id: 7, name: 'Ana', login: 'cashier', role: 'cashier', account_id: 1, restrictions };
}

/** The demo venue's cashier, as the session, login, lock and layout tests sign in. */
export function makeDemoCashier(restrictions: Restriction[] = []): User {
  return { ...makeUser(restrictions), name: 'Demo Cashier' };
}

export function makeFloat(overrides: Partial<FloatInfo> = {}): FloatInfo {
  return {
    balance: 1000000,
    overdraft: 100000,
    has_overdraft: true,
    home_play: true,
    is_hard_block_home_play: false,
    is_light_block_home_play: false,
    shifts: false,
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
/** What GET /a/cashier/daily_totals answers for a venue holding exactly these devices. */
export function totalsOf(devices: readonly Device[]): DailyTotals {
  const deposit = devices.reduce((sum, d) => sum + d.summary.deposit_24h, 0);
  const withdraw = devices.reduce((sum, d) => sum + d.summary.withdraw_24h, 0);
  return { deposit_24h: deposit, withdraw_24h: withdraw, delta_24h: deposit - withdraw };
}

export function screenRoutes(options: {
  restrictions?: Restriction[];
  float?: Partial<FloatInfo>;
  devices?: Device[];
}): StubRoutes {
  return {
    'GET /api/v1/a/me': { body: makeUser(options.restrictions) },
    'GET /api/v1/a/cashier/account_balance': { body: makeFloat(options.float) },
    'GET /api/v1/a/cashier/devices': { body: options.devices ?? [makeDevice()] },
    // The server's venue totals, here the listed devices' sums (a venue without home-play phones).
    'GET /api/v1/a/cashier/daily_totals': { body: totalsOf(options.devices ?? [makeDevice()]) },
  };
}

/** A venue (account) as the back office reads it: the demo venue's settings, four eyes off. */
export function makeAccount(overrides: Partial<Account> = {}): Account {
  return {
    id: 1,
    name: 'Demo Venue',
    currency: 'EUR',
    balance: 1_000_000,
    overdraft: 100_000,
    has_overdraft: true,
    home_play: true,
    is_hard_block_home_play: false,
    is_light_block_home_play: false,
    min_amount: 100,
    max_amount: 500_000,
    final_bonus_rate_bps: 1000,
    max_event_amount: 1_000_000_00,
    shifts: false,
    approval_window_minutes: 60,
    time_zone: 'UTC',
    day_starts_at: 6,
    created_at: '2026-11-22T10:00:00.000Z',
    ...overrides,
  };
}
