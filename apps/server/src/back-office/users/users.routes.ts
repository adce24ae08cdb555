// Users in the back office. An admin manages every user under /a/admin/; a manager (or an admin) manages
// the cashiers of one account under /a/manager/account/:id/, which is all a manager may touch.
import {
  createCashierRequest,
  createUserWithReason,
  ERR,
  idParam,
  setPasswordWithReason,
  setRestrictionsWithReason,
  updateCashierRequest,
  updateUserWithReason,
  type BackOfficeUser,
  type Ok,
} from '@cashdesk/contract';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { AccountRow, UserRow } from '../../db/schema.js';
import { ApiError } from '../../http/api-error.js';
import { parse } from '../../http/validate.js';
import { listUsers } from '../../users/users.repository.js';
import { accountInScope, actorOf, requireAdmin } from '../access.js';
import {
  createUserAudited,
  setPasswordAudited,
  setRestrictionsAudited,
  toBackOfficeUser,
  updateUserAudited,
  type UserChange,
} from './user-admin.js';

const userParams = z.object({ id: idParam });
const accountUserParams = z.object({ id: idParam, userId: idParam });

/** A cashier of the account, else 404 (another account's user) or 403 (a manager or admin). */
function onlyCashierOf(account: AccountRow) {
  return (user: UserRow) => {
    if (user.account_id !== account.id) throw new ApiError(ERR.notFound);
    if (user.role !== 'cashier') throw new ApiError(ERR.forbidden);
  };
}

export function usersRoutes(ctx: AppContext): FastifyPluginAsync {
  const change = (request: FastifyRequest, userId: number, reason: string | undefined): UserChange => ({
    user_id: userId,
    actor: actorOf(request),
    now_ms: ctx.clock.now(),
    ...(reason ? { reason } : {}),
  });

  /** The account of a manager-scoped user route, and a change limited to its cashiers. */
  async function cashierChange(request: FastifyRequest, reason: string | undefined) {
    const account = await accountInScope(ctx, request);
    const { userId } = parse(accountUserParams, request.params);
    return { ...change(request, userId, reason), allow: onlyCashierOf(account) };
  }

  return async (app) => {
    // ---- admin: every user --------------------------------------------------------------------------
    app.get('/a/admin/users', { preHandler: requireAdmin }, async (): Promise<BackOfficeUser[]> => {
      return (await listUsers(ctx.db.kysely)).map(toBackOfficeUser);
    });

    app.post('/a/admin/user', { preHandler: requireAdmin }, async (request): Promise<BackOfficeUser> => {
      const { reason, ...user } = parse(createUserWithReason, request.body);
      const row = await createUserAudited(ctx.db, {
        user,
        actor: actorOf(request),
        now_ms: ctx.clock.now(),
        ...(reason ? { reason } : {}),
      });
      return toBackOfficeUser(row);
    });

    app.post('/a/admin/user/:id', { preHandler: requireAdmin }, async (request): Promise<BackOfficeUser> => {
      const { id } = parse(userParams, request.params);
      const { reason, ...patch } = parse(updateUserWithReason, request.body);
      return toBackOfficeUser(await updateUserAudited(ctx.db, change(request, id, reason), patch));
    });

    app.post('/a/admin/user/:id/set_password', { preHandler: requireAdmin }, async (request): Promise<Ok> => {
      const { id } = parse(userParams, request.params);
      const { reason, password } = parse(setPasswordWithReason, request.body);
      await setPasswordAudited(ctx.db, change(request, id, reason), password);
      return { ok: true };
    });

    app.post(
      '/a/admin/user/:id/set_restrictions',
      { preHandler: requireAdmin },
      async (request): Promise<BackOfficeUser> => {
        const { id } = parse(userParams, request.params);
        const { reason, restrictions } = parse(setRestrictionsWithReason, request.body);
        return toBackOfficeUser(
          await setRestrictionsAudited(ctx.db, change(request, id, reason), restrictions),
        );
      },
    );

    // ---- one account: its users, and its cashiers to manage ----------------------------------------
    app.get('/a/manager/account/:id/users', async (request): Promise<BackOfficeUser[]> => {
      const account = await accountInScope(ctx, request);
      return (await listUsers(ctx.db.kysely, account.id)).map(toBackOfficeUser);
    });

    app.post('/a/manager/account/:id/user', async (request): Promise<BackOfficeUser> => {
      const account = await accountInScope(ctx, request);
      const { reason, ...fields } = parse(createCashierRequest, request.body);
      const row = await createUserAudited(ctx.db, {
        user: { ...fields, role: 'cashier', account_id: account.id },
        actor: actorOf(request),
        now_ms: ctx.clock.now(),
        ...(reason ? { reason } : {}),
      });
      return toBackOfficeUser(row);
    });

    app.post('/a/manager/account/:id/user/:userId', async (request): Promise<BackOfficeUser> => {
      const { reason, ...patch } = parse(updateCashierRequest, request.body);
      return toBackOfficeUser(await updateUserAudited(ctx.db, await cashierChange(request, reason), patch));
    });

    app.post('/a/manager/account/:id/user/:userId/set_password', async (request): Promise<Ok> => {
      const { reason, password } = parse(setPasswordWithReason, request.body);
      await setPasswordAudited(ctx.db, await cashierChange(request, reason), password);
      return { ok: true };
    });

    app.post(
      '/a/manager/account/:id/user/:userId/set_restrictions',
      async (request): Promise<BackOfficeUser> => {
        const { reason, restrictions } = parse(setRestrictionsWithReason, request.body);
        const target = await cashierChange(request, reason);
        return toBackOfficeUser(await setRestrictionsAudited(ctx.db, target, restrictions));
      },
    );
  };
}
