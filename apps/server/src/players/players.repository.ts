// Players' rows: the statements the ledger's batch locks and writes them by (after the places, in id
// order: one lock order for every batch), and the back office's and the till's reads and edits.
import { playerSearchText, searchFold } from '@cashdesk/contract';
import { sql } from 'kysely';
import type { DialectName, Executor } from '../db/database.js';
import { shapedRowsStatement, shapedStatement } from '../db/query-shapes.js';
import { lockedOn } from '../db/row-locks.js';
import type { PlaceRow, PlayerRow } from '../db/schema.js';

/**
 * Locks the players in ascending id order, after the batch's places (ledger/batch-read.ts): a deposit's
 * limit is decided on sums no other transaction can move until this one commits.
 */
export function lockPlayersStatement(db: Executor, dialect: DialectName, ids: readonly number[]) {
  return shapedStatement(db, `lockPlayers/${ids.length}`, ids, (placeholders) =>
    db
      .selectFrom('players')
      .selectAll()
      .where('id', 'in', placeholders as number[])
      .orderBy('id')
      .$call(lockedOn(dialect))
      .compile(),
  );
}

/** Writes the gaming day's sums of many players in one statement (the batch's players it moved). */
export function setPlayersDayStatement(
  db: Executor,
  players: readonly { id: number; day: string; day_cash_in_cents: number; day_cash_out_cents: number }[],
) {
  const rows = players.map(({ id, day, day_cash_in_cents, day_cash_out_cents }) => ({
    id,
    day,
    day_cash_in_cents,
    day_cash_out_cents,
  }));
  return shapedRowsStatement(db, 'setPlayersDay', rows, (shaped) => {
    const values = sql.join(
      shaped.map(
        (p) =>
          sql`(cast(${p.id} as bigint), cast(${p.day} as text), cast(${p.day_cash_in_cents} as bigint), cast(${p.day_cash_out_cents} as bigint))`,
      ),
    );
    return sql`with v(id, day, day_cash_in_cents, day_cash_out_cents) as (values ${values})
    update players set day = v.day, day_cash_in_cents = v.day_cash_in_cents,
      day_cash_out_cents = v.day_cash_out_cents
    from v where players.id = v.id`.compile(db);
  });
}

/** Writes which player each of many seats holds (null: none) in one statement. */
export function setSeatPlayersStatement(
  db: Executor,
  seats: readonly { device_id: number; place: number; player_id: number | null }[],
) {
  const rows = seats.map(({ device_id, place, player_id }) => ({ device_id, place, player_id }));
  return shapedRowsStatement(db, 'setSeatPlayers', rows, (shaped) => {
    const values = sql.join(
      shaped.map(
        (s) =>
          sql`(cast(${s.device_id} as bigint), cast(${s.place} as bigint), cast(${s.player_id} as bigint))`,
      ),
    );
    return sql`with v(device_id, place, player_id) as (values ${values})
    update places set player_id = v.player_id
    from v where places.device_id = v.device_id and places.place = v.place`.compile(db);
  });
}

// ---- The till's and the back office's reads and edits (players.service.ts, the routes) -----------------

/** A new player's row: the card, the identity fields given (the others null), when. */
export type NewPlayer = Pick<
  PlayerRow,
  'account_id' | 'card' | 'name' | 'document_kind' | 'document_number' | 'birth_date'
> & { now_ms: number };

/**
 * Inserts a player: no limit of their own, not excluded, no cash yet. The unique index players_card
 * refuses a card the venue already issued.
 */
export async function insertPlayer(db: Executor, player: NewPlayer): Promise<PlayerRow> {
  const { now_ms, ...row } = player;
  return db
    .insertInto('players')
    .values({
      ...row,
      search_text: playerSearchText(row),
      excluded: 0,
      day: '',
      day_cash_in_cents: 0,
      day_cash_out_cents: 0,
      created_at_ms: now_ms,
      updated_at_ms: now_ms,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The venue's players, for a caller to narrow: a player of another venue is none of them. */
function venuePlayers(db: Executor, accountId: number) {
  return db.selectFrom('players').selectAll().where('account_id', '=', accountId);
}

/** The venue's player with this card, if any (a card of another venue is none). */
export async function findPlayerByCard(
  db: Executor,
  accountId: number,
  card: string,
): Promise<PlayerRow | undefined> {
  return venuePlayers(db, accountId).where('card', '=', card).executeTakeFirst();
}

/**
 * The venue's player by id, locked until the transaction ends (the lock the ledger's batch takes before
 * it decides a deposit on the player's limit: lockPlayersStatement), or undefined for none or another
 * venue's.
 */
export async function lockVenuePlayer(
  db: Executor,
  dialect: DialectName,
  accountId: number,
  id: number,
): Promise<PlayerRow | undefined> {
  return venuePlayers(db, accountId).where('id', '=', id).$call(lockedOn(dialect)).executeTakeFirst();
}

/** The venue's player by id, unlocked (a route's early check; the ledger decides under its own lock). */
export async function findVenuePlayer(
  db: Executor,
  accountId: number,
  id: number,
): Promise<PlayerRow | undefined> {
  return venuePlayers(db, accountId).where('id', '=', id).executeTakeFirst();
}

/** The columns of a player a till or a manager may change; the day's sums are the ledger's alone. */
export type PlayerChange = Partial<
  Pick<
    PlayerRow,
    | 'name'
    | 'document_kind'
    | 'document_number'
    | 'birth_date'
    | 'daily_limit_cents'
    | 'limit_raise_cents'
    | 'limit_raise_at_ms'
    | 'excluded'
    | 'excluded_until'
  >
>;

/**
 * Writes a change to `player` as lockVenuePlayer read it, and answers the row as it now is; the search
 * text follows a new name or document number.
 */
export async function updatePlayer(
  db: Executor,
  player: PlayerRow,
  change: PlayerChange,
  nowMs: number,
): Promise<PlayerRow> {
  return db
    .updateTable('players')
    .set({ ...change, search_text: playerSearchText({ ...player, ...change }), updated_at_ms: nowMs })
    .where('id', '=', player.id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * The places of the venue's devices that name the player, with their entries: the seats the player may
 * hold (player-rules.ts seatPlayer says which do), by device and place.
 */
export async function listPlayerPlaces(
  db: Executor,
  accountId: number,
  playerId: number,
): Promise<Pick<PlaceRow, 'device_id' | 'place' | 'entries_cents' | 'player_id'>[]> {
  return db
    .selectFrom('places')
    .innerJoin('devices', 'devices.id', 'places.device_id')
    .select(['places.device_id', 'places.place', 'places.entries_cents', 'places.player_id'])
    .where('devices.account_id', '=', accountId)
    .where('places.player_id', '=', playerId)
    .orderBy('places.device_id')
    .orderBy('places.place')
    .execute();
}

/** `text` for a LIKE pattern with `\` as its escape: its % and _ match only themselves. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The venue's players whose card, name or document number holds `q`, case and accents folded
 * (contract searchFold), or all of them without `q`; newest first, at most `limit`.
 */
export async function searchPlayers(
  db: Executor,
  accountId: number,
  q: string | undefined,
  limit: number,
): Promise<PlayerRow[]> {
  const pattern = q === undefined ? null : `%${likeLiteral(searchFold(q))}%`;
  return venuePlayers(db, accountId)
    .$if(pattern !== null, (query) => query.where(sql<boolean>`search_text like ${pattern} escape '\\'`))
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}
