// The cashier's shift calls (docs/api.md, "Shifts"): open with the drawer's count, the open shift (no
// expected figure: the close is blind), and the close that answers the Z-report.
import { openShift, shiftCountRequest, zReport, type OpenShift } from '@cashdesk/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { cashierOf, requireCashier } from '../auth/index.js';
import type { AppContext } from '../context.js';
import { answers, sendOutcome } from '../http/route-schemas.js';
import { ShiftService } from './shifts.service.js';

export function shiftsRoutes(ctx: AppContext): FastifyPluginAsync {
  const shifts = new ShiftService(ctx.db, ctx.clock, ctx.changes);
  return async (plain) => {
    const app = plain.withTypeProvider<ZodTypeProvider>();
    // Before validation: who may call comes before what the call holds (401/403 before 400).
    app.addHook('preValidation', requireCashier);
    const open = { schema: { body: shiftCountRequest, response: answers({ 200: openShift }) } };
    app.post('/a/cashier/shift/open', open, async (request, reply) =>
      sendOutcome(reply, await shifts.open(cashierOf(request), request.body)),
    );
    const current = { schema: { response: answers({ 200: openShift }) } };
    app.get('/a/cashier/shift', current, async (request): Promise<OpenShift> =>
      shifts.current(cashierOf(request)),
    );
    const close = { schema: { body: shiftCountRequest, response: answers({ 200: zReport }) } };
    app.post('/a/cashier/shift/close', close, async (request, reply) =>
      sendOutcome(reply, await shifts.close(cashierOf(request), request.body)),
    );
  };
}
