// Players for the cash report's and the structuring alert's suites: rows made straight in the table (the
// players' own routes are another suite's), and cash calls made for a player through the cashier's route.
import type { Db } from '../../src/db/database.js';
import { newTrx } from '../helpers/cashier.js';
import type { TestClient, TestResponse } from '../helpers/server.js';

export interface TestPlayer {
  id: number;
  card: string;
  name: string | null;
}

/** A player of `accountId`; with `identity`, name, document and birth date recorded (payouts past the report threshold need them). */
export async function createPlayer(
  db: Db,
  accountId: number,
  card: string,
  options: { identity?: boolean; name?: string } = {},
): Promise<TestPlayer> {
  const name = options.name ?? (options.identity ? `Player ${card}` : null);
  const row = await db.kysely
    .insertInto('players')
    .values({
      account_id: accountId,
      card,
      name,
      document_kind: options.identity ? 'passport' : null,
      document_number: options.identity ? `P-${card}` : null,
      birth_date: options.identity ? '1980-02-29' : null,
      excluded: 0,
      day: '',
      day_cash_in_cents: 0,
      day_cash_out_cents: 0,
      created_at_ms: Date.now(),
      updated_at_ms: Date.now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: Number(row.id), card, name };
}

/** A cashier's cash call on a cabinet's place for `player` (null: for nobody); a cash-out takes the seat's all. */
export function playerCash(
  cashier: TestClient,
  seat: { device: number; place: number },
  player: TestPlayer | null,
  delta: number | 'cash_out',
  trx: string = newTrx(),
): Promise<TestResponse<Record<string, unknown>>> {
  const body = {
    ...(delta === 'cash_out' ? { delta: -1, cash_out: true } : { delta }),
    trx,
    ...(player ? { player_id: player.id } : {}),
  };
  return cashier.post(`/a/cashier/devices/${seat.device}/place/${seat.place}/update`, body);
}

/**
 * Sets the venue's cash report thresholds (cents; null: off). Migration 022 gave its defaults, 3,000.00
 * and 10,000.00, to the venues there were; a venue made since has none until they are set.
 */
export async function setCashThresholds(
  db: Db,
  accountId: number,
  thresholds: { log: number | null; report: number | null } = { log: 3_000_00, report: 10_000_00 },
): Promise<void> {
  await db.kysely
    .updateTable('accounts')
    .set({ cash_log_above_cents: thresholds.log, cash_report_above_cents: thresholds.report })
    .where('id', '=', accountId)
    .execute();
}
