// The cashier's shift calls (contract.md "Shifts"): open with the drawer's count, the open shift (no
// expected figure: the close is blind), and the close that answers the Z-report.
import { shiftCountRequest, type OpenShift } from '@cashdesk/contract';
import type { FastifyPluginAsync } from 'fastify';
import { cashierOf, requireCashier } from '../auth/guards.js';
import type { AppContext } from '../context.js';
import { parse } from '../http/validate.js';
import { ShiftService } from './shifts.service.js';

export function shiftsRoutes(ctx: AppContext): FastifyPluginAsync {
  const shifts = new ShiftService(ctx.db, ctx.clock);
  return async (app) => {
    app.addHook('preHandler', requireCashier);
    app.post('/a/cashier/shift/open', async (request, reply) => {
      const outcome = await shifts.open(cashierOf(request), parse(shiftCountRequest, request.body));
      return reply.status(outcome.status).send(outcome.body);
    });
    app.get('/a/cashier/shift', async (request): Promise<OpenShift> => shifts.current(cashierOf(request)));
    app.post('/a/cashier/shift/close', async (request, reply) => {
      const outcome = await shifts.close(cashierOf(request), parse(shiftCountRequest, request.body));
      return reply.status(outcome.status).send(outcome.body);
    });
  };
}
