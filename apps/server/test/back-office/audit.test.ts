// The audit log: listed newest first (everything for an admin, one account's for its manager), paged and
// filtered; and it cannot be changed: no route edits or deletes it or the ledger, and the database
// itself refuses UPDATE and DELETE on both.
import { ERR, type AuditEntry } from '@cashdesk/contract';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AccountRow } from '../../src/db/schema.js';
import { testDatabases } from '../helpers/databases.js';
import { createVenue } from '../helpers/factories.js';
import { useTestServer } from '../helpers/test-server-suite.js';
import { countRows, newTrx, signedInAs, type SignedIn } from './support.js';

describe.each(testDatabases)('back-office audit log on $name', (database) => {
  let admin: SignedIn;
  let manager: SignedIn;
  let venue: AccountRow;
  let other: AccountRow;

  const suite = useTestServer(database);
  beforeAll(async () => {
    admin = await signedInAs(suite.server, suite.db, 'admin', null);
    venue = await createVenue(suite.db);
    other = await createVenue(suite.db);
    manager = await signedInAs(suite.server, suite.db, 'manager', venue.id);
    await manager.client.post(`/a/manager/account/${venue.id}`, { home_play: false, reason: 'first' });
    await manager.client.post(`/a/manager/account/${venue.id}/move`, {
      delta: 10_00,
      trx: newTrx(),
      reason: 'second',
    });
    await admin.client.post(`/a/manager/account/${other.id}`, { name: 'Renamed elsewhere' });
    await manager.client.post(`/a/manager/account/${venue.id}`, { home_play: true, reason: 'third' });
  });

  it("lists every entry for an admin and the account's own for its manager, newest first", async () => {
    const all = await admin.client.get<AuditEntry[]>('/a/admin/audit');
    expect(all.body.map((e) => e.reason)).toEqual(['third', null, 'second', 'first']);
    expect(all.body[0]).toMatchObject({
      actor_id: manager.id,
      actor_login: manager.login,
      action: 'account.update',
      target_type: 'account',
      target_id: venue.id,
      before: { home_play: false },
      after: { home_play: true },
    });
    const own = await manager.client.get<AuditEntry[]>(`/a/manager/account/${venue.id}/audit`);
    expect(own.body.map((e) => e.reason)).toEqual(['third', 'second', 'first']);
  });

  it('pages with limit and before, and filters by action and time', async () => {
    const page = await admin.client.get<AuditEntry[]>('/a/admin/audit?limit=2');
    const rest = await admin.client.get<AuditEntry[]>(`/a/admin/audit?before=${page.body.at(-1)!.id}`);
    expect([...page.body, ...rest.body].map((e) => e.reason)).toEqual(['third', null, 'second', 'first']);
    const moves = await admin.client.get<AuditEntry[]>('/a/admin/audit?action=account.float_move');
    expect(moves.body.map((e) => e.reason)).toEqual(['second']);
    expect(moves.body[0]!.trx).toMatch(/^[0-9a-f-]{36}$/);
    expect((await admin.client.get<AuditEntry[]>('/a/admin/audit?to=2000-01-01')).body).toEqual([]);
    expect((await admin.client.get('/a/admin/audit?action=user.delete')).status).toBe(400);
  });

  it.each([
    ['DELETE', '/a/admin/audit'],
    ['PUT', '/a/admin/audit'],
    ['PATCH', '/a/admin/audit'],
    ['POST', '/a/admin/audit'],
    ['DELETE', '/a/manager/account/:id/audit'],
    ['DELETE', '/a/manager/account/:id/transactions'],
    ['PUT', '/a/manager/account/:id/transactions'],
    ['POST', '/a/manager/account/:id/transactions'],
    ['DELETE', '/a/admin/audit/1'],
    ['DELETE', '/a/manager/account/:id'],
  ])('no route %s %s: 404, and nothing changes', async (method, path) => {
    const before = [await countRows(suite.db, 'audit_log'), await countRows(suite.db, 'ledger_entries')];
    const res = await admin.client.request(method, path.replace(':id', String(venue.id)), { json: {} });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ err: ERR.notFound });
    expect([await countRows(suite.db, 'audit_log'), await countRows(suite.db, 'ledger_entries')]).toEqual(
      before,
    );
  });

  it("names the actor and the target as they are called now, with the entry's currency for its money", async () => {
    const created = await manager.client.post<{ id: number }>(`/a/manager/account/${venue.id}/user`, {
      login: `ana_${venue.id}`,
      name: 'Ana',
      password: 'a long password 1',
      restrictions: [],
    });
    expect(created.status).toBe(200);
    // Renamed since: the log keeps her id, and shows her name of now on both entries.
    const renamed = await manager.client.post(`/a/manager/account/${venue.id}/user/${created.body.id}`, {
      name: 'Ana Lima',
    });
    expect(renamed.status).toBe(200);
    const own = await manager.client.get<AuditEntry[]>(`/a/manager/account/${venue.id}/audit`);
    const ofAna = own.body.filter((e) => e.target_type === 'user' && e.target_id === created.body.id);
    expect(ofAna.map((e) => [e.action, e.target_name])).toEqual([
      ['user.update', 'Ana Lima'],
      ['user.create', 'Ana Lima'],
    ]);
    const move = own.body.find((e) => e.action === 'account.float_move');
    expect(move).toMatchObject({
      actor_name: 'Test User',
      target_name: venue.name,
      currency: 'EUR',
      before: { balance: expect.any(Number) },
    });
    // The other venue's entry names that venue as it is called now.
    const all = await admin.client.get<AuditEntry[]>('/a/admin/audit');
    expect(all.body.find((e) => e.target_id === other.id)).toMatchObject({
      target_name: 'Renamed elsewhere',
      actor_name: 'Test User',
    });
  });

  it.each(['audit_log', 'ledger_entries'] as const)(
    'the database refuses UPDATE and DELETE on %s',
    async (table) => {
      const before = await countRows(suite.db, table);
      await expect(
        sql`update ${sql.table(table)} set created_at_ms = 0`.execute(suite.db.kysely),
      ).rejects.toThrow(/append-only/);
      await expect(sql`delete from ${sql.table(table)}`.execute(suite.db.kysely)).rejects.toThrow(
        /append-only/,
      );
      if (suite.db.dialect === 'postgres') {
        await expect(sql`truncate ${sql.table(table)}`.execute(suite.db.kysely)).rejects.toThrow(
          /append-only/,
        );
      }
      expect(await countRows(suite.db, table)).toBe(before);
    },
  );
});
