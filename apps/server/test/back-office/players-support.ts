// Players for the cash report's and the structuring alert's suites: registered at a till, cash calls made
// for them through the cashier's route, and the venue's cash report thresholds.
import type { Player } from '@cashdesk/contract';
import type { Db } from '../../src/db/database.js';
import { newTrx } from '../helpers/cashier.js';
import type { TestClient, TestResponse } from '../helpers/server.js';

export interface TestPlayer {
  id: number;
  card: string;
  name: string | null;
}

/**
 * A player registered at a till of the venue (`POST /a/cashier/players`); with `identity`, name, document
 * and birth date recorded (a payout past the report threshold needs them).
 */
export async function createPlayer(
  till: TestClient,
  card: string,
  options: { identity?: boolean; name?: string } = {},
): Promise<TestPlayer> {
  const name = options.name ?? (options.identity ? `Player ${card}` : undefined);
  const res = await till.post<Player>('/a/cashier/players', {
    card,
    trx: newTrx(),
    ...(name === undefined ? {} : { name }),
    ...(options.identity
      ? { document_kind: 'passport', document_number: `P-${card}`, birth_date: '1980-02-29' }
      : {}),
  });
  if (res.status !== 200) throw new Error(`register failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { id: res.body.id, card: res.body.card, name: res.body.name };
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

/** Sets the venue's cash report thresholds (cents; null: off); by default migration 022's, 3,000.00 and 10,000.00. */
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
