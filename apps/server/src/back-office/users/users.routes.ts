// Users in the back office. An admin manages every user under /a/admin/; a manager (or an admin) manages
// the cashiers of one account under /a/manager/account/:id/, which is all a manager may touch.
import {
  backOfficeUser,
  createCashierRequest,
  createUserWithReason,
  ERR,
  idParam,
  ok,
  setPasswordWithReason,
  setRestrictionsWithReason,
  updateCashierRequest,
  updateUserWithReason,
  type BackOfficeUser,
  type Ok,
} from '@cashdesk/contract';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { AccountRow, UserRow } from '../../db/schema.js';
import { ApiError } from '../../http/api-error.js';
import { answers } from '../../http/route-schemas.js';
import { listUsers } from '../../users/index.js';
import { accountInScope, accountParams, actorOf, requireAdmin } from '../access.js';
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
  async function cashierChange(request: FastifyRequest, userId: number, reason: string | undefined) {
    const account = await accountInScope(ctx, request);
    return { ...change(request, userId, reason), allow: onlyCashierOf(account) };
  }

  const one = answers({ 200: backOfficeUser });
  const list = answers({ 200: z.array(backOfficeUser) });
  const done = answers({ 200: ok });

  return async (plain) => {
    const app = plain.withTypeProvider<ZodTypeProvider>();
    // ---- admin: every user --------------------------------------------------------------------------
    const admin = { preValidation: requireAdmin };
    app.get(
      '/a/admin/users',
      { ...admin, schema: { response: list } },
      async (): Promise<BackOfficeUser[]> => {
        return (await listUsers(ctx.db.kysely)).map(toBackOfficeUser);
      },
    );

    const create = { ...admin, schema: { body: createUserWithReason, response: one } };
    app.post('/a/admin/user', create, async (request): Promise<BackOfficeUser> => {
      const { reason, ...user } = request.body;
      const row = await createUserAudited(ctx.db, {
        user,
        actor: actorOf(request),
        now_ms: ctx.clock.now(),
        ...(reason ? { reason } : {}),
      });
      return toBackOfficeUser(row);
    });

    const update = { ...admin, schema: { params: userParams, body: updateUserWithReason, response: one } };
    app.post('/a/admin/user/:id', update, async (request): Promise<BackOfficeUser> => {
      const { id } = request.params;
      const { reason, ...patch } = request.body;
      return toBackOfficeUser(await updateUserAudited(ctx.db, ctx.auth, change(request, id, reason), patch));
    });

    const setPassword = {
      ...admin,
      schema: { params: userParams, body: setPasswordWithReason, response: done },
    };
    app.post('/a/admin/user/:id/set_password', setPassword, async (request): Promise<Ok> => {
      const { id } = request.params;
      const { reason, password } = request.body;
      await setPasswordAudited(ctx.db, ctx.auth, change(request, id, reason), password);
      return { ok: true };
    });

    app.post(
      '/a/admin/user/:id/set_restrictions',
      { ...admin, schema: { params: userParams, body: setRestrictionsWithReason, response: one } },
      async (request): Promise<BackOfficeUser> => {
        const { id } = request.params;
        const { reason, restrictions } = request.body;
        return toBackOfficeUser(
          await setRestrictionsAudited(
            ctx.db,
            ctx.auth,
            ctx.changes,
            change(request, id, reason),
            restrictions,
          ),
        );
      },
    );

    // ---- one account: its users, and its cashiers to manage ----------------------------------------
    const accountUsers = { schema: { params: accountParams, response: list } };
    app.get('/a/manager/account/:id/users', accountUsers, async (request): Promise<BackOfficeUser[]> => {
      const account = await accountInScope(ctx, request);
      return (await listUsers(ctx.db.kysely, account.id)).map(toBackOfficeUser);
    });

    const createCashier = { schema: { params: accountParams, body: createCashierRequest, response: one } };
    app.post('/a/manager/account/:id/user', createCashier, async (request): Promise<BackOfficeUser> => {
      const account = await accountInScope(ctx, request);
      const { reason, ...fields } = request.body;
      const row = await createUserAudited(ctx.db, {
        user: { ...fields, role: 'cashier', account_id: account.id },
        actor: actorOf(request),
        now_ms: ctx.clock.now(),
        ...(reason ? { reason } : {}),
      });
      return toBackOfficeUser(row);
    });

    const updateCashier = {
      schema: { params: accountUserParams, body: updateCashierRequest, response: one },
    };
    app.post(
      '/a/manager/account/:id/user/:userId',
      updateCashier,
      async (request): Promise<BackOfficeUser> => {
        const { reason, ...patch } = request.body;
        const target = await cashierChange(request, request.params.userId, reason);
        return toBackOfficeUser(await updateUserAudited(ctx.db, ctx.auth, target, patch));
      },
    );

    const setCashierPassword = {
      schema: { params: accountUserParams, body: setPasswordWithReason, response: done },
    };
    app.post(
      '/a/manager/account/:id/user/:userId/set_password',
      setCashierPassword,
      async (request): Promise<Ok> => {
        const { reason, password } = request.body;
        await setPasswordAudited(
          ctx.db,
          ctx.auth,
          await cashierChange(request, request.params.userId, reason),
          password,
        );
        return { ok: true };
      },
    );

    app.post(
      '/a/manager/account/:id/user/:userId/set_restrictions',
      { schema: { params: accountUserParams, body: setRestrictionsWithReason, response: one } },
      async (request): Promise<BackOfficeUser> => {
        const { reason, restrictions } = request.body;
        const target = await cashierChange(request, request.params.userId, reason);
        return toBackOfficeUser(
          await setRestrictionsAudited(ctx.db, ctx.auth, ctx.changes, target, restrictions),
        );
      },
    );
  };
}
