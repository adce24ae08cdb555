// Builds accounts, users and linked devices straight in the database for tests.
import { randomBytes } from 'node:crypto';
import { DEVICE_TYPE, type DeviceType, type Restriction, type Role } from '@cashdesk/contract';
import { createAccount } from '../../src/accounts/accounts.repository.js';
import type { Db } from '../../src/db/database.js';
import { LedgerService } from '../../src/ledger/ledger.service.js';
import { createUser } from '../../src/users/users.repository.js';

export interface VenueOptions {
  float?: number;
  overdraft?: number;
  has_overdraft?: boolean;
  home_play?: boolean;
  min_amount?: number;
  max_amount?: number;
  final_bonus_rate_bps?: number;
  name?: string;
}

export async function createVenue(db: Db, options: VenueOptions = {}) {
  const account = await createAccount(
    db.kysely,
    {
      name: options.name ?? `Venue ${randomBytes(3).toString('hex')}`,
      currency: 'EUR',
      overdraft: options.overdraft ?? 0,
      has_overdraft: options.has_overdraft ?? (options.overdraft ?? 0) > 0,
      home_play: options.home_play ?? true,
      min_amount: options.min_amount ?? 1,
      max_amount: options.max_amount ?? 1_000_000_00,
      final_bonus_rate_bps: options.final_bonus_rate_bps ?? 1000,
    },
    Date.now(),
  );
  const float = options.float ?? 0;
  if (float !== 0) {
    const outcome = await new LedgerService(db).moveFloat({
      account_id: account.id,
      user_id: null,
      delta_cents: float,
      trx: `seed-${randomBytes(8).toString('hex')}`,
      reason: 'test float',
    });
    if (outcome.status !== 200)
      throw new Error(`could not fund the test venue: ${JSON.stringify(outcome.body)}`);
  }
  return account;
}

/** A user with a placeholder hash: tests that sign in use the auth helpers instead. */
export async function createTestUser(
  db: Db,
  options: { account_id: number | null; role?: Role; restrictions?: Restriction[]; login?: string },
) {
  return createUser(
    db.kysely,
    {
      login: options.login ?? `user_${randomBytes(4).toString('hex')}`,
      name: 'Test User',
      role: options.role ?? 'cashier',
      account_id: options.account_id,
      password_hash: 'x',
      restrictions: options.restrictions ?? [],
    },
    Date.now(),
  );
}

export async function createLinkedDevice(
  db: Db,
  options: { account_id: number; places?: number; type?: DeviceType; module?: number; name?: string },
) {
  const now = Date.now();
  const device = await db.kysely
    .insertInto('devices')
    .values({
      uuid: randomBytes(16).toString('base64'),
      account_id: options.account_id,
      type: options.type ?? DEVICE_TYPE.regular,
      module: options.module ?? 1,
      game_id: 1,
      name: options.name ?? 'Test cabinet',
      status: 'ready',
      token_hash: randomBytes(32).toString('hex'),
      created_at_ms: now,
      linked_at_ms: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  const count = options.places ?? 4;
  await db.kysely
    .insertInto('places')
    .values(Array.from({ length: count }, (_, i) => ({ device_id: device.id, place: i + 1, username: '' })))
    .execute();
  return device;
}

/** A body of `POST /a/admin/account` the server accepts: a EUR venue with no overdraft or home play. */
export function newAccountBody(name: string) {
  return {
    name,
    currency: 'EUR',
    overdraft: 0,
    has_overdraft: false,
    home_play: false,
    min_amount: 1_00,
    max_amount: 100_00,
    final_bonus_rate_bps: 0,
  };
}

/** A body of `POST /a/admin/user` the server accepts: a cashier of the account without restrictions. */
export function newCashierBody(accountId: number, login: string, password: string) {
  return {
    login,
    name: 'New Cashier',
    role: 'cashier' as const,
    account_id: accountId,
    password,
    restrictions: [],
  };
}
