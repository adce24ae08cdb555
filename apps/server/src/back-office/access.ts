// Who may act in the back office, and on which account: an admin on every account, a manager only on
// the account they belong to, a cashier on nothing (403 `Forbidden` on every back-office call).
import { ERR, idParam } from '@cashdesk/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { findAccount } from '../accounts/index.js';
import { requireRole, userOf } from '../auth/index.js';
import type { AppContext } from '../context.js';
import type { AccountRow, UserRow } from '../db/schema.js';
import { ApiError } from '../http/api-error.js';
import { parse } from '../http/validate.js';

/** Every back-office route: admins and managers only. */
export const requireBackOffice = requireRole('admin', 'manager');
/** Routes under /a/admin/: admins only. */
export const requireAdmin = requireRole('admin');

/** Who made a change, as the audit log records it: a back-office user, or the operator CLI. */
export interface Actor {
  user_id: number | null;
  login: string;
}

export const OPERATOR: Actor = { user_id: null, login: 'operator' };

export function actorOf(request: FastifyRequest): Actor {
  const user = userOf(request);
  return { user_id: user.id, login: user.login };
}

/** The params of a `/a/manager/account/:id/...` route. */
export const accountParams = z.object({ id: idParam });

/** May `user` act on account `accountId`? Checked before the account is looked up, so a manager cannot probe. */
export function mayActOnAccount(user: UserRow, accountId: number): boolean {
  return user.role === 'admin' || (user.role === 'manager' && user.account_id === accountId);
}

/**
 * The account of a `/a/manager/account/:id/...` route, if the caller may act on it: 403 `Forbidden` for
 * a manager of another account, 404 `not found` for an admin naming an account that does not exist.
 */
export function accountInScope(ctx: AppContext, request: FastifyRequest): Promise<AccountRow> {
  request.scopedAccount ??= findAccountInScope(ctx, request);
  return request.scopedAccount;
}

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The lookup of accountInScope, made once per request: the back office's preValidation hook
     * (back-office.routes.ts) and then the handler. Decorated in the back office's plugin only.
     */
    scopedAccount: Promise<AccountRow> | null;
  }
}

/** Decorates the back office's requests for accountInScope: call it on the plugin that holds its routes. */
export function decorateScopedAccount(app: FastifyInstance): void {
  app.decorateRequest('scopedAccount', null);
}

async function findAccountInScope(ctx: AppContext, request: FastifyRequest): Promise<AccountRow> {
  const { id } = parse(accountParams, request.params);
  if (!mayActOnAccount(userOf(request), id)) throw new ApiError(ERR.forbidden);
  const account = await findAccount(ctx.db.kysely, id);
  if (!account) throw new ApiError(ERR.notFound);
  return account;
}
