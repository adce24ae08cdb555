// Which demo logins still open with their public passwords (README's table): a database seeded for a
// try-out and then put to real use must not keep `admin/admin123`, so start-up warns while any does.
import { verifyPassword } from '../auth/password.js';
import type { Db } from '../db/database.js';
import { findUserByLogin } from '../users/users.repository.js';
import { DEMO_LOGINS } from './seed.js';

export type DemoLogin = (typeof DEMO_LOGINS)[number];

/** The demo logins present, not blocked, whose password is still the published one. */
export async function exposedDemoLogins(db: Db): Promise<DemoLogin[]> {
  const exposed: DemoLogin[] = [];
  for (const demo of DEMO_LOGINS) {
    const user = await findUserByLogin(db.kysely, demo.login);
    if (user && user.blocked === 0 && (await verifyPassword(user.password_hash, demo.password))) {
      exposed.push(demo);
    }
  }
  return exposed;
}

/** The warning start-up prints (and logs) while `exposed` is not empty. */
export function demoLoginWarning(exposed: readonly DemoLogin[], listensBeyondLoopback: boolean): string {
  const logins = exposed.map((l) => `${l.login}/${l.password}`).join(', ');
  const where = listensBeyondLoopback
    ? 'and this server listens beyond this machine: anyone who can reach it can sign in'
    : 'fine for a try-out on this machine, never for a venue';
  return (
    `WARNING: demo logins with their public passwords exist (${logins}), ${where}. ` +
    'Create your own admin (npm run cashdesk -- user:create --role admin ...) and block these ' +
    '(npm run cashdesk -- user:block <login>) or give them new passwords (docs/operations.md, "Demo mode and the first admin").'
  );
}
