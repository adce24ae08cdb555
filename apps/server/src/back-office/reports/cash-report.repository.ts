// The queries of the cash report (docs/product.md section 19) and of the floor's structuring alert: a
// venue's players' cash transactions of a window, read from the ledger, never from the players' day
// counters. A player's cash transaction is an operation for a player (`operations.player_id`) whose
// entries row is a deposit (cash in) or a withdraw or cash-out (cash out); its amount is that row's.
// A transfer between seats is no cash (its rows are kind `transfer`), and a manager's correction is no
// transaction of the player's: it is never one, and the transaction it reverses no longer counts once it
// is corrected within the window's end. Each walk starts from the partial index of migration 022,
// `operations_player_day` (account_id, created_at_ms, player_id where player_id is not null), and reaches
// each operation's entries row by `ledger_operation` and its correction by `operations_corrects_once`.
import type { CashReportLine } from '@cashdesk/contract';
import { sql } from 'kysely';
import type { Executor } from '../../db/database.js';
import type { DayWindow } from './daily-report.repository.js';

/**
 * The window's player cash transactions as `o` (the operation), `l` (its entries row) and `c` (the
 * correction made before `correctedBeforeMs` that reverses it, if any), for a caller to select from.
 */
function playerCashMoves(db: Executor, w: DayWindow & { correctedBeforeMs: number }) {
  return (
    db
      .selectFrom('operations as o')
      .innerJoin('ledger_entries as l', 'l.operation_id', 'o.id')
      .leftJoin('operations as c', (join) =>
        join.onRef('c.corrects_operation_id', '=', 'o.id').on('c.created_at_ms', '<', w.correctedBeforeMs),
      )
      .where('o.account_id', '=', w.accountId)
      .where('o.created_at_ms', '>=', w.fromMs)
      .where('o.created_at_ms', '<', w.toMs)
      // Stated, though the joins below imply it: SQLite uses a partial index only when the query says its terms.
      .where('o.player_id', 'is not', null)
      .where('o.corrects_operation_id', 'is', null)
      .where('l.line', '=', 'entries')
      .where('l.kind', 'in', ['deposit', 'withdraw'])
  );
}

export interface CashLogRow {
  created_at_ms: number;
  player_id: number;
  card: string;
  name: string | null;
  /** Signed, as the entries row moved the seat: above 0 cash in, below 0 cash out. */
  amount_cents: number;
  device_id: number;
  place: number;
  cashier: string | null;
  trx: string;
  corrected_by: string | null;
}

/**
 * The window's player cash transactions larger than `aboveCents`, in the order the ledger wrote them,
 * with the player's card and name, the cashier's login and the correction that reversed one.
 */
export async function cashLogRows(
  db: Executor,
  w: DayWindow & { correctedBeforeMs: number; aboveCents: number },
): Promise<CashLogRow[]> {
  const rows = await playerCashMoves(db, w)
    .innerJoin('players as p', 'p.id', 'o.player_id')
    .leftJoin('users as u', 'u.id', 'o.user_id')
    .select([
      'o.created_at_ms',
      'p.id as player_id',
      'p.card',
      'p.name',
      'l.amount_cents',
      'l.device_id',
      'l.place',
      'u.login as cashier',
      'o.trx',
      'c.trx as corrected_by',
    ])
    .where(sql<number>`abs(l.amount_cents)`, '>', w.aboveCents)
    .orderBy('o.created_at_ms')
    .orderBy('o.id')
    .execute();
  return rows.map((r) => ({
    created_at_ms: Number(r.created_at_ms),
    player_id: Number(r.player_id),
    card: r.card,
    name: r.name,
    amount_cents: Number(r.amount_cents),
    device_id: Number(r.device_id),
    place: Number(r.place),
    cashier: r.cashier,
    trx: r.trx,
    corrected_by: r.corrected_by,
  }));
}

const cashIn = sql<number>`coalesce(sum(case when l.amount_cents > 0 then l.amount_cents else 0 end), 0)`;
const cashOut = sql<number>`coalesce(sum(case when l.amount_cents < 0 then -l.amount_cents else 0 end), 0)`;

