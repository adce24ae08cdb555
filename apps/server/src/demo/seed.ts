// The demo venue: on an EMPTY database only, two accounts, five users and floats funded through the
// ledger, so `npm start` gives something to sign in to (README lists the logins).
//
// Safe when two processes start at once and idempotent across restarts:
//  1. one transaction claims the `demo_seed` settings row (primary key: only one process can insert it)
//     and creates accounts and users; a second process finds accounts or the claimed row and adds nothing;
//  2. the floats are then topped up through LedgerService.moveFloat, which opens its own transaction, so
//     they cannot join step 1. Each top-up has a fixed trx, and the claim row lists them: every start with
//     a claim replays them, which moves money only if an earlier start stopped between the two steps.
import type { CreateAccountRequest, Restriction, Role } from '@cashdesk/contract';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { createAccount } from '../accounts/accounts.repository.js';
import { hashPassword } from '../auth/password.js';
import type { AppContext } from '../context.js';
import type { Db } from '../db/database.js';
import type { Database } from '../db/schema.js';
import { createUser } from '../users/users.repository.js';

export interface DemoSummary {
  logins: { login: string; password: string; role: string }[];
}

type VenueKey = 'demo' | 'other';

const SEED_KEY = 'demo_seed';

const VENUES: Record<VenueKey, { account: CreateAccountRequest; floatCents: number }> = {
  demo: {
    account: {
      name: 'Demo Venue',
      currency: 'EUR',
      overdraft: 1000_00,
      has_overdraft: true,
      home_play: true,
      min_amount: 1_00,
      max_amount: 5000_00,
      final_bonus_rate_bps: 1000,
    },
    floatCents: 10_000_00,
  },
  other: {
    account: {
      name: 'Other Venue',
      currency: 'EUR',
      overdraft: 0,
      has_overdraft: false,
      home_play: true,
      min_amount: 1_00,
      max_amount: 5000_00,
      final_bonus_rate_bps: 1000,
    },
    floatCents: 5_000_00,
  },
};

/** Everything a cashier screen can show, so the demo shows every feature. */
const CASHIER_RESTRICTIONS: readonly Restriction[] = [
  'can_edit_device',
  'can_register_new_device',
  'can_view_history_reports',
  'can_cashier_view_account_balance',
  'can_cashier_view_account_overdraft',
];

interface DemoUser {
  login: string;
  /** Shorter than the 8-character minimum for new passwords: demo only, written as a hash directly. */
  password: string;
  name: string;
  role: Role;
  venue: VenueKey | null;
  restrictions: readonly Restriction[];
}

const USERS: readonly DemoUser[] = [
  { login: 'admin', password: 'admin123', name: 'Admin', role: 'admin', venue: null, restrictions: [] },
  {
    login: 'manager',
    password: 'manager123',
    name: 'Demo Manager',
    role: 'manager',
    venue: 'demo',
    restrictions: [],
  },
  {
    login: 'cashier',
    password: 'cashier123',
    name: 'Demo Cashier',
    role: 'cashier',
    venue: 'demo',
    restrictions: CASHIER_RESTRICTIONS,
  },
  {
    login: 'cashier2',
    password: 'cashier123',
    name: 'Second Cashier',
    role: 'cashier',
    venue: 'demo',
    restrictions: [],
  },
  {
    login: 'other',
    password: 'cashier123',
    name: 'Other Cashier',
    role: 'cashier',
    venue: 'other',
    restrictions: CASHIER_RESTRICTIONS,
  },
];

/** The demo logins as seeded (README lists them too); a later password change is not reflected here. */
export const DEMO_LOGINS: DemoSummary['logins'] = USERS.map((u) => ({
  login: u.login,
  password: u.password,
  role: u.role,
}));

/** What the claim row records: the float top-ups still owed (or already made) by the seed. */
const seedRecord = z.object({
  floats: z.array(z.object({ account_id: z.number().int().positive(), cents: z.number().int().positive() })),
});
type SeedRecord = z.infer<typeof seedRecord>;

/**
 * Seeds the demo data if the database has no accounts. Returns the logins when this call seeded them,
 * null when there was nothing to do (already seeded, seeded by another process, or a real database).
 */
export async function seedDemo(ctx: AppContext): Promise<DemoSummary | null> {
  const earlier = await readSeedRecord(ctx.db);
  if (earlier) {
    await fundFloats(ctx, earlier);
    return null;
  }
  if (await hasAccounts(ctx.db.kysely)) return null;

  // Hashing is slow on purpose (Argon2id); do it before the transaction so no lock waits for it.
  const hashes = await Promise.all(USERS.map((u) => hashPassword(u.password)));
  const record = await ctx.db.kysely.transaction().execute(async (tx) => {
    if (await hasAccounts(tx)) return null;
    const claimed = await tx
      .insertInto('settings')
      .values({ key: SEED_KEY, value: JSON.stringify({ floats: [] }) })
      .onConflict((oc) => oc.column('key').doNothing())
      .returning('key')
      .executeTakeFirst();
    if (!claimed) return null;

    const now = ctx.clock.now();
    const accountIds = {} as Record<VenueKey, number>;
    for (const key of ['demo', 'other'] as const) {
      accountIds[key] = (await createAccount(tx, VENUES[key].account, now)).id;
    }
    for (const [i, u] of USERS.entries()) {
      await createUser(
        tx,
        {
          login: u.login,
          name: u.name,
          role: u.role,
          account_id: u.venue === null ? null : accountIds[u.venue],
          password_hash: hashes[i] ?? '',
          restrictions: u.restrictions,
        },
        now,
      );
    }
    const seeded: SeedRecord = {
      floats: (['demo', 'other'] as const).map((key) => ({
        account_id: accountIds[key],
        cents: VENUES[key].floatCents,
      })),
    };
    await tx
      .updateTable('settings')
      .set({ value: JSON.stringify(seeded) })
      .where('key', '=', SEED_KEY)
      .execute();
    return seeded;
  });
  if (!record) return null;

  await fundFloats(ctx, record);
  return { logins: DEMO_LOGINS };
}

async function hasAccounts(db: Kysely<Database>): Promise<boolean> {
  return (await db.selectFrom('accounts').select('id').limit(1).executeTakeFirst()) !== undefined;
}

async function readSeedRecord(db: Db): Promise<SeedRecord | null> {
  const row = await db.kysely
    .selectFrom('settings')
    .select('value')
    .where('key', '=', SEED_KEY)
    .executeTakeFirst();
  if (!row) return null;
  const parsed = seedRecord.safeParse(JSON.parse(row.value));
  return parsed.success ? parsed.data : null;
}

/** Idempotent by trx: a replay returns the stored answer and moves nothing. */
async function fundFloats(ctx: AppContext, record: SeedRecord): Promise<void> {
  for (const { account_id, cents } of record.floats) {
    const outcome = await ctx.ledger.moveFloat({
      account_id,
      user_id: null,
      delta_cents: cents,
      trx: `demo-seed-float-${account_id}`,
      reason: 'demo seed: opening float',
    });
    if (outcome.status !== 200) {
      throw new Error(`demo seed: funding account ${account_id} failed: ${JSON.stringify(outcome.body)}`);
    }
  }
}
