// Accounts in the back office: the admin's list and create, and per account (admin, or its manager)
// the settings and the float moves.
import {
  account as accountSchema,
  createAccountRequest,
  floatMoveRequest,
  floatMoveResult,
  updateAccountWithReason,
  type Account,
} from '@cashdesk/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listAccounts, toAccount } from '../../accounts/index.js';
import type { AppContext } from '../../context.js';
import { answers, sendOutcome } from '../../http/route-schemas.js';
import { accountInScope, accountParams, actorOf, requireAdmin } from '../access.js';
import { changeAccountSettings, createAccountAudited, moveFloatAudited } from './account-admin.js';

export function accountsRoutes(ctx: AppContext): FastifyPluginAsync {
  const one = answers({ 200: accountSchema });

  return async (plain) => {
    const app = plain.withTypeProvider<ZodTypeProvider>();
    const list = {
      preValidation: requireAdmin,
      schema: { response: answers({ 200: z.array(accountSchema) }) },
    };
    app.get('/a/admin/accounts', list, async (): Promise<Account[]> => {
      return (await listAccounts(ctx.db.kysely)).map(toAccount);
    });

    const create = { preValidation: requireAdmin, schema: { body: createAccountRequest, response: one } };
    app.post('/a/admin/account', create, async (request): Promise<Account> => {
      const body = request.body;
      const row = await createAccountAudited(ctx.db, {
        request: body,
        actor: actorOf(request),
        now_ms: ctx.clock.now(),
      });
      return toAccount(row);
    });

    app.get(
      '/a/manager/account/:id',
      { schema: { params: accountParams, response: one } },
      async (request): Promise<Account> => {
        return toAccount(await accountInScope(ctx, request));
      },
    );

    const update = { schema: { params: accountParams, body: updateAccountWithReason, response: one } };
    app.post('/a/manager/account/:id', update, async (request): Promise<Account> => {
      const account = await accountInScope(ctx, request);
      const { reason, ...patch } = request.body;
      const row = await changeAccountSettings(ctx.db, ctx.changes, {
        account_id: account.id,
        patch,
        actor: actorOf(request),
        ...(reason ? { reason } : {}),
        now_ms: ctx.clock.now(),
      });
      return toAccount(row);
    });

    const move = {
      schema: { params: accountParams, body: floatMoveRequest, response: answers({ 200: floatMoveResult }) },
    };
    app.post('/a/manager/account/:id/move', move, async (request, reply) => {
      const account = await accountInScope(ctx, request);
      const outcome = await moveFloatAudited(ctx.ledger, {
        account_id: account.id,
        request: request.body,
        actor: actorOf(request),
        now_ms: ctx.clock.now(),
      });
      return sendOutcome(reply, outcome);
    });
  };
}
