// The PostgreSQL role the server can run as while owning nothing (docs/operations.md, "Two database
// roles"): the tables' owner runs the migrations (`cashdesk migrate`) and grants this role what the app
// needs and no more (`cashdesk db:grant-runtime <role>`). The owner can drop the append-only triggers
// and rewrite the books; a role that owns no table can do neither, and without UPDATE or DELETE on the
// history tables it is refused before their triggers are even asked.
import { sql } from 'kysely';
import type { Db } from './database.js';
import type { Database } from './schema.js';

type Privilege = 'select' | 'insert' | 'update' | 'delete';

const HISTORY: readonly Privilege[] = ['select', 'insert'];
const CHANGED: readonly Privilege[] = ['select', 'insert', 'update'];
const TRANSIENT: readonly Privilege[] = ['select', 'insert', 'update', 'delete'];

/**
 * What the running server does to each table, read off its queries. Every table of the schema is here
 * (the type says so), so a new table needs its line. UPDATE is also what PostgreSQL asks of a row lock
 * (FOR UPDATE, FOR SHARE: db/row-locks.ts), which the ledger's batch takes on accounts, places, devices,
 * chain heads, shifts, users, approvals and the throttle. DELETE only where rows are meant to go:
 * sessions (sign-out, expiry), the throttle's stale keys, the demo's settings.
 */
export const RUNTIME_PRIVILEGES: Readonly<Record<keyof Database, readonly Privilege[]>> = {
  // Append-only history: never changed, never removed.
  ledger_entries: HISTORY,
  device_events: HISTORY,
  audit_log: HISTORY,
  ledger_anchors: HISTORY,
  ledger_seals: HISTORY,
  // A shift's counts and drawer movements (migration 021).
  shift_counts: HISTORY,
  shift_movements: HISTORY,
  // Stored balances and records the app moves on.
  accounts: CHANGED,
  users: CHANGED,
  devices: CHANGED,
  places: CHANGED,
  // The stored answer is written after the trx is claimed (ledger/idempotency.ts storeOutcome).
  operations: CHANGED,
  ledger_chain_heads: CHANGED,
  shifts: CHANGED,
  approvals: CHANGED,
  alerts: CHANGED,
  players: CHANGED,
  sessions: TRANSIENT,
  sign_in_throttle: TRANSIENT,
  settings: TRANSIENT,
};

/** Kysely's bookkeeping: read at start to refuse a schema the owner has not migrated (db/migrate.ts). */
const MIGRATION_TABLES = ['kysely_migration', 'kysely_migration_lock'] as const;

/** A role name as PostgreSQL takes it unquoted: nothing to escape, nothing to inject. */
const ROLE_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/**
 * The statements that give `role` the runtime's privileges on the current schema, after taking back
 * whatever it had there, so running them again after an upgrade leaves exactly this list.
 */
export function runtimeGrants(role: string, schema: string): string[] {
  if (!ROLE_NAME.test(role)) throw new Error(`bad role name '${role}': lower-case letters, digits and _`);
  if (!ROLE_NAME.test(schema)) throw new Error(`bad schema name '${schema}'`);
  const statements = [
    `revoke all on all tables in schema ${schema} from ${role}`,
    `revoke all on all sequences in schema ${schema} from ${role}`,
    `revoke create on schema ${schema} from ${role}`,
    `grant usage on schema ${schema} to ${role}`,
    // Row ids come from identity sequences; USAGE lets an insert draw one and nothing more (no setval).
    `grant usage on all sequences in schema ${schema} to ${role}`,
  ];
  for (const [table, privileges] of Object.entries(RUNTIME_PRIVILEGES)) {
    statements.push(`grant ${privileges.join(', ')} on ${schema}.${table} to ${role}`);
  }
  for (const table of MIGRATION_TABLES) statements.push(`grant select on ${schema}.${table} to ${role}`);
  return statements;
}

/** Runs runtimeGrants on the current schema, in one transaction, as the tables' owner. */
export async function grantRuntimeRole(db: Db, role: string): Promise<string[]> {
  if (db.dialect !== 'postgres') throw new Error('database roles are PostgreSQL only');
  const schema = (await sql<{ schema: string }>`select current_schema() as schema`.execute(db.kysely)).rows[0]
    ?.schema;
  if (!schema) throw new Error('no current schema');
  const statements = runtimeGrants(role, schema);
  await db.kysely.transaction().execute(async (tx) => {
    for (const statement of statements) await sql.raw(statement).execute(tx);
  });
  return statements;
}
