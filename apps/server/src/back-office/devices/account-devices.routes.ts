// The devices of one account (admin, or its manager): list, rename or hide, unlink.
import {
  editAccountDeviceRequest,
  idParam,
  unlinkDeviceRequest,
  type Device,
  type Ok,
} from '@cashdesk/contract';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { viewDevices, withoutPlaces } from '../../devices/device-view.js';
import { parse } from '../../http/validate.js';
import { accountInScope, actorOf } from '../access.js';
import { editAccountDevice, listDevicesOfAccount, unlinkAccountDevice } from './account-devices.js';
import { deviceChange, publishAfterCommit } from '../../live/change-feed.js';

const deviceParams = z.object({ id: idParam, deviceId: idParam });

export function accountDevicesRoutes(ctx: AppContext): FastifyPluginAsync {
  async function target(request: FastifyRequest, reason: string | undefined) {
    const account = await accountInScope(ctx, request);
    const { deviceId } = parse(deviceParams, request.params);
    return {
      account_id: account.id,
      device_id: deviceId,
      actor: actorOf(request),
      now_ms: ctx.clock.now(),
      ...(reason ? { reason } : {}),
    };
  }

  return async (app) => {
    app.get('/a/manager/account/:id/devices', async (request): Promise<Device[]> => {
      const account = await accountInScope(ctx, request);
      return listDevicesOfAccount(ctx, account.id);
    });

    app.post('/a/manager/account/:id/devices/:deviceId', async (request): Promise<Device> => {
      const { reason, ...patch } = parse(editAccountDeviceRequest, request.body);
      const change = await target(request, reason);
      const row = await publishAfterCommit(
        ctx.changes,
        () => editAccountDevice(ctx.db, change, patch),
        () => deviceChange(change.account_id, change.device_id),
      );
      const [detail] = await viewDevices(ctx.db.kysely, [row], ctx.clock.now());
      return withoutPlaces(detail!);
    });

    app.post('/a/manager/account/:id/devices/:deviceId/unlink', async (request): Promise<Ok> => {
      const { reason } = parse(unlinkDeviceRequest, request.body ?? {});
      const change = await target(request, reason);
      await publishAfterCommit(
        ctx.changes,
        () => unlinkAccountDevice(ctx.db, change),
        () => deviceChange(change.account_id, change.device_id),
      );
      return { ok: true };
    });
  };
}
