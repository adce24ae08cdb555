// Logins cannot impersonate each other (docs/security.md, "Logins"): a new login is stored in Unicode
// NFKC without surrounding spaces, is unique whatever its case or look-alike letters (its confusable
// skeleton, UTS #39), and holds no spaces, control, invisible or filler characters; sign-in finds the user
// whatever case, form or look-alike the login is typed in.
import { ERR } from '@cashdesk/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { signedInAs } from '../back-office/support.js';
import { testDatabases } from '../helpers/databases.js';
import { createVenue } from '../helpers/factories.js';
import { useTestServer } from '../helpers/test-server-suite.js';

describe.each(testDatabases)('logins on $name', (database) => {
  let create: (login: string) => Promise<{ status: number; body: unknown }>;

  const suite = useTestServer(database);
  beforeAll(async () => {
    const venue = await createVenue(suite.db);
    const admin = await signedInAs(suite.server, suite.db, 'admin', null);
    create = (login) =>
      admin.client.post('/a/admin/user', {
        login,
        name: 'Someone',
        role: 'cashier',
        account_id: venue.id,
        password: 'a quiet long river',
        restrictions: [],
      });
  });

  it('refuses a login that differs from an existing one only by case, spaces or Unicode form', async () => {
    const created = await create('  Head_Cashier ');
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ login: 'Head_Cashier' });
    for (const lookalike of ['head_cashier', 'HEAD_CASHIER', 'Head_Cashier ', 'Ｈｅａｄ＿Ｃａｓｈｉｅｒ']) {
      const res = await create(lookalike);
      expect([lookalike, res.status, res.body]).toEqual([lookalike, 422, { err: ERR.loginTaken }]);
    }
  });

  it('refuses a login that only looks like an existing one: other scripts, a dotless i, 1 for l', async () => {
    expect((await create('till_lead')).status).toBe(200);
    // Cyrillic і and е, Turkish ı, the digit 1 (compared in lower case: docs/security.md says what that leaves).
    for (const lookalike of [
      't\u0456ll_lead',
      'till_l\u0435ad',
      't\u0131ll_lead',
      'ti1l_lead',
      'TILL_LEAD',
    ]) {
      const res = await create(lookalike);
      expect([lookalike, res.status, res.body]).toEqual([lookalike, 422, { err: ERR.loginTaken }]);
    }
  });

  it.each([
    'two words',
    'tab\there',
    'zero\u200bwidth',
    'bell\u0007',
    'rtl\u202eoverride',
    // Default-ignorable and filler characters: nothing shows, or only a blank.
    'cashier\u034f',
    'cashier\u17b4',
    'cashier\u3164',
    'cashier\u115f',
    'cashier\uffa0',
    'cashier\u2800',
  ])('refuses %j: no spaces, control or invisible characters', async (login) => {
    const res = await create(login);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ err: ERR.validation });
  });

  it('signs in whatever case, form or look-alike the login is typed in', async () => {
    expect((await create('Floor_Lead')).status).toBe(200);
    // A look-alike finds the one user it looks like, who still needs the password: a Cyrillic о.
    for (const typed of ['floor_lead', ' FLOOR_LEAD ', 'ｆｌｏｏｒ＿ｌｅａｄ', 'fl\u043eor_lead']) {
      const res = await suite.server.client().signIn(typed, 'a quiet long river');
      expect([typed, res.status, res.body]).toEqual([
        typed,
        200,
        expect.objectContaining({ login: 'Floor_Lead' }),
      ]);
    }
  });
});
