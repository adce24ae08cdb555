// Cashier cash calls: deposit, withdraw and cash-out on a place, regular and remote.
import { cashRequest, idParam, placeParam, remoteCashRequest } from '@cashdesk/contract';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { z } from 'zod';
import { cashierOf, requireCashier } from '../auth/guards.js';
import type { AppContext } from '../context.js';
import { accessibleDevice } from '../devices/device-access.js';
import type { Outcome } from '../http/outcome.js';
import { parse } from '../http/validate.js';

const placeParams = z.object({ id: idParam, place: placeParam });

function send(reply: FastifyReply, outcome: Outcome) {
  return reply.status(outcome.status).send(outcome.body);
}

export function cashRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    app.addHook('preHandler', requireCashier);

    app.post('/a/cashier/devices/:id/place/:place/update', async (request, reply) => {
      const { id, place } = parse(placeParams, request.params);
      const { delta, trx } = parse(cashRequest, request.body);
      const cashier = cashierOf(request);
      const device = await accessibleDevice(ctx, cashier, id, 0);
      const outcome = await ctx.ledger.changePlaceCash({
        account_id: cashier.account_id,
        user_id: cashier.id,
        device_id: device.id,
        device_uuid: device.uuid,
        place,
        delta,
        trx,
        remote_pin: null,
      });
      return send(reply, outcome);
    });

    app.post('/a/cashier/devices/remote/:id/place/:place/update', async (request, reply) => {
      const { id, place } = parse(placeParams, request.params);
      const { delta, trx, pin_code } = parse(remoteCashRequest, request.body);
      const cashier = cashierOf(request);
      // Blocks and the PIN are checked inside the ledger transaction, after a replay's stored answer.
      const device = await accessibleDevice(ctx, cashier, id, 1);
      const outcome = await ctx.ledger.changePlaceCash({
        account_id: cashier.account_id,
        user_id: cashier.id,
        device_id: device.id,
        device_uuid: device.uuid,
        place,
        delta,
        trx,
        remote_pin: pin_code,
      });
      return send(reply, outcome);
    });
  };
}
