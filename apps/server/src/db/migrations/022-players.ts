// Players the venue knows (docs/product.md section 18): a card the venue issues, identity recorded when a
// threshold asks for it, a daily deposit limit and self-exclusion.
//   players: one row per card and venue; `day` and its two sums are the player's cash in and cash out of
//     that gaming day, kept by the ledger's batch under the player's row lock (players/player-rules.ts), so
//     a limit holds however many tills deposit at once; the cash report reads the ledger itself;
//   places.player_id: the player a seat holds, until the seat is emptied;
//   operations.player_id: the player a cash call or transfer was for: what the cash report sums;
//   approvals.player_id: the player of a payout held for a manager, so the call applied is the one made;
//   accounts: the venue's default daily limit (null: none), the cooling-off of a raised limit, and the
//     cash report's two thresholds.
import { sql, type ColumnDefinitionBuilder, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../database.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against the schema they create */
export function playersMigration(dialect: DialectName): Migration {
  const id = (c: ColumnDefinitionBuilder) =>
    dialect === 'postgres' ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement();
  const idType = dialect === 'postgres' ? 'bigint' : 'integer';

  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('players')
        .addColumn('id', idType, id)
        .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id'))
        .addColumn('card', 'text', (c) => c.notNull())
        .addColumn('name', 'text')
        .addColumn('document_kind', 'text')
        .addColumn('document_number', 'text')
        .addColumn('birth_date', 'text')
        // The player's own limit (null: the venue's default), and a raise waiting out its cooling-off.
        .addColumn('daily_limit_cents', 'bigint', (c) => c.check(sql`daily_limit_cents >= 0`))
        .addColumn('limit_raise_cents', 'bigint')
        .addColumn('limit_raise_at_ms', 'bigint')
        .addColumn('excluded', 'smallint', (c) => c.notNull().defaultTo(0))
        .addColumn('excluded_until', 'text')
        .addColumn('day', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('day_cash_in_cents', 'bigint', (c) =>
          c
            .notNull()
            .defaultTo(0)
            .check(sql`day_cash_in_cents >= 0`),
        )
        .addColumn('day_cash_out_cents', 'bigint', (c) =>
          c
            .notNull()
            .defaultTo(0)
            .check(sql`day_cash_out_cents >= 0`),
        )
        .addColumn('created_at_ms', 'bigint', (c) => c.notNull())
        .addColumn('updated_at_ms', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('players_card')
        .on('players')
        .columns(['account_id', 'card'])
        .unique()
        .execute();
      await db.schema.alterTable('places').addColumn('player_id', idType).execute();
      await db.schema.alterTable('operations').addColumn('player_id', idType).execute();
      await db.schema.alterTable('approvals').addColumn('player_id', idType).execute();
      // The cash report's walk: a venue's player operations by time.
      await db.schema
        .createIndex('operations_player_day')
        .on('operations')
        .columns(['account_id', 'created_at_ms', 'player_id'])
        .where(sql.ref('player_id'), 'is not', null)
        .execute();
      await db.schema.alterTable('accounts').addColumn('player_daily_limit_cents', 'bigint').execute();
      // The thresholds of the rules this models (docs/product.md section 18), in the venue's cents,
      // for every venue, new or already there; null turns either off.
      await db.schema
        .alterTable('accounts')
        .addColumn('cash_log_above_cents', 'bigint', (c) => c.defaultTo(300_000))
        .execute();
      await db.schema
        .alterTable('accounts')
        .addColumn('cash_report_above_cents', 'bigint', (c) => c.defaultTo(1_000_000))
        .execute();
      await db.schema
        .alterTable('accounts')
        .addColumn('limit_cooling_off_hours', 'integer', (c) =>
          c
            .notNull()
            .defaultTo(24)
            .check(sql`limit_cooling_off_hours between 0 and 720`),
        )
        .execute();
    },
  };
}
