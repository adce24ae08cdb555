// Cashier cash calls: deposit, withdraw and cash-out on a place, regular and remote.
import {
  cashRequest,
  DEVICE_TYPE,
  idParam,
  placeParam,
  remoteCashRequest,
  type DeviceType,
} from '@cashdesk/contract';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { cashierOf, requireCashier } from '../auth/guards.js';
import type { AppContext } from '../context.js';
import { accessibleDevice } from '../devices/device-access.js';
import { parse } from '../http/validate.js';
import { assertShiftForCashCall } from '../shifts/shift-guard.js';

const placeParams = z.object({ id: idParam, place: placeParam });

export function cashRoutes(ctx: AppContext): FastifyPluginAsync {
  /**
   * One handler for both variants. A remote call's blocks and PIN are checked inside the ledger
   * transaction, after a replay's stored answer: a replay of a call whose money moved is never refused
   * for its PIN. Before it, the PIN guard counts the attempt (429 while the cashier, venue or address has
   * guessed too many), counts a wrong PIN against the phone and ends an expired PIN, so the ledger's
   * comparison refuses that too. A wrong PIN is refused after the claim and rolled back: no row stays.
   */
  async function placeCash(request: FastifyRequest, reply: FastifyReply, type: DeviceType) {
    const { id, place } = parse(placeParams, request.params);
    const { delta, trx, pin_code } =
      type === DEVICE_TYPE.remote
        ? parse(remoteCashRequest, request.body)
        : { ...parse(cashRequest, request.body), pin_code: null };
    const cashier = cashierOf(request);
    const device = await accessibleDevice(ctx, cashier, id, type);
    await assertShiftForCashCall(ctx.db.kysely, cashier, trx);
    if (pin_code !== null) await ctx.pins.check(request, reply, cashier, device, pin_code);
    const outcome = await ctx.ledger.changePlaceCash({
      account_id: cashier.account_id,
      user_id: cashier.id,
      device_id: device.id,
      device_uuid: device.uuid,
      place,
      delta_cents: delta,
      trx,
      remote_pin: pin_code,
    });
    return reply.status(outcome.status).send(outcome.body);
  }

  return async (app) => {
    app.addHook('preHandler', requireCashier);
    app.post('/a/cashier/devices/:id/place/:place/update', (request, reply) =>
      placeCash(request, reply, DEVICE_TYPE.regular),
    );
    app.post('/a/cashier/devices/remote/:id/place/:place/update', (request, reply) =>
      placeCash(request, reply, DEVICE_TYPE.remote),
    );
  };
}
