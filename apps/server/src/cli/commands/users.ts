// user:create, user:list, user:password, user:block, user:unblock, user:restrictions: the back office's
// user changes (back-office/users/user-admin.ts), audited as made by `operator`.
import {
  createUserRequest,
  ERR,
  RESTRICTIONS,
  setPasswordRequest,
  setRestrictionsRequest,
  type User,
} from '@cashdesk/contract';
import { findAccount } from '../../accounts/accounts.repository.js';
import { OPERATOR } from '../../back-office/access.js';
import {
  createUserAudited,
  setPasswordAudited,
  setRestrictionsAudited,
  updateUserAudited,
} from '../../back-office/users/user-admin.js';
import type { Db } from '../../db/database.js';
import type { UserRow } from '../../db/schema.js';
import { ApiError } from '../../http/api-error.js';
import { countUserSessions } from '../../auth/sessions.repository.js';
import { findUserByLogin, listUsers, toUser } from '../../users/users.repository.js';
import type { Command } from '../command.js';
import { CliError, UsageError } from '../errors.js';
import { table, yesNo } from '../output.js';
import { parseId, parseList, validate } from '../values.js';

const LABELS: Record<string, string> = {
  login: '--login',
  name: '--name',
  role: '--role',
  account_id: '--account',
  password: 'password',
  restrictions: 'restrictions',
};

/** The API's User plus the blocked flag, which operators need to see. */
type UserView = User & { blocked: boolean };
const view = (row: UserRow): UserView => ({ ...toUser(row), blocked: row.blocked === 1 });

function describeUser(u: UserView): string {
  const account = u.account_id === null ? 'no account' : `account ${u.account_id}`;
  const restrictions = u.restrictions.length ? u.restrictions.join(', ') : 'none';
  return `user ${u.id} '${u.login}' (${u.name}): ${u.role}, ${account}${u.blocked ? ', BLOCKED' : ''}; restrictions: ${restrictions}`;
}

async function requireUser(db: Db, login: string): Promise<UserRow> {
  const row = await findUserByLogin(db.kysely, login);
  if (!row) throw new CliError(`unknown login '${login}'`);
  return row;
}

const restrictionHelp = `restrictions: ${RESTRICTIONS.join(', ')}`;

/** Names the unknown restriction (the schema's message lists the options but not what was typed). */
function parseRestrictions(text: string): string[] {
  const names = parseList(text);
  const known: readonly string[] = RESTRICTIONS;
  const unknown = names.find((n) => !known.includes(n));
  if (unknown !== undefined) throw new UsageError(`unknown restriction '${unknown}'; ${restrictionHelp}`);
  return names;
}

const userCreate: Command = {
  name: 'user:create',
  usage:
    'user:create --login <login> --role cashier|manager|admin --password <password> [--name <name>] [--account <id>] [--restrictions a,b]',
  summary: 'create a user; cashiers and managers belong to an account',
  details: ['The password needs at least 8 characters. --name defaults to the login.', restrictionHelp],
  positionals: [],
  flags: {
    login: 'string',
    name: 'string',
    role: 'string',
    account: 'string',
    password: 'string',
    restrictions: 'string',
  },
  async run(args, { db, clock, print }) {
    const login = args.required('login');
    const accountText = args.string('account');
    const request = validate(
      createUserRequest,
      {
        login,
        name: args.string('name') ?? login,
        role: args.required('role'),
        account_id: accountText === undefined ? null : parseId('--account', accountText),
        password: args.required('password'),
        restrictions: parseRestrictions(args.string('restrictions') ?? ''),
      },
      LABELS,
    );
    // A cashier or manager without an account can do nothing (contract: 'user dont have account').
    if (request.role !== 'admin' && request.account_id === null) {
      throw new UsageError(`user:create: --account is required for a ${request.role}`);
    }
    if (request.account_id !== null && !(await findAccount(db.kysely, request.account_id))) {
      throw new CliError(`unknown account ${request.account_id}`);
    }
    if (await findUserByLogin(db.kysely, request.login)) {
      throw new CliError(`login '${request.login}' is already taken`);
    }
    // The back office's create: the same rules and an audit entry by `operator`.
    const row = await createUserAudited(db, { user: request, actor: OPERATOR, now_ms: clock.now() }).catch(
      (error: unknown) => {
        // Another writer took the login between the check above and this insert.
        if (error instanceof ApiError && error.err === ERR.loginTaken) {
          throw new CliError(`login '${request.login}' is already taken`);
        }
        if (error instanceof ApiError && error.err === ERR.validation) {
          const [issue] = (error.details.issues as { path: string; message: string }[] | undefined) ?? [];
          throw new UsageError(
            `user:create: ${LABELS[issue?.path ?? ''] ?? 'input'}: ${issue?.message ?? ''}`,
          );
        }
        throw explainWeakPassword(error);
      },
    );
    const user = view(row);
    print.result(user, () => `created ${describeUser(user)}`);
  },
};

