// The demo seed: exactly the listed venues, users and floats, funded through the ledger, once.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../src/auth/password.js';
import { loadConfig } from '../../src/config.js';
import { createContext, type AppContext } from '../../src/context.js';
import type { Db } from '../../src/db/database.js';
import { seedDemo } from '../../src/demo/seed.js';
import { LedgerService, type FloatMoveInput } from '../../src/ledger/ledger.service.js';
import { verifyLedger } from '../../src/ledger/verify.js';
import { restrictionsOf } from '../../src/users/users.repository.js';
import { testDatabases } from '../helpers/databases.js';
import { createVenue } from '../helpers/factories.js';

const CASHIER_RESTRICTIONS = [
  'can_cashier_view_account_balance',
  'can_cashier_view_account_overdraft',
  'can_edit_device',
  'can_register_new_device',
  'can_view_history_reports',
];

describe.each(testDatabases)('demo seed on $name', (database) => {
  let db: Db;
  let ctx: AppContext;
  beforeEach(async () => {
    db = await database.open();
    ctx = createContext(loadConfig({}), db, 'test');
  });
  afterEach(async () => {
    // The seed's rows sealed on their chains before the check, not by a timer after the database closed.
    await ctx.sealer.close();
    expect(await verifyLedger(db)).toEqual([]);
    await db.close();
  });

  /** Row counts of every table the seed may touch: "adds nothing" means these stay put. */
  async function counts() {
    const count = async (table: 'accounts' | 'users' | 'operations' | 'ledger_entries' | 'settings') =>
      Number(
        (
          await db.kysely
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    return {
      accounts: await count('accounts'),
      users: await count('users'),
      operations: await count('operations'),
      ledger: await count('ledger_entries'),
      settings: await count('settings'),
    };
  }

  async function accountsByName() {
    const rows = await db.kysely.selectFrom('accounts').selectAll().orderBy('id').execute();
    return Object.fromEntries(rows.map((r) => [r.name, r]));
  }

  it('creates exactly the demo venues, users and restrictions, floats funded through the ledger', async () => {
    const summary = await seedDemo(ctx);
    expect(summary?.logins).toEqual([
      { login: 'admin', password: 'admin123', role: 'admin' },
      { login: 'manager', password: 'manager123', role: 'manager' },
      { login: 'cashier', password: 'cashier123', role: 'cashier' },
      { login: 'cashier2', password: 'cashier123', role: 'cashier' },
      { login: 'other', password: 'cashier123', role: 'cashier' },
    ]);

    const accounts = await accountsByName();
    expect(Object.keys(accounts)).toEqual(['Demo Venue', 'Other Venue']);
    const demo = accounts['Demo Venue']!;
    const other = accounts['Other Venue']!;
    expect(demo).toMatchObject({
      currency: 'EUR',
      balance_cents: 1_000_000,
      overdraft_cents: 100_000,
      has_overdraft: 1,
      home_play: 1,
      is_hard_block_home_play: 0,
      is_light_block_home_play: 0,
      min_amount_cents: 100,
      max_amount_cents: 500_000,
      final_bonus_rate_bps: 1000,
    });
    expect(other).toMatchObject({
      currency: 'EUR',
      balance_cents: 500_000,
      overdraft_cents: 0,
      home_play: 1,
      min_amount_cents: 100,
      max_amount_cents: 500_000,
      final_bonus_rate_bps: 1000,
    });

    // The floats came through the ledger: one top-up each, from the outside world.
    const floatRows = await db.kysely
      .selectFrom('ledger_entries')
      .select(['account_id', 'kind', 'amount_cents', 'user_id'])
      .where('line', '=', 'float')
      .orderBy('id')
      .execute();
    expect(floatRows).toEqual([
      { account_id: demo.id, kind: 'float_top_up', amount_cents: 1_000_000, user_id: null },
      { account_id: other.id, kind: 'float_top_up', amount_cents: 500_000, user_id: null },
    ]);

    const users = await db.kysely.selectFrom('users').selectAll().orderBy('id').execute();
    expect(
      users.map((u) => ({
        login: u.login,
        role: u.role,
        account_id: u.account_id,
        blocked: u.blocked,
        restrictions: restrictionsOf(u),
      })),
    ).toEqual([
      { login: 'admin', role: 'admin', account_id: null, blocked: 0, restrictions: [] },
      { login: 'manager', role: 'manager', account_id: demo.id, blocked: 0, restrictions: [] },
      {
        login: 'cashier',
        role: 'cashier',
        account_id: demo.id,
        blocked: 0,
        restrictions: CASHIER_RESTRICTIONS,
      },
      { login: 'cashier2', role: 'cashier', account_id: demo.id, blocked: 0, restrictions: [] },
      {
        login: 'other',
        role: 'cashier',
        account_id: other.id,
        blocked: 0,
        restrictions: CASHIER_RESTRICTIONS,
      },
    ]);
    // Stored as Argon2id hashes of the demo passwords, never in plain text.
    for (const { login, password } of summary?.logins ?? []) {
      const user = users.find((u) => u.login === login)!;
      expect(user.password_hash).toMatch(/^\$argon2id\$/);
      expect(await verifyPassword(user.password_hash, password)).toBe(true);
    }
  });

  it('adds nothing when it runs again', async () => {
    expect(await seedDemo(ctx)).not.toBeNull();
    const before = await counts();
    expect(await seedDemo(ctx)).toBeNull();
    expect(await counts()).toEqual(before);
    const accounts = await accountsByName();
    expect(accounts['Demo Venue']?.balance_cents).toBe(1_000_000);
    expect(accounts['Other Venue']?.balance_cents).toBe(500_000);
  });

  it('seeds once when two starts race', async () => {
    const results = await Promise.all([seedDemo(ctx), seedDemo(ctx), seedDemo(ctx)]);
    expect(results.filter((r) => r !== null)).toHaveLength(1);
    expect(await counts()).toMatchObject({ accounts: 2, users: 5, ledger: 4 });
    const accounts = await accountsByName();
    expect(accounts['Demo Venue']?.balance_cents).toBe(1_000_000);
  });

  it('leaves a database that already has accounts alone', async () => {
    await createVenue(db, { name: 'Real Venue', float: 123_45 });
    const before = await counts();
    expect(await seedDemo(ctx)).toBeNull();
    expect(await counts()).toEqual(before);
  });

  it('finishes the float top-ups on the next start when a start stopped after creating the venues', async () => {
    // A ledger that fails once, as if the process died between the two steps of the seed.
    class CrashingLedger extends LedgerService {
      override async moveFloat(_input: FloatMoveInput): Promise<never> {
        throw new Error('process died');
      }
    }
    await expect(seedDemo({ ...ctx, ledger: new CrashingLedger(db) })).rejects.toThrow('process died');
    expect((await accountsByName())['Demo Venue']?.balance_cents).toBe(0);

    expect(await seedDemo(ctx)).toBeNull();
    const accounts = await accountsByName();
    expect(accounts['Demo Venue']?.balance_cents).toBe(1_000_000);
    expect(accounts['Other Venue']?.balance_cents).toBe(500_000);
    const once = await counts();
    await seedDemo(ctx);
    expect(await counts()).toEqual(once);
    expect(once).toMatchObject({ accounts: 2, users: 5, ledger: 4 });
  });
});
