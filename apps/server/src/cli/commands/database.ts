// migrate and db:grant-runtime: the two steps the tables' owner takes when the server runs as a role that
// owns nothing (MIGRATE_ON_START=0, db/runtime-role.ts, docs/operations.md "Two database roles").
import { sql } from 'kysely';
import { migrateToLatest } from '../../db/migrate.js';
import { grantRuntimeRole } from '../../db/runtime-role.js';
import type { Command } from '../command.js';
import { CliError } from '../errors.js';

const migrate: Command = {
  name: 'migrate',
  usage: 'migrate',
  summary:
    "bring the database's schema up to date (as the tables' owner; the server does it at start unless MIGRATE_ON_START=0)",
  positionals: [],
  flags: {},
  async run(_args, { db, print }) {
    await migrateToLatest(db);
    const last = await sql<{
      name: string;
    }>`select name from kysely_migration order by name desc limit 1`.execute(db.kysely);
    const name = last.rows[0]?.name ?? null;
    print.result({ migrated_to: name }, () => `schema up to date (${name ?? 'no migration'})`);
  },
};

const grantRuntime: Command = {
  name: 'db:grant-runtime',
  usage: 'db:grant-runtime <role>',
  summary:
    "PostgreSQL: give <role> what the server needs and no more (run as the tables' owner, after migrate)",
  details: [
    'SELECT and INSERT on the ledger and the other append-only tables; UPDATE and DELETE only where the',
    'server changes or removes rows; no ownership, no CREATE. Run it again after every migrate: a new',
    'table needs its grant. The role must exist (CREATE ROLE ... LOGIN PASSWORD ...).',
  ],
  positionals: ['<role>'],
  flags: {},
  async run(args, { db, print }) {
    const role = args.positional(0);
    const statements = await grantRuntimeRole(db, role).catch((error: unknown) => {
      throw new CliError(error instanceof Error ? error.message : String(error));
    });
    print.result({ role, statements }, () =>
      [`granted to ${role}:`, ...statements.map((s) => `  ${s};`)].join('\n'),
    );
  },
};

export const databaseCommands: readonly Command[] = [migrate, grantRuntime];
