// Cashier device calls: list, detail, register by PIN, edit, and the remote (home-play) variants.
import {
  device as deviceSchema,
  deviceDetail,
  DEVICE_TYPE,
  editDeviceRequest,
  ERR,
  idParam,
  registerDeviceRequest,
  registerRemoteRequest,
  registeredDevice,
  type Device,
  type DeviceDetail,
  type DeviceType,
} from '@cashdesk/contract';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { cashierOf, requireCashier, requireRestriction } from '../auth/index.js';
import type { AppContext } from '../context.js';
import { ApiError } from '../http/api-error.js';
import { type Outcome } from '../ledger/outcome.js';
import { answers, sendOutcome } from '../http/route-schemas.js';
import { assertNotBlocked, findAccount } from '../accounts/index.js';
import { accessibleDevice, accessibleRemoteDevice, PIN_HEADER, pinHeaders } from './device-access.js';
import { linkDeviceByPin, type LinkInput } from './device-linking.js';
import { viewDevices, withoutPlaces } from './device-view.js';
import { listAccountDevices, updateDeviceSettings } from './devices.repository.js';
import { deviceChange, linkChange, publishAfterCommit } from '../live/change-feed.js';
import { CoalescedReads } from '../coalesced-reads.js';

const idParams = z.object({ id: idParam });

export function devicesRoutes(ctx: AppContext): FastifyPluginAsync {
  function link(
    request: FastifyRequest,
    body: { pin: string; trx: string },
    type: DeviceType,
    afterClaim?: LinkInput['afterClaim'],
  ) {
    const cashier = cashierOf(request);
    // A link tells the device's own stream (gateway/device-stream.ts) at once, and the venue's terminals
    // (the device list gains it). The replay of a link tells it again: a hint, read afresh by each.
    return publishAfterCommit(
      ctx.changes,
      () =>
        linkDeviceByPin(ctx.db, ctx.auth, {
          account_id: cashier.account_id,
          user_id: cashier.id,
          pin: body.pin,
          trx: body.trx,
          type,
          now_ms: ctx.clock.now(),
          ...(afterClaim ? { afterClaim } : {}),
        }),
      (outcome) =>
        outcome.status === 200 ? linkChange(cashier.account_id, (outcome.body as { id: number }).id) : null,
    );
  }

  /**
   * A linking call under the PIN throttle: counted before the PIN is looked up (429 while locked), and
   * given back unless the PIN turned out wrong (422 `wrong pin`) or belongs to another venue's device
   * (422 `error linking the device`): those are what a guesser learns from. A PIN two devices showed
   * (406 `pin changed`, device-linking.ts) is given back too: it ended both, and tells nothing.
   */
  async function throttledLink(
    request: FastifyRequest,
    reply: FastifyReply,
    run: () => Promise<Outcome>,
  ): Promise<Outcome> {
    const attempt = await ctx.pins.begin(request, reply, cashierOf(request));
    let outcome: Outcome;
    try {
      outcome = await run();
    } catch (error) {
      if (!(error instanceof ApiError && error.err === ERR.wrongPin)) await attempt.giveBack();
      throw error;
    }
    const ended = (outcome.body as { err?: unknown }).err === ERR.pinChanged;
    if (outcome.status === 200 || ended) await attempt.giveBack();
    return outcome;
  }

  return async (plain) => {
    const app = plain.withTypeProvider<ZodTypeProvider>();
    // Before validation: who may call comes before what the call holds (401/403 before 400).
    app.addHook('preValidation', requireCashier);
    const view = async (
      devices: Parameters<typeof viewDevices>[1],
      set?: Parameters<typeof viewDevices>[3],
    ) => viewDevices(ctx.db.kysely, devices, ctx.clock.now(), set);

    // Polled every 5 s (15 s beside the live-updates stream): revalidated with an ETag
    // (http/conditional-get.ts), so an unchanged list or detail costs the terminal headers only.
    const polled = { config: { revalidate: true } };
    const linked = answers({ 200: registeredDevice });

    const list = { ...polled, schema: { response: answers({ 200: z.array(deviceSchema) }) } };
    // A venue's tills ask for it all at once after a change: they share one read (coalesced-reads.ts).
    const lists = new CoalescedReads<Device[]>();
    app.get('/a/cashier/devices', list, async (request): Promise<Device[]> => {
      const accountId = cashierOf(request).account_id;
      return lists.get(String(accountId), async () => {
        const devices = await listAccountDevices(ctx.db.kysely, accountId, DEVICE_TYPE.regular);
        return (await view(devices, { account_id: accountId, type: DEVICE_TYPE.regular })).map(withoutPlaces);
      });
    });

    const detail = { ...polled, schema: { params: idParams, response: answers({ 200: deviceDetail }) } };
    app.get('/a/cashier/devices/:id', detail, async (request): Promise<DeviceDetail> => {
      const { id } = request.params;
      const device = await accessibleDevice(ctx, cashierOf(request), id, DEVICE_TYPE.regular);
      const [detail] = await view([device]);
      return detail!;
    });

    app.post(
      '/a/cashier/devices/register',
      {
        preValidation: requireRestriction('can_register_new_device'),
        schema: { body: registerDeviceRequest, response: linked },
      },
      async (request, reply) => {
        const body = request.body;
        const outcome = await throttledLink(request, reply, () => link(request, body, DEVICE_TYPE.regular));
        return sendOutcome(reply, outcome);
      },
    );

    const registerRemote = { schema: { body: registerRemoteRequest, response: linked } };
    app.post('/a/cashier/devices/remote/register', registerRemote, async (request, reply) => {
      const body = request.body;
      const outcome = await throttledLink(request, reply, () =>
        link(request, body, DEVICE_TYPE.remote, async (tx) => {
          const account = await findAccount(tx, cashierOf(request).account_id);
          if (!account || account.home_play !== 1) throw new ApiError(ERR.forbidden);
          assertNotBlocked(account, { kind: 'remote' });
        }),
      );
      return sendOutcome(reply, outcome);
    });

    const remoteDetail = {
      ...polled,
      schema: { params: idParams, headers: pinHeaders, response: answers({ 200: deviceDetail }) },
    };
    app.get('/a/cashier/devices/remote/:id', remoteDetail, async (request, reply): Promise<DeviceDetail> => {
      const { id } = request.params;
      const pin = request.headers[PIN_HEADER];
      const { device } = await accessibleRemoteDevice(ctx, request, reply, cashierOf(request), id, pin);
      const [detail] = await view([device]);
      return detail!;
    });

    app.post(
      '/a/cashier/devices/:id',
      {
        preValidation: requireRestriction('can_edit_device'),
        schema: { params: idParams, body: editDeviceRequest, response: answers({ 200: deviceSchema }) },
      },
      async (request): Promise<Device> => {
        const { id } = request.params;
        const patch = request.body;
        const cashier = cashierOf(request);
        const device = await accessibleDevice(ctx, cashier, id, DEVICE_TYPE.regular);
        const updated = await publishAfterCommit(
          ctx.changes,
          () => updateDeviceSettings(ctx.db.kysely, device.id, patch),
          () => deviceChange(cashier.account_id, device.id),
        );
        const [detail] = await view([updated ?? device]);
        return withoutPlaces(detail!);
      },
    );
  };
}
