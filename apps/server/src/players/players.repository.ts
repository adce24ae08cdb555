// Players' rows: the statements the ledger's batch locks and writes them by (after the places, in id
// order: one lock order for every batch), and the back office's and the till's reads and edits.
import { sql } from 'kysely';
import type { DialectName, Executor } from '../db/database.js';
import { shapedRowsStatement, shapedStatement } from '../db/query-shapes.js';
import { lockedOn } from '../db/row-locks.js';

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
