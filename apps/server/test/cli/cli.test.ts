// The operator CLI, driven in-process through runCli on every test database.
import { randomBytes } from 'node:crypto';
import { ERR, type Account, type User } from '@cashdesk/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../src/auth/password.js';
import type { Db } from '../../src/db/database.js';
import { verifyLedger } from '../../src/ledger/verify.js';
import { runCliCaptured, type CliRun as Run } from '../helpers/cli.js';
import { testDatabases } from '../helpers/databases.js';
import { createTestUser } from '../helpers/factories.js';
import { startTestServer } from '../helpers/server.js';
import { answer, cashierClient, linkCabinet, sendEvent } from '../helpers/cashier.js';

describe.each(testDatabases)('operator CLI on $name', (database) => {
  let db: Db;
  beforeEach(async () => {
    db = await database.open();
  });
  afterEach(async () => {
    expect(await verifyLedger(db)).toEqual([]);
    await db.close();
  });

  const cli = (...argv: string[]): Promise<Run> => runCliCaptured(db, argv);

  /** Runs a command that must succeed with --json and returns its parsed result. */
  async function json<T>(...argv: string[]): Promise<T> {
    const run = await cli(...argv, '--json');
    expect(run.err).toBe('');
    expect(run.code).toBe(0);
    return JSON.parse(run.out) as T;
  }

  async function venue(...flags: string[]): Promise<Account> {
    return json<Account>('account:create', '--name', 'Venue', ...flags);
  }

  async function floatOf(accountId: number): Promise<number> {
    const row = await db.kysely
      .selectFrom('accounts')
      .select('balance_cents')
      .where('id', '=', accountId)
      .executeTakeFirstOrThrow();
    return row.balance_cents;
  }

  async function operationCount(): Promise<number> {
    const row = await db.kysely
      .selectFrom('operations')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async function userRow(login: string) {
    return db.kysely.selectFrom('users').selectAll().where('login', '=', login).executeTakeFirstOrThrow();
  }

  describe('help and mistakes on the command line', () => {
    it('prints help with every command and exits 0', async () => {
      const run = await cli('help');
      expect(run.code).toBe(0);
      for (const name of ['account:create', 'float:top-up', 'user:password', 'verify']) {
        expect(run.out).toContain(name);
      }
      expect((await cli('help', 'float:withdraw')).out).toContain('float:withdraw <accountId> <amount>');
    });

    it('refuses an unknown command, an unknown flag and a missing argument with exit 2', async () => {
      expect(await cli('account:delete', '1')).toEqual({
        code: 2,
        out: '',
        err: "error: unknown command 'account:delete' (run 'help' for the list)\n",
      });
      const flag = await cli('account:list', '--colour', 'red');
      expect(flag).toMatchObject({
        code: 2,
        err: "error: account:list: unknown flag --colour (see 'help account:list')\n",
      });
      expect(await cli('float:top-up', '1', '--reason', 'x')).toMatchObject({
        code: 2,
        err: 'error: float:top-up: missing <amount>\n',
      });
      expect(await cli('account:create')).toMatchObject({
        code: 2,
        err: 'error: account:create: missing --name\n',
      });
    });

    it('writes errors as JSON under --json', async () => {
      const run = await cli('user:block', 'nobody', '--json');
      expect(run.code).toBe(1);
      expect(JSON.parse(run.err)).toEqual({ error: "unknown login 'nobody'" });
    });
  });

  describe('accounts', () => {
    it('creates an account from units and lists it', async () => {
      const account = await json<Account>(
        'account:create',
        '--name',
        'Seaside',
        '--currency',
        'EUR',
        '--overdraft',
        '1000.00',
        '--has-overdraft',
        '--home-play',
        '--min',
        '1.00',
        '--max',
        '5000.00',
        '--final-bonus-bps',
        '1000',
      );
      expect(account).toMatchObject({
        name: 'Seaside',
        currency: 'EUR',
        balance: 0,
        overdraft: 100_000,
        has_overdraft: true,
        home_play: true,
        min_amount: 100,
        max_amount: 500_000,
        final_bonus_rate_bps: 1000,
      });
      const human = await cli('account:list');
      expect(human.code).toBe(0);
      expect(human.out).toContain('Seaside');
      expect(human.out).toContain('1000.00 EUR');
      expect(await json<Account[]>('account:list')).toEqual([account]);
    });

    it('refuses a bad overdraft, min above max and an unknown currency', async () => {
      expect(await cli('account:create', '--name', 'X', '--overdraft', '1.234')).toMatchObject({
        code: 2,
        err: expect.stringContaining("bad --overdraft '1.234'"),
      });
      expect(await cli('account:create', '--name', 'X', '--min', '10', '--max', '5')).toMatchObject({
        code: 2,
        err: expect.stringContaining('--min: min_amount must not exceed max_amount'),
      });
      expect(await cli('account:create', '--name', 'X', '--currency', 'EURO')).toMatchObject({
        code: 2,
        err: expect.stringContaining('--currency: must be a 3-letter ISO currency code'),
      });
      expect(await json<Account[]>('account:list')).toEqual([]);
    });

    it('sets the per-event ceiling with --max-event, and a game event above it is refused', async () => {
      const account = await venue('--max-event', '250.00');
      expect(account).toMatchObject({ max_event_amount: 250_00 });
      expect(await json<Account>('account:set', String(account.id), '--max-event', '100.50')).toMatchObject({
        max_event_amount: 100_50,
      });
      expect(await cli('account:set', String(account.id), '--max-event', '0')).toMatchObject({ code: 2 });

      // A cabinet of the venue, enrolled and linked through the server on the same database.
      const server = await startTestServer(db, { config: { enrollmentOpen: true } });
      try {
        const installer = (await cashierClient(server, db, account.id)).client;
        const cabinet = await linkCabinet(server, installer);
        expect(answer(await sendEvent(cabinet, { place: 1, type: 2, amount: 100_51 }))).toEqual({
          status: 422,
          body: { err: ERR.maxAmount, max_amount: 100_50 },
        });
        expect((await sendEvent(cabinet, { place: 1, type: 2, amount: 100_50 })).status).toBe(200);
      } finally {
        await server.close();
      }
    });

    it('changes settings and blocks, and refuses an overdraft below the current float', async () => {
      const account = await venue('--overdraft', '100', '--has-overdraft');
      const updated = await json<Account>(
        'account:set',
        String(account.id),
        '--hard-block',
        'true',
        '--light-block',
        'yes',
        '--max',
        '250.50',
        '--name',
        'Renamed',
      );
      expect(updated).toMatchObject({
        name: 'Renamed',
        is_hard_block_home_play: true,
        is_light_block_home_play: true,
        max_amount: 25_050,
        overdraft: 10_000,
      });
      // Cash-drawer shifts on and off (docs/api.md, "Shifts").
      expect(await json<Account>('account:set', String(account.id), '--shifts', 'true')).toMatchObject({
        shifts: true,
      });
      expect(await json<Account>('account:set', String(account.id), '--shifts', 'false')).toMatchObject({
        shifts: false,
      });
      expect(await cli('account:set', String(account.id), '--home-play', 'maybe')).toMatchObject({
        code: 2,
        err: "error: bad --home-play 'maybe': expected true or false\n",
      });
      expect(await cli('account:set', String(account.id))).toMatchObject({ code: 2 });
      expect(await cli('account:set', '999', '--name', 'Y')).toMatchObject({
        code: 1,
        err: 'error: unknown account 999\n',
      });

      // Float at -60.00 within the 100.00 overdraft: switching the overdraft off would break the limit.
      expect((await cli('float:withdraw', String(account.id), '60', '--reason', 'r')).code).toBe(0);
      const refused = await cli('account:set', String(account.id), '--has-overdraft', 'false');
      expect(refused.code).toBe(1);
      expect(refused.err).toContain('refused: the float is -60.00 EUR, below the new limit of 0.00 EUR');
      expect((await json<Account[]>('account:list'))[0]).toMatchObject({ has_overdraft: true });
      expect((await cli('float:top-up', String(account.id), '60', '--reason', 'r')).code).toBe(0);
    });
  });

  describe('float moves', () => {
    it('tops up and withdraws through the ledger with the reason recorded', async () => {
      const account = await venue();
      const id = String(account.id);
      const top = await cli('float:top-up', id, '100.50', '--reason', 'opening float');
      expect(top.code).toBe(0);
      expect(top.out).toContain('topped up 100.50 EUR');
      expect(top.out).toContain('float now 100.50 EUR');
      const out = await json<{ delta: number; balance: number; trx: string }>(
        'float:withdraw',
        id,
        '20.25',
        '--reason',
        'bank run',
      );
      expect(out).toMatchObject({ delta: -2025, balance: 8025 });
      expect(await floatOf(account.id)).toBe(8025);

      const ops = await db.kysely
        .selectFrom('operations')
        .select(['kind', 'reason', 'user_id', 'scope'])
        .orderBy('id')
        .execute();
      expect(ops).toEqual([
        { kind: 'float_top_up', reason: 'opening float', user_id: null, scope: 'operator' },
        { kind: 'float_withdraw', reason: 'bank run', user_id: null, scope: 'operator' },
      ]);
      expect(await cli('verify')).toEqual({ code: 0, out: 'ledger OK\n', err: '' });
    });

    it('refuses a withdraw past the limit with a clear message and exit 1, moving nothing', async () => {
      const account = await venue('--overdraft', '50', '--has-overdraft');
      const id = String(account.id);
      await cli('float:top-up', id, '100', '--reason', 'opening');
      const run = await cli('float:withdraw', id, '150.01', '--reason', 'too much');
      expect(run.code).toBe(1);
      expect(run.err).toBe(
        'error: refused: overdraft: withdrawing 150.01 EUR would take the float of account ' +
          `${id} from 100.00 EUR to -50.01 EUR, below its limit -50.00 EUR\n`,
      );
      expect(await floatOf(account.id)).toBe(100_00);
      // Exactly to the limit is allowed.
      expect((await cli('float:withdraw', id, '150', '--reason', 'to the limit')).code).toBe(0);
      expect(await floatOf(account.id)).toBe(-50_00);
    });

    it.each(['12.345', '-5', 'abc', '0', ''])('refuses the amount %j with exit 2', async (amount) => {
      const account = await venue();
      const run = await cli('float:top-up', String(account.id), amount, '--reason', 'r');
      expect(run.code).toBe(2);
      expect(run.err).toMatch(amount === '0' ? /bad input: amount: must not be 0/ : /bad amount/);
      if (amount !== '0') {
        expect(run.err).toBe(
          `error: bad amount '${amount}': expected a positive amount in units with at most 2 decimals, e.g. 12.50\n`,
        );
      }
      expect(await operationCount()).toBe(0);
      expect(await floatOf(account.id)).toBe(0);
    });

    it('refuses an unknown account, a missing reason and a bad trx', async () => {
      expect(await cli('float:top-up', '42', '10', '--reason', 'r')).toMatchObject({
        code: 1,
        err: 'error: unknown account 42\n',
      });
      const account = await venue();
      expect(await cli('float:top-up', String(account.id), '10')).toMatchObject({
        code: 2,
        err: 'error: float:top-up: missing --reason\n',
      });
      expect(
        await cli('float:top-up', String(account.id), '10', '--reason', 'r', '--trx', 'x'),
      ).toMatchObject({
        code: 2,
        err: expect.stringContaining('--trx: must be 8 to 64 characters'),
      });
      expect(await cli('float:top-up', String(account.id), '10', '--reason', '   ')).toMatchObject({
        code: 2,
        err: expect.stringContaining('--reason: a reason is required'),
      });
    });

    it('records its changes in the audit log as the operator, like the back office does', async () => {
      const account = await venue();
      const id = String(account.id);
      await cli('float:top-up', id, '25', '--reason', 'till opened');
      await cli('account:set', id, '--hard-block', 'true');
      const entries = await db.kysely
        .selectFrom('audit_log')
        .select(['action', 'actor_user_id', 'actor_login', 'before_json', 'after_json', 'reason'])
        .where('account_id', '=', account.id)
        .orderBy('id')
        .execute();
      expect(entries).toEqual([
        expect.objectContaining({ action: 'account.create', actor_user_id: null, actor_login: 'operator' }),
        expect.objectContaining({
          action: 'account.float_move',
          before_json: '{"balance":0}',
          after_json: '{"balance":2500}',
          reason: 'till opened',
        }),
        expect.objectContaining({
          action: 'account.update',
          before_json: '{"is_hard_block_home_play":false}',
          after_json: '{"is_hard_block_home_play":true}',
          actor_login: 'operator',
        }),
      ]);
    });

    it('does a move once per --trx and refuses the same trx for another move', async () => {
      const account = await venue();
      const id = String(account.id);
      const trx = `ops-${randomBytes(6).toString('hex')}`;
      expect((await cli('float:top-up', id, '10', '--reason', 'r', '--trx', trx)).code).toBe(0);
      expect((await cli('float:top-up', id, '10', '--reason', 'r', '--trx', trx)).code).toBe(0);
      expect(await floatOf(account.id)).toBe(10_00);
      const conflict = await cli('float:top-up', id, '11', '--reason', 'r', '--trx', trx);
      expect(conflict.code).toBe(1);
      expect(conflict.err).toContain(`refused: trx conflict: trx '${trx}' was already used`);
      expect(await floatOf(account.id)).toBe(10_00);
    });
  });

  describe('users', () => {
    it('creates a user with restrictions and a hashed password, and lists it', async () => {
      const account = await venue();
      const user = await json<User & { blocked: boolean }>(
        'user:create',
        '--login',
        'alice',
        '--name',
        'Alice A.',
        '--role',
        'cashier',
        '--account',
        String(account.id),
        '--password',
        'correct-horse',
        '--restrictions',
        'can_view_history_reports, can_edit_device',
      );
      expect(user).toMatchObject({
        login: 'alice',
        name: 'Alice A.',
        role: 'cashier',
        account_id: account.id,
        restrictions: ['can_edit_device', 'can_view_history_reports'],
        blocked: false,
      });
      const row = await userRow('alice');
      expect(await verifyPassword(row.password_hash, 'correct-horse')).toBe(true);
      expect(row.password_hash).not.toContain('correct-horse');

      const list = await cli('user:list', '--account', String(account.id));
      expect(list.code).toBe(0);
      expect(list.out).toContain('alice');
      expect(await json<User[]>('user:list', '--account', String(account.id + 1))).toEqual([]);
    });

    it('refuses a duplicate login, an unknown account, a short password and a bad role or restriction', async () => {
      const account = await venue();
      const base = [
        'user:create',
        '--role',
        'cashier',
        '--account',
        String(account.id),
        '--password',
        'long-enough',
      ];
      expect((await cli(...base, '--login', 'bob')).code).toBe(0);
      expect(await cli(...base, '--login', 'bob')).toMatchObject({
        code: 1,
        err: "error: login 'bob' is already taken\n",
      });
      expect(
        await cli(
          'user:create',
          '--login',
          'carol',
          '--role',
          'cashier',
          '--account',
          '77',
          '--password',
          'long-enough',
        ),
      ).toMatchObject({ code: 1, err: 'error: unknown account 77\n' });
      expect(
        await cli('user:create', '--login', 'carol', '--role', 'cashier', '--password', 'long-enough'),
      ).toMatchObject({ code: 2, err: 'error: user:create: --account is required for a cashier\n' });
      expect(await cli(...base.slice(0, 5), '--login', 'carol', '--password', 'short')).toMatchObject({
        code: 2,
        err: 'error: bad input: password: password must have at least 8 characters\n',
      });
      expect(await cli(...base, '--login', 'carol', '--password', 'other-one')).toMatchObject({
        code: 2,
        err: 'error: user:create: --password given twice\n',
      });
      expect(
        await cli('user:create', '--login', 'carol', '--role', 'boss', '--password', 'long-enough'),
      ).toMatchObject({ code: 2, err: expect.stringContaining('--role: Invalid option') });
      expect(await cli(...base, '--login', 'carol', '--restrictions', 'can_fly')).toMatchObject({
        code: 2,
        err: expect.stringContaining("unknown restriction 'can_fly'"),
      });
      expect((await json<User[]>('user:list')).map((u) => u.login)).toEqual(['bob']);
    });

    it('creates an admin without an account', async () => {
      const admin = await json<User>(
        'user:create',
        '--login',
        'root',
        '--role',
        'admin',
        '--password',
        'long-enough',
      );
      expect(admin).toMatchObject({ role: 'admin', account_id: null, name: 'root' });
    });

    it('blocks and unblocks a user', async () => {
      const account = await venue();
      const user = await createTestUser(db, { account_id: account.id, login: 'dave' });
      const blocked = await cli('user:block', 'dave');
      expect(blocked.code).toBe(0);
      expect(blocked.out).toContain('blocked');
      expect((await userRow('dave')).blocked).toBe(1);
      expect(await json<{ blocked: boolean; id: number }>('user:unblock', 'dave')).toMatchObject({
        id: user.id,
        blocked: false,
      });
      expect((await userRow('dave')).blocked).toBe(0);
      expect(await cli('user:block', 'nobody')).toMatchObject({
        code: 1,
        err: "error: unknown login 'nobody'\n",
      });
    });

    it("resets a password and revokes that user's sessions only", async () => {
      const account = await venue();
      const erin = await createTestUser(db, { account_id: account.id, login: 'erin' });
      const frank = await createTestUser(db, { account_id: account.id, login: 'frank' });
      const now = Date.now();
      const session = (user_id: number, token: string) => ({
        token_hash: token,
        user_id,
        remember: 0 as const,
        created_at_ms: now,
        last_seen_at_ms: now,
        expires_at_ms: now + 3_600_000,
      });
      await db.kysely
        .insertInto('sessions')
        .values([session(erin.id, 'e1'), session(erin.id, 'e2'), session(frank.id, 'f1')])
        .execute();

      const run = await cli('user:password', 'erin', 'new-secret-1');
      expect(run).toEqual({ code: 0, out: "password of 'erin' changed; 2 session(s) revoked\n", err: '' });
      expect(await verifyPassword((await userRow('erin')).password_hash, 'new-secret-1')).toBe(true);
      const left = await db.kysely.selectFrom('sessions').select('token_hash').execute();
      expect(left).toEqual([{ token_hash: 'f1' }]);

      expect(await cli('user:password', 'erin', 'short')).toMatchObject({ code: 2 });
      expect(await cli('user:password', 'nobody', 'long-enough')).toMatchObject({ code: 1 });
    });

    it('refuses weak passwords in user:create and user:password: common ones, the login, guessable ones, the current one', async () => {
      const account = await venue();
      const create = (login: string, password: string) =>
        cli(
          'user:create',
          '--login',
          login,
          '--role',
          'cashier',
          '--account',
          String(account.id),
          '--password',
          password,
        );
      const weak = (reason: string) => ({
        code: 1,
        out: '',
        err: expect.stringContaining(reason) as unknown,
      });
      expect(await create('hana', 'password1')).toEqual({
        code: 1,
        out: '',
        err: 'error: refused: weak password (common): it is among the most common passwords; choose another\n',
      });
      expect(await create('hana', 'Ｐａｓｓｗｏｒｄ１')).toEqual(weak('common'));
      expect(await create('hana_vale', 'hana_vale')).toEqual(weak('login'));
      expect(await create('hana_vale', 'my hana_vale 99')).toEqual(weak('login'));
      expect(await create('hana', 'a1a1a1a1')).toEqual({
        code: 1,
        out: '',
        err:
          'error: refused: weak password (guessable): it is too easy to guess (a repeat, a sequence, a keyboard ' +
          'pattern or a word with digits); choose another\n',
      });
      expect(
        await db.kysely.selectFrom('users').select('id').where('login', 'like', 'hana%').execute(),
      ).toEqual([]);

      expect((await create('hana', 'a quiet long river')).code).toBe(0);
      const hashBefore = (await userRow('hana')).password_hash;
      expect(await cli('user:password', 'hana', 'iloveyou')).toEqual(weak('common'));
      expect(await cli('user:password', 'hana', 'HANA-hana-hana')).toEqual(weak('login'));
      expect(await cli('user:password', 'hana', 'cashier123')).toEqual(weak('guessable'));
      expect(await cli('user:password', 'hana', 'a quiet long river')).toEqual(weak('current'));
      expect((await userRow('hana')).password_hash).toBe(hashBefore);
      expect((await cli('user:password', 'hana', 'another quiet river')).code).toBe(0);
    });

    it('replaces restrictions and clears them with none', async () => {
      const account = await venue();
      await createTestUser(db, { account_id: account.id, login: 'gina', restrictions: ['can_edit_device'] });
      expect(
        await json<User>('user:restrictions', 'gina', 'disable_daily_total,can_register_new_device'),
      ).toMatchObject({ restrictions: ['can_register_new_device', 'disable_daily_total'] });
      expect(await json<User>('user:restrictions', 'gina', 'none')).toMatchObject({ restrictions: [] });
      expect(await cli('user:restrictions', 'gina', 'can_fly')).toMatchObject({ code: 2 });
    });
  });

  describe('verify', () => {
    it('prints ledger OK on clean books', async () => {
      const account = await venue();
      await cli('float:top-up', String(account.id), '5', '--reason', 'r');
      expect(await cli('verify')).toEqual({ code: 0, out: 'ledger OK\n', err: '' });
      expect(await json('verify')).toEqual({ ok: true, mismatches: [] });
    });

    it('prints every mismatch and exits 1 when a balance was changed behind the ledger', async () => {
      const account = await venue();
      await cli('float:top-up', String(account.id), '5', '--reason', 'r');
      await db.kysely
        .updateTable('accounts')
        .set({ balance_cents: 7_00 })
        .where('id', '=', account.id)
        .execute();
      const run = await cli('verify');
      expect(run.code).toBe(1);
      expect(run.out).toBe(
        `ledger MISMATCH (1):\n  float of account ${account.id}: stored 7.00, ledger says 5.00\n`,
      );
      // Put the books back so the suite's own verify holds.
      await db.kysely
        .updateTable('accounts')
        .set({ balance_cents: 5_00 })
        .where('id', '=', account.id)
        .execute();
    });
  });
});
