// Shared steps of the players suites: cards, a till registering and reading them, cash calls made for a
// player, and the audit rows of a player.
import { randomBytes } from 'node:crypto';
import type { Player, PlayerAtTill } from '@cashdesk/contract';
import type { Role } from '@cashdesk/contract';
import type { Db } from '../../src/db/database.js';
import { ALL_RESTRICTIONS, newTrx } from '../helpers/cashier.js';
import { DAY } from '../helpers/clock.js';
import { createTestUser } from '../helpers/factories.js';
import { clientForUser, type TestClient, type TestResponse, type TestServer } from '../helpers/server.js';

/**
 * Sessions that outlive the days a suite moves its clock on (a gaming day, a cooling-off): "remember me"
 * sessions (30 days at most) idle for as long. The server's config and the clients' sessions go together.
 */
export const LONG_SESSIONS = { session: { idleMs: 30 * DAY, rememberIdleMs: 30 * DAY } };

/** A user of `role` (of `accountId`) with a "remember me" session made straight in the database. */
export async function longSession(
  server: TestServer,
  db: Db,
  role: Role,
  accountId: number | null,
): Promise<{ client: TestClient; id: number; login: string }> {
  const user = await createTestUser(db, {
    account_id: accountId,
    role,
    restrictions: role === 'cashier' ? ALL_RESTRICTIONS : [],
  });
  return { client: await clientForUser(server, user, { remember: true }), id: user.id, login: user.login };
}

/** A card number no other test of the process uses. */
export const newCard = (): string => `CARD-${randomBytes(5).toString('hex').toUpperCase()}`;

/** A till registers a card (a fresh trx unless given). */
export function register(
  till: TestClient,
  body: Record<string, unknown> = {},
): Promise<TestResponse<Player & { err?: string }>> {
  return till.post<Player & { err?: string }>('/a/cashier/players', {
    card: newCard(),
    trx: newTrx(),
    ...body,
  });
}

/** A till registers a card and gets its player, or the test fails. */
export async function registered(till: TestClient, body: Record<string, unknown> = {}): Promise<Player> {
  const res = await register(till, body);
  if (res.status !== 200) throw new Error(`register failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** What the till shows for a card. */
export function lookup(
  till: TestClient,
  card: string,
): Promise<TestResponse<PlayerAtTill & { err?: string }>> {
  return till.get<PlayerAtTill & { err?: string }>(`/a/cashier/players/by_card/${encodeURIComponent(card)}`);
}

/** A cashier's cash call on a cabinet's place for a player (`delta` < 0: a withdraw). */
export function cashFor(
  till: TestClient,
  deviceId: number,
  place: number,
  delta: number,
  playerId: number,
  trx: string = newTrx(),
): Promise<TestResponse<Record<string, unknown>>> {
  return till.post(`/a/cashier/devices/${deviceId}/place/${place}/update`, {
    delta,
    trx,
    player_id: playerId,
  });
}

/** A place's entries and the player it names, straight from the table. */
export async function placeOf(db: Db, deviceId: number, place: number) {
  const row = await db.kysely
    .selectFrom('places')
    .select(['entries_cents', 'player_id'])
    .where('device_id', '=', deviceId)
    .where('place', '=', place)
    .executeTakeFirstOrThrow();
  return {
    entries: Number(row.entries_cents),
    player_id: row.player_id === null ? null : Number(row.player_id),
  };
}

/** A venue's float, straight from the table. */
export async function floatOf(db: Db, accountId: number): Promise<number> {
  const row = await db.kysely
    .selectFrom('accounts')
    .select('balance_cents')
    .where('id', '=', accountId)
    .executeTakeFirstOrThrow();
  return Number(row.balance_cents);
}

/** The audit rows of a player, oldest first, as the table holds them. */
export async function playerAudit(db: Db, playerId: number) {
  const rows = await db.kysely
    .selectFrom('audit_log')
    .selectAll()
    .where('target_type', '=', 'player')
    .where('target_id', '=', playerId)
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    action: row.action,
    actor_login: row.actor_login,
    account_id: row.account_id,
    before: row.before_json === null ? null : (JSON.parse(row.before_json) as Record<string, unknown>),
    after: row.after_json === null ? null : (JSON.parse(row.after_json) as Record<string, unknown>),
    trx: row.trx,
    raw: `${row.before_json ?? ''} ${row.after_json ?? ''}`,
  }));
}
