// Accounts in the back office: the admin's list and create, and per account (admin, or its manager)
// the settings and the float moves.
import {
  createAccountRequest,
  floatMoveRequest,
  updateAccountWithReason,
  type Account,
} from '@cashdesk/contract';
import type { FastifyPluginAsync } from 'fastify';
import { listAccounts, toAccount } from '../../accounts/accounts.repository.js';
import type { AppContext } from '../../context.js';
import { parse } from '../../http/validate.js';
import { accountInScope, actorOf, requireAdmin } from '../access.js';
import { changeAccountSettings, createAccountAudited, moveFloatAudited } from './account-admin.js';

export function accountsRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    app.get('/a/admin/accounts', { preHandler: requireAdmin }, async (): Promise<Account[]> => {
      return (await listAccounts(ctx.db.kysely)).map(toAccount);
    });

    app.post('/a/admin/account', { preHandler: requireAdmin }, async (request): Promise<Account> => {
      const body = parse(createAccountRequest, request.body);
      const row = await createAccountAudited(ctx.db, {
        request: body,
        actor: actorOf(request),
        now_ms: ctx.clock.now(),
      });
      return toAccount(row);
    });

    app.get('/a/manager/account/:id', async (request): Promise<Account> => {
      return toAccount(await accountInScope(ctx, request));
    });

    app.post('/a/manager/account/:id', async (request): Promise<Account> => {
      const account = await accountInScope(ctx, request);
      const { reason, ...patch } = parse(updateAccountWithReason, request.body);
      const row = await changeAccountSettings(ctx.db, ctx.changes, {
        account_id: account.id,
        patch,
        actor: actorOf(request),
        ...(reason ? { reason } : {}),
        now_ms: ctx.clock.now(),
      });
      return toAccount(row);
    });

    app.post('/a/manager/account/:id/move', async (request, reply) => {
      const account = await accountInScope(ctx, request);
      const outcome = await moveFloatAudited(ctx.ledger, {
        account_id: account.id,
        request: parse(floatMoveRequest, request.body),
        actor: actorOf(request),
        now_ms: ctx.clock.now(),
      });
      return reply.status(outcome.status).send(outcome.body);
    });
  };
}
