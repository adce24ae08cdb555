// The cashier's shift calls (docs/api.md, "Shifts"): open with the drawer's count, the open shift (no
// expected figure: the close is blind), and the close that answers the Z-report; and the drawer's calls
// in the open shift (docs/api.md, "The till's drawer"): drops, paid-ins, paid-outs and the X-report.
import {
  cashDropRequest,
  drawerMovement,
  openShift,
  paidInOutRequest,
  shiftCountRequest,
  shiftIdParams,
  xReport,
  zReport,
  type OpenShift,
  type XReport,
} from '@cashdesk/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { cashierOf, requireCashier } from '../auth/index.js';
import type { AppContext } from '../context.js';
import { answers, sendOutcome } from '../http/route-schemas.js';
import { DrawerService } from './drawer.service.js';
import { ShiftService } from './shifts.service.js';

export function shiftsRoutes(ctx: AppContext): FastifyPluginAsync {
  const shifts = new ShiftService(ctx.db, ctx.clock, ctx.changes);
  const drawer = new DrawerService(ctx.db, ctx.clock);
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

    const movement = <B>(body: B) => ({
      schema: { params: shiftIdParams, body, response: answers({ 200: drawerMovement }) },
    });
    app.post('/a/cashier/shift/:shift_id/drop', movement(cashDropRequest), async (request, reply) =>
      sendOutcome(
        reply,
        await drawer.move(cashierOf(request), request.params.shift_id, 'drop', request.body),
      ),
    );
    app.post('/a/cashier/shift/:shift_id/paid_in', movement(paidInOutRequest), async (request, reply) =>
      sendOutcome(
        reply,
        await drawer.move(cashierOf(request), request.params.shift_id, 'paid_in', request.body),
      ),
    );
    app.post('/a/cashier/shift/:shift_id/paid_out', movement(paidInOutRequest), async (request, reply) =>
      sendOutcome(
        reply,
        await drawer.move(cashierOf(request), request.params.shift_id, 'paid_out', request.body),
      ),
    );
    const x = { schema: { params: shiftIdParams, response: answers({ 200: xReport }) } };
    app.get('/a/cashier/shift/:shift_id/x_report', x, async (request): Promise<XReport> =>
      drawer.xReport(cashierOf(request), request.params.shift_id),
    );
  };
}
