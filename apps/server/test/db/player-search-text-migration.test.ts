// Migration 025-player-search-text over a database from before it: the players already registered get
// their search text (card, name and document number with case and accents folded), so the back office's
// search finds them as it finds a player registered after it.
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/database.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { searchPlayers } from '../../src/players/players.repository.js';
import { createVenue } from '../helpers/factories.js';
import { testDatabases } from '../helpers/databases.js';

describe.each(testDatabases)('migration 025-player-search-text on $name', (database) => {
  let db: Db | undefined;
  afterEach(async () => {
    await db?.close();
    db = undefined;
  });

  const player = (accountId: number, card: string, name: string | null, document: string | null) =>
    sql`insert into players (account_id, card, name, document_number, created_at_ms, updated_at_ms)
      values (${accountId}, ${card}, ${name}, ${document}, 1000, 1000)`;

  it('gives the players already there their search text: found by plain letters, a part, any case', async () => {
    db = await database.open({ migrateTo: '024-audit-player-target' });
    const venue = await createVenue(db);
    await player(venue.id, 'CARD-Ñ1', 'José Núñez', 'ÑU-55').execute(db.kysely);
    await player(venue.id, 'CARD-2', null, null).execute(db.kysely);

    await migrateToLatest(db);

    const found = async (q: string) => (await searchPlayers(db!.kysely, venue.id, q, 10)).map((p) => p.card);
    expect(await found('jose')).toEqual(['CARD-Ñ1']);
    expect(await found('NUNEZ')).toEqual(['CARD-Ñ1']);
    expect(await found('nu-55')).toEqual(['CARD-Ñ1']);
    expect(await found('card-n1')).toEqual(['CARD-Ñ1']);
    expect(await found('card-')).toEqual(['CARD-2', 'CARD-Ñ1']);
    expect(await found('maria')).toEqual([]);
  });
});
