// Four eyes in the back office (docs/back-office.md): the venue's approvals and a manager's decision on
// one. Registered inside the back office's routes (app.ts hands them to back-office.routes.ts), so its
// role and account checks come first: a cashier gets 403.
import {
  approval,
  approvalDecisionRequest,
  approvalDecisionResult,
  approvalParams,
  approvalsQuery,
  ERR,
  type Approval,
} from '@cashdesk/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { throttledPasswordCheck, userOf } from '../auth/index.js';
import { accountInScope, accountParams, actorOf } from '../back-office/index.js';
import type { AppContext } from '../context.js';
import { ApiError } from '../http/api-error.js';
import { answers } from '../http/route-schemas.js';
import { approvalsOf, decideAsManager } from './approvals.service.js';

export function managerApprovalsRoutes(ctx: AppContext): FastifyPluginAsync {
  // Sign-in's throttle and keys (auth/password-check.ts): a stolen manager session must not guess the
  // password here faster than at sign-in, nor keep guessing while sign-in is locked for the login.
  const checkPassword = throttledPasswordCheck(ctx);

  return async (plain) => {
    const app = plain.withTypeProvider<ZodTypeProvider>();
    const list = {
      schema: {
        params: accountParams,
        querystring: approvalsQuery,
        response: answers({ 200: z.array(approval) }),
      },
    };
    app.get('/a/manager/account/:id/approvals', list, async (request): Promise<Approval[]> => {
      const account = await accountInScope(ctx, request);
      return approvalsOf(ctx, account.id, request.query.status);
    });

    const decide = {
      schema: {
        params: approvalParams,
        body: approvalDecisionRequest,
        response: answers({ 200: approvalDecisionResult }),
      },
    };
    app.post('/a/manager/account/:id/approvals/:approval_id', decide, async (request, reply) => {
      const account = await accountInScope(ctx, request);
      const { decision, password, reason } = request.body;
      const manager = userOf(request);
      // The manager proves again it is them at the desk, not a session left open. A wrong password counts
      // as a failed sign-in of the login from this address, and a locked login is 429 here as there.
      // Checked before anything about the approval is looked up, so a wrong password (or a lock) answers
      // the same whether the approval exists, is pending or was decided: no way to probe for one.
      const right = await checkPassword(request, reply, manager.login, manager.password_hash, password);
      if (!right) throw new ApiError(ERR.wrongPassword);
      if (decision === 'decline' && !reason) throw ApiError.validation('reason', 'a reason is required');
      return decideAsManager(ctx, {
        account_id: account.id,
        id: request.params.approval_id,
        decision,
        reason: reason || null,
        actor: { ...actorOf(request), user_id: manager.id },
      });
    });
  };
}
