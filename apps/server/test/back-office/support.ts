// Shared steps of the back-office suites: admins and managers with sessions made straight in the
// database, and reads of the audit log to check what a change recorded.
import type { Restriction, Role } from '@cashdesk/contract';
import type { Db } from '../../src/db/database.js';
import { createTestUser } from '../helpers/factories.js';
import { clientForUser, type TestClient, type TestServer } from '../helpers/server.js';

export { answer, newTrx } from '../helpers/cashier.js';

export interface SignedIn {
  client: TestClient;
  id: number;
  login: string;
}

/** A user of `role` (of `accountId`) holding a session; no Argon2 round. */
export async function signedInAs(
  server: TestServer,
  db: Db,
  role: Role,
  accountId: number | null,
  restrictions: Restriction[] = [],
): Promise<SignedIn> {
  const user = await createTestUser(db, { account_id: accountId, role, restrictions });
  return { client: await clientForUser(server, user), id: user.id, login: user.login };
}

/** The audit rows of a target, oldest first, straight from the table. */
export async function auditRowsOf(db: Db, target: { type: 'account' | 'user' | 'device'; id: number }) {
  return db.kysely
    .selectFrom('audit_log')
    .selectAll()
    .where('target_type', '=', target.type)
    .where('target_id', '=', target.id)
    .orderBy('id')
    .execute();
}

export async function countRows(
  db: Db,
  table: 'audit_log' | 'ledger_entries' | 'operations',
): Promise<number> {
  const row = await db.kysely
    .selectFrom(table)
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
