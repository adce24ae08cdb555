// Everything a refused request must leave as it was: balances, ledger, answers stored under trx, users,
// sessions, devices and their PINs, players, and sign-in counts. (A session's last-use time is left out: any
// authenticated call may move it forward.)
import type { Db } from '../../src/db/database.js';

export async function databaseSnapshot(db: Db): Promise<string> {
  const k = db.kysely;
  const count = async (table: 'operations' | 'ledger_entries' | 'device_events' | 'sessions') =>
    Number(
      (
        await k
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirst()
      )?.n ?? 0,
    );
  return JSON.stringify({
    accounts: await k.selectFrom('accounts').selectAll().orderBy('id').execute(),
    places: await k.selectFrom('places').selectAll().orderBy('device_id').orderBy('place').execute(),
    devices: await k.selectFrom('devices').selectAll().orderBy('id').execute(),
    users: await k.selectFrom('users').selectAll().orderBy('id').execute(),
    sessions: await k
      .selectFrom('sessions')
      .select(['token_hash', 'user_id'])
      .orderBy('token_hash')
      .execute(),
    throttle: await k.selectFrom('sign_in_throttle').selectAll().orderBy('key').execute(),
    players: await k.selectFrom('players').selectAll().orderBy('id').execute(),
    operations: await count('operations'),
    ledger: await count('ledger_entries'),
    events: await count('device_events'),
    sessionCount: await count('sessions'),
  });
}
