// Cashier device calls: list, detail, register by PIN, edit, and the remote (home-play) variants.
import {
  editDeviceRequest,
  ERR,
  idParam,
  registerDeviceRequest,
  registerRemoteRequest,
  type Device,
  type DeviceDetail,
} from '@cashdesk/contract';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { cashierOf, requireCashier, requireRestriction } from '../auth/guards.js';
import type { AppContext } from '../context.js';
import { ApiError } from '../http/outcome.js';
import { parse } from '../http/validate.js';
import { findAccount } from '../accounts/accounts.repository.js';
import { accessibleDevice, accessibleRemoteDevice, pinFromHeader } from './device-access.js';
import { linkDeviceByPin, type LinkInput } from './device-linking.js';
import { viewDevices, withoutPlaces } from './device-view.js';
import { listAccountDevices, updateDeviceSettings } from './devices.repository.js';
import { deviceChange } from '../live/change-feed.js';

const idParams = z.object({ id: idParam });

export function devicesRoutes(ctx: AppContext): FastifyPluginAsync {
  function link(
    request: FastifyRequest,
    body: { pin: string; trx: string },
    type: 0 | 1,
    afterClaim?: LinkInput['afterClaim'],
  ) {
    const cashier = cashierOf(request);
    return linkDeviceByPin(ctx.db, {
      account_id: cashier.account_id,
      user_id: cashier.id,
      pin: body.pin,
      trx: body.trx,
      type,
      now_ms: ctx.clock.now(),
      ...(afterClaim ? { afterClaim } : {}),
    });
  }

  return async (app) => {
    app.addHook('preHandler', requireCashier);
    const view = async (devices: Parameters<typeof viewDevices>[1]) =>
      viewDevices(ctx.db.kysely, devices, ctx.clock.now());

    // Polled every 5 s (15 s beside the live-updates stream): revalidated with an ETag
    // (http/conditional-get.ts), so an unchanged list or detail costs the terminal headers only.
    const polled = { config: { revalidate: true } };

    app.get('/a/cashier/devices', polled, async (request): Promise<Device[]> => {
      const cashier = cashierOf(request);
      const devices = await listAccountDevices(ctx.db.kysely, cashier.account_id, 0);
      return (await view(devices)).map(withoutPlaces);
    });

    app.get('/a/cashier/devices/:id', polled, async (request): Promise<DeviceDetail> => {
      const { id } = parse(idParams, request.params);
      const device = await accessibleDevice(ctx, cashierOf(request), id, 0);
      const [detail] = await view([device]);
      return detail!;
    });

    app.post(
      '/a/cashier/devices/register',
      { preHandler: requireRestriction('can_register_new_device') },
      async (request, reply) => {
        const outcome = await link(request, parse(registerDeviceRequest, request.body), 0);
        return reply.status(outcome.status).send(outcome.body);
      },
    );

    app.post('/a/cashier/devices/remote/register', async (request, reply) => {
      const outcome = await link(request, parse(registerRemoteRequest, request.body), 1, async (tx) => {
        const account = await findAccount(tx, cashierOf(request).account_id);
        if (!account || account.home_play !== 1) throw new ApiError(ERR.forbidden);
        if (account.is_hard_block_home_play === 1) throw new ApiError(ERR.hardBlock);
      });
      return reply.status(outcome.status).send(outcome.body);
    });

    app.get('/a/cashier/devices/remote/:id', polled, async (request): Promise<DeviceDetail> => {
      const { id } = parse(idParams, request.params);
      const pin = pinFromHeader(request);
      const { device } = await accessibleRemoteDevice(ctx, cashierOf(request), id, pin);
      const [detail] = await view([device]);
      return detail!;
    });

    app.post(
      '/a/cashier/devices/:id',
      { preHandler: requireRestriction('can_edit_device') },
      async (request): Promise<Device> => {
        const { id } = parse(idParams, request.params);
        const patch = parse(editDeviceRequest, request.body);
        const cashier = cashierOf(request);
        const device = await accessibleDevice(ctx, cashier, id, 0);
        const updated = await updateDeviceSettings(ctx.db.kysely, device.id, patch);
        void ctx.changes.publish(deviceChange(cashier.account_id, device.id));
        const [detail] = await view([updated ?? device]);
        return withoutPlaces(detail!);
      },
    );
  };
}
