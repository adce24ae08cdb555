// The devices of one account (admin, or its manager): list, rename or hide, unlink.
import {
  device as deviceSchema,
  editAccountDeviceRequest,
  idParam,
  ok,
  unlinkDeviceRequest,
  type Device,
  type Ok,
} from '@cashdesk/contract';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { viewDevices, withoutPlaces } from '../../devices/index.js';
import { answers } from '../../http/route-schemas.js';
import { accountInScope, accountParams, actorOf } from '../access.js';
import { editAccountDevice, listDevicesOfAccount, unlinkAccountDevice } from './account-devices.js';
import { deviceChange, linkChange, publishAfterCommit } from '../../live/change-feed.js';

const deviceParams = z.object({ id: idParam, deviceId: idParam });

export function accountDevicesRoutes(ctx: AppContext): FastifyPluginAsync {
  async function target(request: FastifyRequest, deviceId: number, reason: string | undefined) {
    const account = await accountInScope(ctx, request);
    return {
      account_id: account.id,
      device_id: deviceId,
      actor: actorOf(request),
      now_ms: ctx.clock.now(),
      ...(reason ? { reason } : {}),
    };
  }

  return async (plain) => {
    const app = plain.withTypeProvider<ZodTypeProvider>();
    const list = { schema: { params: accountParams, response: answers({ 200: z.array(deviceSchema) }) } };
    app.get('/a/manager/account/:id/devices', list, async (request): Promise<Device[]> => {
      const account = await accountInScope(ctx, request);
      return listDevicesOfAccount(ctx, account.id);
    });

    const edit = {
      schema: {
        params: deviceParams,
        body: editAccountDeviceRequest,
        response: answers({ 200: deviceSchema }),
      },
    };
    app.post('/a/manager/account/:id/devices/:deviceId', edit, async (request): Promise<Device> => {
      const { reason, ...patch } = request.body;
      const change = await target(request, request.params.deviceId, reason);
      const row = await publishAfterCommit(
        ctx.changes,
        () => editAccountDevice(ctx.db, change, patch),
        () => deviceChange(change.account_id, change.device_id),
      );
      const [detail] = await viewDevices(ctx.db.kysely, [row], ctx.clock.now());
      return withoutPlaces(detail!);
    });

    // The body is optional: no body unlinks without a reason.
    const unlink = {
      schema: { params: deviceParams, body: unlinkDeviceRequest.optional(), response: answers({ 200: ok }) },
    };
    app.post('/a/manager/account/:id/devices/:deviceId/unlink', unlink, async (request): Promise<Ok> => {
      const { reason } = request.body ?? {};
      const change = await target(request, request.params.deviceId, reason);
      await publishAfterCommit(
        ctx.changes,
        () => unlinkAccountDevice(ctx.db, ctx.auth, change),
        // The device's own stream hears it too (linked: false), whichever venue it waits for next.
        () => linkChange(change.account_id, change.device_id),
      );
      return { ok: true };
    });
  };
}