/** A reported player as the report's answer lists them (contract cashReportLine). */
export type ReportedPlayerRow = CashReportLine;

/**
 * The players whose cash in or cash out of the window, summed over every seat and till, is above
 * `aboveCents`, by id, with their identity as recorded now. Corrected transactions count in neither sum.
 */
export async function reportedPlayers(
  db: Executor,
  w: DayWindow & { correctedBeforeMs: number; aboveCents: number },
): Promise<ReportedPlayerRow[]> {
  const rows = await playerCashMoves(db, w)
    .innerJoin('players as p', 'p.id', 'o.player_id')
    .select((eb) => [
      'p.id as player_id',
      'p.card',
      'p.name',
      'p.document_kind',
      'p.document_number',
      'p.birth_date',
      cashIn.as('cash_in'),
      cashOut.as('cash_out'),
      eb.fn.countAll<number>().as('transactions'),
    ])
    .where('c.id', 'is', null)
    .groupBy('p.id')
    .having((eb) => eb.or([eb(cashIn, '>', w.aboveCents), eb(cashOut, '>', w.aboveCents)]))
    .orderBy('p.id')
    .execute();
  return rows.map((r) => ({
    player_id: Number(r.player_id),
    card: r.card,
    name: r.name,
    document_kind: r.document_kind,
    document_number: r.document_number,
    birth_date: r.birth_date,
    cash_in: Number(r.cash_in),
    cash_out: Number(r.cash_out),
    transactions: Number(r.transactions),
  }));
}

/** One side of a player's day: how many transactions, their sum, and how many fell in a band of amounts. */
export interface SideFigures {
  transactions: number;
  total: number;
  in_band: number;
}

export interface PlayerDayFigures {
  player_id: number;
  cash_in: SideFigures;
  cash_out: SideFigures;
}

/**
 * Per player of the window (or of `playerIds` only), each side's transactions, sum, and how many of them
 * were in `band` (inclusive; none counted without one): what the structuring rule judges
 * (back-office/floor/structuring.ts). Corrected transactions left out.
 */
export async function playerDayFigures(
  db: Executor,
  w: DayWindow & {
    correctedBeforeMs: number;
    band: { from: number; to: number } | null;
    playerIds?: readonly number[];
  },
): Promise<PlayerDayFigures[]> {
  const { band, playerIds } = w;
  if (playerIds?.length === 0) return [];
  const inBand = (size: ReturnType<typeof sql<number>>) =>
    band === null
      ? sql<number>`0`
      : sql<number>`coalesce(sum(case when ${size} between ${band.from} and ${band.to} then 1 else 0 end), 0)`;
  let query = playerCashMoves(db, w)
    .select([
      'o.player_id',
      sql<number>`coalesce(sum(case when l.amount_cents > 0 then 1 else 0 end), 0)`.as('in_count'),
      cashIn.as('in_total'),
      inBand(sql<number>`l.amount_cents`).as('in_band'),
      sql<number>`coalesce(sum(case when l.amount_cents < 0 then 1 else 0 end), 0)`.as('out_count'),
      cashOut.as('out_total'),
      inBand(sql<number>`-l.amount_cents`).as('out_band'),
    ])
    .where('c.id', 'is', null)
    .groupBy('o.player_id');
  if (playerIds) query = query.where('o.player_id', 'in', [...playerIds]);
  const rows = await query.execute();
  return rows.map((r) => ({
    player_id: Number(r.player_id),
    cash_in: { transactions: Number(r.in_count), total: Number(r.in_total), in_band: Number(r.in_band) },
    cash_out: { transactions: Number(r.out_count), total: Number(r.out_total), in_band: Number(r.out_band) },
  }));
}

/** Players of the venue by id: their card and name now. */
export async function playerNames(
  db: Executor,
  accountId: number,
  ids: readonly number[],
): Promise<Map<number, { card: string; name: string | null }>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('players')
    .select(['id', 'card', 'name'])
    .where('account_id', '=', accountId)
    .where('id', 'in', [...ids])
    .execute();
  return new Map(rows.map((r) => [Number(r.id), { card: r.card, name: r.name }]));
}
