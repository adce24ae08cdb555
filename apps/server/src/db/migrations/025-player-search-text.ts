// The player search matches case and accents folded (packages/contract/src/search-text.ts): each player
// keeps `search_text`, their card, name and document number folded, written with every change of them
// (players/players.repository.ts). The players already there get theirs here, a row at a time: a venue
// has thousands of players, not millions, and the fold is JavaScript's, which neither database has.
import { playerSearchText } from '@cashdesk/contract';
import type { Kysely, Migration } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against the schema they create */
export const playerSearchTextMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .alterTable('players')
      .addColumn('search_text', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
    const players = await db
      .selectFrom('players')
      .select(['id', 'card', 'name', 'document_number'])
      .execute();
    for (const player of players) {
      await db
        .updateTable('players')
        .set({ search_text: playerSearchText(player) })
        .where('id', '=', player.id)
        .execute();
    }
  },
};
