// Demo credentials are never a default where others can reach the server (docs/operations.md,
// "Demo mode and the first admin"): the demo is seeded and enrollment opened by default only on the
// embedded database and a loopback address; and start-up names every demo login that still opens with
// its public password.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hashPassword } from '../../src/auth/password.js';
import { isLoopbackHost, loadConfig } from '../../src/config.js';
import { createContext } from '../../src/context.js';
import type { Db } from '../../src/db/database.js';
import { demoLoginWarning, exposedDemoLogins } from '../../src/demo/exposed-logins.js';
import { seedDemo } from '../../src/demo/seed.js';
import { findUserByLogin, setPasswordHash, updateUser } from '../../src/users/users.repository.js';
import { testDatabases } from '../helpers/databases.js';

describe('demo mode by default', () => {
  it.each(['127.0.0.1', '127.1.2.3', 'localhost', '::1', '[::1]'])(
    'is on for the embedded database on %s',
    (HOST) => {
      expect(loadConfig({ HOST })).toMatchObject({ demo: true, enrollmentOpen: true });
    },
  );

  it.each(['0.0.0.0', '::', '192.168.1.20', 'till.example.com'])(
    'is off on %s unless DEMO=1 is set explicitly',
    (HOST) => {
      expect(loadConfig({ HOST })).toMatchObject({ demo: false, enrollmentOpen: false });
      expect(loadConfig({ HOST, DEMO: '1' })).toMatchObject({ demo: true, enrollmentOpen: true });
      expect(loadConfig({ HOST, ENROLLMENT_OPEN: '1' })).toMatchObject({ demo: false, enrollmentOpen: true });
    },
  );

  it('is off on PostgreSQL, even on loopback', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://x@127.0.0.1/db' })).toMatchObject({ demo: false });
  });

  it('knows loopback addresses', () => {
    expect(isLoopbackHost('127.0.0.1')).toBe(true);
    expect(isLoopbackHost('128.0.0.1')).toBe(false);
    expect(isLoopbackHost('127.0.0.1.evil.example')).toBe(false);
  });
});

describe.each(testDatabases)('exposed demo logins on $name', (database) => {
  let db: Db;
  beforeEach(async () => {
    db = await database.open();
  });
  afterEach(async () => {
    await db.close();
  });

  it('lists the demo logins that still open with their public password, and none once dealt with', async () => {
    expect(await exposedDemoLogins(db)).toEqual([]);
    const ctx = createContext(loadConfig({}), db, 'test');
    await seedDemo(ctx);
    // Its chains sealed before the database closes, not by a timer after it.
    await ctx.sealer.close();
    expect((await exposedDemoLogins(db)).map((l) => l.login)).toEqual([
      'admin',
      'manager',
      'cashier',
      'cashier2',
      'other',
    ]);

    const admin = (await findUserByLogin(db.kysely, 'admin'))!;
    await setPasswordHash(db.kysely, admin.id, await hashPassword('a private admin password'));
    const manager = (await findUserByLogin(db.kysely, 'manager'))!;
    await updateUser(db.kysely, manager.id, { blocked: true });
    const exposed = await exposedDemoLogins(db);
    expect(exposed.map((l) => l.login)).toEqual(['cashier', 'cashier2', 'other']);

    expect(demoLoginWarning(exposed, true)).toMatch(
      /cashier\/cashier123.*anyone who can reach it can sign in/,
    );
    expect(demoLoginWarning(exposed, false)).toMatch(/never for a venue/);
  });
});
