// Changes to users from the back office (and the operator CLI): create, rename, move, block, password,
// restrictions. Each change and its audit entry share one transaction; a password never reaches the log.
import { ERR, type BackOfficeUser, type Restriction, type Role } from '@cashdesk/contract';
import { findAccount } from '../../accounts/index.js';
import {
  assertAcceptablePassword,
  type AuthCache,
  deleteUserSessions,
  hashPassword,
  revokingTransaction,
} from '../../auth/index.js';
import type { Db } from '../../db/database.js';
import { isUniqueViolation } from '../../db/errors.js';
import type { UserRow } from '../../db/schema.js';
import { ApiError } from '../../http/api-error.js';
import { publishAfterCommit, userChange, type ChangePublisher } from '../../live/change-feed.js';
import type { Tx } from '../../db/database.js';
import {
  createUser,
  findUserById,
  findUserByLogin,
  lockUser,
  setPasswordHash,
  setRestrictions,
  toUser,
  updateUser,
} from '../../users/index.js';
import type { Actor } from '../access.js';
import { recordAudit, recordChanges, type Snapshot } from '../audit/audit.repository.js';

export function toBackOfficeUser(row: UserRow): BackOfficeUser {
  return {
    ...toUser(row),
    blocked: row.blocked === 1,
    created_at: new Date(row.created_at_ms).toISOString(),
  };
}

function snapshotOf(row: UserRow): Snapshot {
  const { id: _id, created_at: _created, ...fields } = toBackOfficeUser(row);
  return fields;
}

/** Admins belong to no account; cashiers and managers to exactly one (else they could do nothing). */
function checkRoleAccount(role: Role, accountId: number | null): void {
  if (role === 'admin' && accountId !== null) {
    throw ApiError.validation('account_id', 'an admin belongs to no account');
  }
  if (role !== 'admin' && accountId === null) {
    throw ApiError.validation('account_id', `a ${role} needs an account`);
  }
}

async function requireAccountExists(tx: Tx, accountId: number | null): Promise<void> {
  if (accountId !== null && !(await findAccount(tx, accountId))) {
    throw ApiError.validation('account_id', 'no such account');
  }
}

export interface NewUserInput {
  login: string;
  name: string;
  role: Role;
  account_id: number | null;
  password: string;
  restrictions: readonly Restriction[];
}

export async function createUserAudited(
  db: Db,
  input: { user: NewUserInput; actor: Actor; reason?: string; now_ms: number },
): Promise<UserRow> {
  const { password, ...fields } = input.user;
  checkRoleAccount(fields.role, fields.account_id);
  await assertAcceptablePassword(password, { login: fields.login });
  // Argon2 is slow on purpose: hash before the transaction, so no lock waits for it.
  const password_hash = await hashPassword(password);
  try {
    return await db.kysely.transaction().execute(async (tx) => {
      await requireAccountExists(tx, fields.account_id);
      if (await findUserByLogin(tx, fields.login)) throw new ApiError(ERR.loginTaken);
      const row = await createUser(tx, { ...fields, password_hash }, input.now_ms);
      await recordAudit(tx, {
        actor: input.actor,
        action: 'user.create',
        target_type: 'user',
        target_id: row.id,
        account_id: row.account_id,
        before: null,
        after: snapshotOf(row),
        reason: input.reason ?? null,
        now_ms: input.now_ms,
      });
      return row;
    });
  } catch (error) {
    // Another writer took the login between the check and the insert.
    if (isUniqueViolation(error)) throw new ApiError(ERR.loginTaken);
    throw error;
  }
}

export interface UserChange {
  user_id: number;
  actor: Actor;
  reason?: string;
  now_ms: number;
  /** Throws when the caller may not touch this user (runs on the locked row, inside the transaction). */
  allow?: (user: UserRow) => void;
}

/**
 * Locks the user, lets `allow` refuse, applies `apply` and records what changed under `action`; for a
 * change the snapshot cannot show (a password), `record` is what to log instead of a diff.
 */
