// Four eyes at the till (docs/api.md): the cashier retracts their own held-back call while it waits (the
// path says withdraw, the status withdrawn: docs/architecture.md, "Words").
// Registered by app.ts beside the cashier's routes, outside the back office's role check.
import { approvalDecisionResult, approvalId, approvalRetractRequest } from '@cashdesk/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { cashierOf, requireCashier } from '../auth/index.js';
import type { AppContext } from '../context.js';
import { answers } from '../http/route-schemas.js';
import { retractAsCashier } from './approvals.service.js';

const params = z.object({ approval_id: approvalId });

export function cashierApprovalsRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (plain) => {
    const app = plain.withTypeProvider<ZodTypeProvider>();
    app.addHook('preValidation', requireCashier);
    const retract = {
      schema: { params, body: approvalRetractRequest, response: answers({ 200: approvalDecisionResult }) },
    };
    app.post('/a/cashier/approvals/:approval_id/withdraw', retract, async (request) => {
      const cashier = cashierOf(request);
      return retractAsCashier(ctx, {
        id: request.params.approval_id,
        actor: { user_id: cashier.id, login: cashier.login },
      });
    });
  };
}
