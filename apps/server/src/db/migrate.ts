// Applies the one versioned migration set at start, on either database.
import { Migrator, sql, type Migration, type MigrationProvider, type MigrationResultSet } from 'kysely';
import type { Db, DialectName } from './database.js';
import { initialMigration } from './migrations/001-initial.js';
import { backOfficeMigration } from './migrations/002-back-office.js';
import { sessionLockMigration } from './migrations/003-session-lock.js';
import { reportIndexesMigration } from './migrations/004-report-indexes.js';
import { usersAccountIndexMigration } from './migrations/005-users-account-index.js';
import { attemptLimitsMigration } from './migrations/006-attempt-limits.js';
import { loginKeyMigration } from './migrations/007-login-key.js';
import { eventCeilingMigration } from './migrations/008-event-ceiling.js';
import { shiftsMigration } from './migrations/010-shifts.js';
import { loginSkeletonMigration } from './migrations/011-login-skeleton.js';
import { ledgerChainMigration } from './migrations/012-ledger-chain.js';
import { approvalsMigration } from './migrations/013-approvals.js';
import { floorAlertsMigration } from './migrations/014-floor-alerts.js';
import { dailyReportMigration } from './migrations/015-daily-report.js';
import { floorCashIndexMigration } from './migrations/016-floor-cash-index.js';
import { moneySafetyMigration } from './migrations/017-money-safety.js';
import { ledgerAnchorsMigration } from './migrations/018-ledger-anchors.js';
import { ledgerSealsMigration } from './migrations/019-ledger-seals.js';
import { deviceCashMovesMigration } from './migrations/020-device-cash-moves.js';
import { drawerMovementsMigration } from './migrations/021-drawer-movements.js';
import { playersMigration } from './migrations/022-players.js';
import { structuringAlertMigration } from './migrations/023-structuring-alert.js';
import { auditPlayerTargetMigration } from './migrations/024-audit-player-target.js';
import { playerSearchTextMigration } from './migrations/025-player-search-text.js';

function migrationsFor(dialect: DialectName): Record<string, Migration> {
  return {
    '001-initial': initialMigration(dialect),
    '002-back-office': backOfficeMigration(dialect),
    '003-session-lock': sessionLockMigration,
    '004-report-indexes': reportIndexesMigration,
    '005-users-account-index': usersAccountIndexMigration,
    '006-attempt-limits': attemptLimitsMigration,
    '007-login-key': loginKeyMigration,
    '008-event-ceiling': eventCeilingMigration,
    '010-shifts': shiftsMigration(dialect),
    '011-login-skeleton': loginSkeletonMigration,
    '012-ledger-chain': ledgerChainMigration(dialect),
    '013-approvals': approvalsMigration,
    '014-floor-alerts': floorAlertsMigration(dialect),
    '015-daily-report': dailyReportMigration,
    // 015 is another change's, merged apart.
    '016-floor-cash-index': floorCashIndexMigration,
    '017-money-safety': moneySafetyMigration,
    '018-ledger-anchors': ledgerAnchorsMigration(dialect),
    '019-ledger-seals': ledgerSealsMigration(dialect),
    '020-device-cash-moves': deviceCashMovesMigration,
    '021-drawer-movements': drawerMovementsMigration(dialect),
    '022-players': playersMigration(dialect),
    '023-structuring-alert': structuringAlertMigration(dialect),
    '024-audit-player-target': auditPlayerTargetMigration(dialect),
    '025-player-search-text': playerSearchTextMigration,
  };
}

export async function migrateToLatest(db: Db): Promise<void> {
  await migrate(db, (migrator) => migrator.migrateToLatest());
}

/** Applies the migrations up to and including `name` only: tests that start from an older schema. */
export async function migrateTo(db: Db, name: string): Promise<void> {
  await migrate(db, (migrator) => migrator.migrateTo(name));
}

/**
 * With MIGRATE_ON_START=0 the server does not migrate (its role may own nothing: db/runtime-role.ts):
 * it only reads which migrations ran and refuses to start on a schema the owner has not brought up to
 * date, naming what is missing, rather than failing later on a missing column.
 */
export async function assertMigrated(db: Db): Promise<void> {
  const migrations = await (await migratorOf(db)).getMigrations();
  const pending = migrations.filter((m) => m.executedAt === undefined);
  if (pending.length > 0) {
    const names = pending.map((m) => m.name).join(', ');
    throw new Error(
      `the database schema is not up to date (pending: ${names}): run 'npm run cashdesk -- migrate' as the tables' owner`,
    );
  }
}

async function migrate(db: Db, run: (migrator: Migrator) => Promise<MigrationResultSet>): Promise<void> {
  const { error, results } = await run(await migratorOf(db));
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    // The cause's own words in the message: the server's start and the CLI print only the message, and
    // a migration that stops on purpose (007: clashing logins) says there what the operator must do.
    const why = error instanceof Error ? `: ${error.message}` : '';
    throw new Error(`migration ${failed?.migrationName ?? ''} failed${why}`, { cause: error });
  }
}

async function migratorOf(db: Db): Promise<Migrator> {
  const provider: MigrationProvider = { getMigrations: async () => migrationsFor(db.dialect) };
  // Kysely looks for its bookkeeping table in every schema on the search path's database unless told
  // where: pin it to the current schema, so databases side by side (tests, tenants) never mix them up.
  const schema =
    db.dialect === 'postgres'
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db.kysely)).rows[0]?.schema
      : undefined;
  // Whether its tables exist it asks the database's introspection, which on PostgreSQL lists this
  // schema alone (db/current-schema-introspector.ts): schemas beside it may come and go meanwhile.
  return new Migrator({
    db: db.kysely,
    provider,
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
}