async function auditedUserChange(
  db: Db,
  auth: AuthCache,
  change: UserChange,
  action: 'user.update' | 'user.set_password' | 'user.set_restrictions',
  apply: (tx: Tx, user: UserRow) => Promise<UserRow | undefined>,
  record?: { before: Snapshot | null; after: Snapshot },
): Promise<UserRow> {
  // Any change (blocked, account, password, restrictions, name) reaches the user's cached sessions at once.
  return revokingTransaction(db, auth, async (tx, revoke) => {
    const current = await lockUser(tx, db.dialect, change.user_id);
    if (!current) throw new ApiError(ERR.notFound);
    change.allow?.(current);
    const updated = (await apply(tx, current)) ?? current;
    const entry = {
      actor: change.actor,
      action,
      target_type: 'user' as const,
      target_id: updated.id,
      // The entry belongs to the account the user ends up in; a move shows the old one in `before`.
      account_id: updated.account_id,
      reason: change.reason ?? null,
      now_ms: change.now_ms,
    };
    if (record) await recordAudit(tx, { ...entry, ...record });
    else await recordChanges(tx, entry, snapshotOf(current), snapshotOf(updated));
    await revoke({ user: current.id });
    return updated;
  });
}

export function updateUserAudited(
  db: Db,
  auth: AuthCache,
  change: UserChange,
  patch: { name?: string; account_id?: number | null; blocked?: boolean },
): Promise<UserRow> {
  return auditedUserChange(db, auth, change, 'user.update', async (tx, user) => {
    if (patch.blocked === true && user.id === change.actor.user_id) {
      throw ApiError.validation('blocked', 'you cannot block yourself');
    }
    if (patch.account_id !== undefined) {
      checkRoleAccount(user.role, patch.account_id);
      await requireAccountExists(tx, patch.account_id);
    }
    // A blocked user's sessions are refused at once, every call answered 403 `user blocked` (guards.ts;
    // the revocation below reaches every process's cache), so a till in use tells its cashier they were
    // blocked rather than that their session expired. They end when the user is unblocked: a session
    // of before the block never works again.
    if (patch.blocked === false && user.blocked === 1) await deleteUserSessions(tx, user.id);
    return updateUser(tx, user.id, patch);
  });
}

/** Sets a new password and signs the user out everywhere (contract: set_password revokes sessions). */
export async function setPasswordAudited(
  db: Db,
  auth: AuthCache,
  change: UserChange,
  password: string,
): Promise<UserRow> {
  // Checked and hashed before the transaction (both are slow on purpose); a user gone meanwhile is the
  // transaction's 404. `allow` first: whoever may not touch the user learns nothing of their password.
  const current = await findUserById(db.kysely, change.user_id);
  if (current) {
    change.allow?.(current);
    await assertAcceptablePassword(password, { login: current.login, currentHash: current.password_hash });
  }
  const hash = await hashPassword(password);
  return auditedUserChange(
    db,
    auth,
    change,
    'user.set_password',
    async (tx, user) => {
      await setPasswordHash(tx, user.id, hash);
      await deleteUserSessions(tx, user.id);
      return user;
    },
    { before: null, after: { password: 'changed', sessions: 'revoked' } },
  );
}

/**
 * Replaces a user's restrictions and tells that user's open terminals (docs/live-updates.md), so a right
 * taken away hides its controls at once instead of answering Forbidden until a reload. Every writer (the
 * back office's two routes, the CLI's `user:restrictions`) comes through here.
 */
export function setRestrictionsAudited(
  db: Db,
  auth: AuthCache,
  changes: ChangePublisher,
  change: UserChange,
  restrictions: readonly Restriction[],
): Promise<UserRow> {
  return publishAfterCommit(
    changes,
    () =>
      auditedUserChange(db, auth, change, 'user.set_restrictions', (tx, user) =>
        setRestrictions(tx, user.id, restrictions),
      ),
    // Only a venue's users have terminals on its stream.
    (user) => (user.account_id === null ? null : userChange(user.account_id, user.id)),
  );
}
