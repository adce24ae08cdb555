// Players of the demo venue for the browser tests (contract "Players"): a card the venue issued, made
// straight in the database (a limit, an exclusion, an identity or none, as a test needs it); money put on
// a seat for a player through the ledger, as a cashier's deposit for them; the venue's report threshold;
// and what the books say of a player afterwards.
import { randomUUID } from 'node:crypto';
import type { E2EServer } from './server';

export interface TestPlayer {
  id: number;
  card: string;
}

export interface TestPlayerOptions {
  name?: string | null;
  document_kind?: string | null;
  document_number?: string | null;
  /** cents; null (default): the venue's. */
  daily_limit?: number | null;
  /** Excluded until this ISO day; null: indefinitely; undefined (default): not excluded. */
  excluded_until?: string | null;
}

/** A player of the demo venue with `card`, made in the database. */
export async function createPlayer(
  server: E2EServer,
  card: string,
  options: TestPlayerOptions = {},
): Promise<TestPlayer> {
  const now = Date.now();
  const row = await server.ctx.db.kysely
    .insertInto('players')
    .values({
      account_id: server.demo.accountId,
      card,
      name: options.name ?? null,
      document_kind: options.document_kind ?? null,
      document_number: options.document_number ?? null,
      birth_date: null,
      daily_limit_cents: options.daily_limit ?? null,
      limit_raise_cents: null,
      limit_raise_at_ms: null,
      excluded: options.excluded_until === undefined ? 0 : 1,
      excluded_until: options.excluded_until ?? null,
      day: '',
      day_cash_in_cents: 0,
      day_cash_out_cents: 0,
      created_at_ms: now,
      updated_at_ms: now,
    })
    .returning(['id', 'card'])
    .executeTakeFirstOrThrow();
  return { id: Number(row.id), card: row.card };
}

/** The demo venue's player with `card`, as the books hold them now (undefined: none). */
export async function playerByCard(server: E2EServer, card: string) {
  return server.ctx.db.kysely
    .selectFrom('players')
    .selectAll()
    .where('account_id', '=', server.demo.accountId)
    .where('card', '=', card)
    .executeTakeFirst();
}

/** The player a seat holds (null: nobody). */
export async function seatPlayer(server: E2EServer, deviceId: number, place: number): Promise<number | null> {
  const row = await server.ctx.db.kysely
    .selectFrom('places')
    .select('player_id')
    .where('device_id', '=', deviceId)
    .where('place', '=', place)
    .executeTakeFirstOrThrow();
  return row.player_id === null ? null : Number(row.player_id);
}

/** A deposit for the player onto a seat, through the ledger, as the demo cashier makes it. */
export async function depositForPlayer(
  server: E2EServer,
  player: TestPlayer,
  deviceId: number,
  place: number,
  cents: number,
): Promise<void> {
  const device = await server.ctx.db.kysely
    .selectFrom('devices')
    .select('uuid')
    .where('id', '=', deviceId)
    .executeTakeFirstOrThrow();
  const outcome = await server.ctx.ledger.changePlaceCash({
    account_id: server.demo.accountId,
    user_id: server.demo.cashierId,
    device_id: deviceId,
    device_uuid: device.uuid,
    place,
    delta_cents: cents,
    trx: `e2e-player-${randomUUID()}`,
    remote_pin: null,
    player_id: player.id,
  });
  if (outcome.status !== 200) throw new Error(`e2e: deposit refused: ${JSON.stringify(outcome.body)}`);
}

/**
 * Sets the venue's cash report threshold (cents; null: off) for the time of `run`, then puts back what
 * it was: a payout that takes a player past it waits for their identity.
 */
export async function withReportThreshold<T>(
  server: E2EServer,
  cents: number | null,
  run: () => Promise<T>,
): Promise<T> {
  const db = server.ctx.db.kysely;
  const { cash_report_above_cents: before } = await db
    .selectFrom('accounts')
    .select('cash_report_above_cents')
    .where('id', '=', server.demo.accountId)
    .executeTakeFirstOrThrow();
  await db
    .updateTable('accounts')
    .set({ cash_report_above_cents: cents })
    .where('id', '=', server.demo.accountId)
    .execute();
  try {
    return await run();
  } finally {
    await db
      .updateTable('accounts')
      .set({ cash_report_above_cents: before })
      .where('id', '=', server.demo.accountId)
      .execute();
  }
}

/** An ISO day `days` after today (UTC). */
export function isoDayFromNow(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}
