// Four eyes and corrections (docs/product.md sections 12 and 13). Corrections: an operation that reverses
// a cashier's cash operation names it (`operations.corrects_operation_id`), at most once (a unique index).
// Four eyes: the account setting `approval_above` and the approvals a
// cashier's large withdraw or cash-out waits on. One approval per (scope, trx), the cashier's call it
// holds back: its request hash lets a replay with another request answer 422 `trx conflict`. A request is
// decided once: the status leaves `pending` by a conditional update, so two deciders never both win.
import { sql, type Kysely, type Migration } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against the schema they create */
export const approvalsMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .alterTable('accounts')
      .addColumn('approval_above_cents', 'bigint', (c) =>
        c.check(sql`approval_above_cents is null or approval_above_cents >= 0`),
      )
      .execute();
    await db.schema
      .createTable('approvals')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id'))
      .addColumn('scope', 'text', (c) => c.notNull())
      .addColumn('trx', 'text', (c) => c.notNull())
      .addColumn('request_hash', 'text', (c) => c.notNull())
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
      .addColumn('device_id', 'integer', (c) => c.notNull().references('devices.id'))
      .addColumn('device_uuid', 'text', (c) => c.notNull())
      .addColumn('place', 'integer', (c) => c.notNull())
      .addColumn('delta_cents', 'bigint', (c) => c.notNull())
      .addColumn('cash_out', 'smallint', (c) => c.notNull().check(sql`cash_out in (0, 1)`))
      .addColumn('remote_pin', 'text')
      .addColumn('status', 'text', (c) =>
        c.notNull().check(sql`status in ('pending', 'approved', 'declined', 'withdrawn')`),
      )
      .addColumn('created_at_ms', 'bigint', (c) => c.notNull())
      .addColumn('decided_at_ms', 'bigint')
      .addColumn('decided_by', 'integer', (c) => c.references('users.id'))
      .addColumn('reason', 'text')
      .addCheckConstraint('approvals_withdraw_only', sql`delta_cents < 0`)
      .addCheckConstraint(
        'approvals_decided_whole',
        sql`(status = 'pending' and decided_at_ms is null) or (status <> 'pending' and decided_at_ms is not null)`,
      )
      .addUniqueConstraint('approvals_scope_trx', ['scope', 'trx'])
      .execute();
    await db.schema
      .alterTable('operations')
      .addColumn('corrects_operation_id', 'bigint', (c) => c.references('operations.id'))
      .execute();
    await db.schema
      .createIndex('operations_corrects_once')
      .on('operations')
      .column('corrects_operation_id')
      .unique()
      .where(sql.ref('corrects_operation_id'), 'is not', null)
      .execute();
    await db.schema
      .createIndex('approvals_account_status')
      .on('approvals')
      .columns(['account_id', 'status', 'created_at_ms'])
      .execute();
  },
};