/** Why the shared password rules (auth/password-policy.ts) refused a password, by their `reason`. */
const WEAK_PASSWORD_WHY: Readonly<Record<string, string>> = {
  common: 'it is among the most common passwords',
  login: 'it is the login or holds it',
  guessable: 'it is too easy to guess (a repeat, a sequence, a keyboard pattern or a word with digits)',
  current: 'it is the current password',
};

/**
 * A 422 `weak password` as a refusal the operator can act on (exit 1, the reason named); any other
 * error as it is. Without it the CLI would print the bare error text as an unexpected error.
 */
function explainWeakPassword(error: unknown): unknown {
  if (!(error instanceof ApiError) || error.err !== ERR.weakPassword) return error;
  const reason = String(error.details.reason);
  const why = WEAK_PASSWORD_WHY[reason] ?? 'it is too easy to guess';
  return new CliError(`refused: weak password (${reason}): ${why}; choose another`);
}

const userList: Command = {
  name: 'user:list',
  usage: 'user:list [--account <id>]',
  summary: 'list users, optionally of one account',
  positionals: [],
  flags: { account: 'string' },
  async run(args, { db, print }) {
    const accountText = args.string('account');
    const accountId = accountText === undefined ? undefined : parseId('--account', accountText);
    const users = (await listUsers(db.kysely, accountId)).map(view);
    print.result(users, () =>
      users.length === 0
        ? 'no users'
        : table(
            ['id', 'login', 'name', 'role', 'account', 'blocked', 'restrictions'],
            users.map((u) => [
              String(u.id),
              u.login,
              u.name,
              u.role,
              u.account_id === null ? '-' : String(u.account_id),
              yesNo(u.blocked),
              u.restrictions.join(',') || '-',
            ]),
          ),
    );
  },
};

const userPassword: Command = {
  name: 'user:password',
  usage: 'user:password <login> <newPassword>',
  summary: "set a user's password and sign them out everywhere",
  details: [
    'The password needs at least 8 characters, and may not be a common one, one easy to guess, the login or the current one.',
    'Every session of the user is revoked.',
  ],
  positionals: ['<login>', '<newPassword>'],
  flags: {},
  async run(args, { db, auth, clock, print }) {
    const login = args.positional(0);
    const { password } = validate(setPasswordRequest, { password: args.positional(1) }, LABELS);
    const user = await requireUser(db, login);
    const revoked = await countUserSessions(db.kysely, user.id);
    // One transaction: a session never outlives the password it was opened with.
    await setPasswordAudited(
      db,
      auth,
      { user_id: user.id, actor: OPERATOR, now_ms: clock.now() },
      password,
    ).catch((error: unknown) => {
      throw explainWeakPassword(error);
    });
    print.result(
      { ok: true, login, revoked_sessions: revoked },
      () => `password of '${login}' changed; ${revoked} session(s) revoked`,
    );
  },
};

function blockCommand(blocked: boolean): Command {
  const name = blocked ? 'user:block' : 'user:unblock';
  return {
    name,
    usage: `${name} <login>`,
    summary: blocked ? 'block a user: every sign-in and call is refused' : 'unblock a user',
    positionals: ['<login>'],
    flags: {},
    async run(args, { db, auth, clock, print }) {
      const user = await requireUser(db, args.positional(0));
      const change = { user_id: user.id, actor: OPERATOR, now_ms: clock.now() };
      const updated = view(await updateUserAudited(db, auth, change, { blocked }));
      print.result(updated, () => `${blocked ? 'blocked' : 'unblocked'} ${describeUser(updated)}`);
    },
  };
}

const userRestrictions: Command = {
  name: 'user:restrictions',
  usage: 'user:restrictions <login> <a,b,c|none>',
  summary: "replace a user's restrictions (docs/product.md section 6)",
  details: [restrictionHelp],
  positionals: ['<login>', '<restrictions>'],
  flags: {},
  async run(args, { db, auth, clock, changes, print }) {
    const login = args.positional(0);
    const { restrictions } = validate(
      setRestrictionsRequest,
      { restrictions: parseRestrictions(args.positional(1)) },
      LABELS,
    );
    const user = await requireUser(db, login);
    const change = { user_id: user.id, actor: OPERATOR, now_ms: clock.now() };
    const updated = view(await setRestrictionsAudited(db, auth, changes, change, restrictions));
    print.result(updated, () => `updated ${describeUser(updated)}`);
  },
};

export const userCommands: readonly Command[] = [
  userCreate,
  userList,
  userPassword,
  blockCommand(true),
  blockCommand(false),
  userRestrictions,
];
