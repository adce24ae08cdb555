// Row access for the till's drawer (migration 021): a shift's counts by notes and coins, and its drawer
// movements (drops to the safe, paid-ins, paid-outs) with their sums. Both tables are append-only.
import type { DenominationLine, DrawerMovement, DrawerMovementKind } from '@cashdesk/contract';
import { sql, type Insertable } from 'kysely';
import type { DialectName, Executor, Tx } from '../db/database.js';
import { lockedOn, type LockStrength } from '../db/row-locks.js';
import type { ShiftMovementsTable, ShiftRow } from '../db/schema.js';

/** A shift by id, whoever's it is (the caller checks it is the cashier's); `lock` as findOpenShift's. */
export async function findShiftById(
  db: Executor | Tx,
  shiftId: number,
  lock?: { dialect: DialectName; mode: LockStrength },
): Promise<ShiftRow | undefined> {
  const query = db.selectFrom('shifts').selectAll().where('id', '=', shiftId);
  return (lock ? query.$call(lockedOn(lock.dialect, lock.mode)) : query).executeTakeFirst();
}

export async function insertCount(
  tx: Tx,
  shiftId: number,
  stage: 'open' | 'close',
  lines: readonly DenominationLine[],
): Promise<void> {
  await tx
    .insertInto('shift_counts')
    .values(lines.map((line) => ({ shift_id: shiftId, stage, ...line })))
    .execute();
}

export interface ShiftCounts {
  open: DenominationLine[] | null;
  close: DenominationLine[] | null;
}

/** The shift's counts by notes and coins, largest value first; null for a count entered as one amount. */
export async function countsOf(db: Executor | Tx, shiftId: number): Promise<ShiftCounts> {
  const rows = await db
    .selectFrom('shift_counts')
    .select(['stage', 'value_cents', 'quantity'])
    .where('shift_id', '=', shiftId)
    .orderBy('value_cents', 'desc')
    .execute();
  const of = (stage: 'open' | 'close') => {
    const lines = rows
      .filter((row) => row.stage === stage)
      .map((row) => ({ value_cents: Number(row.value_cents), quantity: Number(row.quantity) }));
    return lines.length > 0 ? lines : null;
  };
  return { open: of('open'), close: of('close') };
}

export async function insertMovement(tx: Tx, row: Insertable<ShiftMovementsTable>): Promise<DrawerMovement> {
  const inserted = await tx
    .insertInto('shift_movements')
    .values(row)
    .returningAll()
    .executeTakeFirstOrThrow();
  return toMovement(inserted);
}

/** The shift's drawer movements, oldest first. */
export async function movementsOf(db: Executor | Tx, shiftId: number): Promise<DrawerMovement[]> {
  const rows = await db
    .selectFrom('shift_movements')
    .selectAll()
    .where('shift_id', '=', shiftId)
    .orderBy('id')
    .execute();
  return rows.map(toMovement);
}

export interface MovementTotals {
  drops: number;
  drops_cents: number;
  paid_ins: number;
  paid_in_cents: number;
  paid_outs: number;
  paid_out_cents: number;
}

/** How many movements of each kind the shift has and their sums (positive magnitudes). */
export async function movementTotals(db: Executor | Tx, shiftId: number): Promise<MovementTotals> {
  const rows = await db
    .selectFrom('shift_movements')
    .select(['kind', sql<number>`count(*)`.as('n'), sql<number>`coalesce(sum(amount_cents), 0)`.as('cents')])
    .where('shift_id', '=', shiftId)
    .groupBy('kind')
    .execute();
  const of = (kind: DrawerMovementKind) => {
    const row = rows.find((r) => r.kind === kind);
    return { n: Number(row?.n ?? 0), cents: Number(row?.cents ?? 0) };
  };
  const [drop, paidIn, paidOut] = [of('drop'), of('paid_in'), of('paid_out')];
  return {
    drops: drop.n,
    drops_cents: drop.cents,
    paid_ins: paidIn.n,
    paid_in_cents: paidIn.cents,
    paid_outs: paidOut.n,
    paid_out_cents: paidOut.cents,
  };
}

function toMovement(row: {
  id: number;
  shift_id: number;
  kind: DrawerMovementKind;
  amount_cents: number;
  reason: string | null;
  trx: string;
  created_at_ms: number;
}): DrawerMovement {
  return {
    id: Number(row.id),
    shift_id: Number(row.shift_id),
    kind: row.kind,
    amount: Number(row.amount_cents),
    reason: row.reason,
    trx: row.trx,
    created_at: new Date(Number(row.created_at_ms)).toISOString(),
  };
}

/** The venue's currency, which sets the notes and coins a count is made of (contract denominations.ts). */
export async function findAccountCurrency(
  db: Executor,
  accountId: number,
): Promise<{ currency: string } | undefined> {
  return db.selectFrom('accounts').select('currency').where('id', '=', accountId).executeTakeFirst();
}
