// /device/*: the gateway for gaming devices and home-play clients (Bearer device token).
import {
  deviceEventRequest,
  deviceEventResult,
  deviceState as deviceStateSchema,
  enrollRequest,
  enrollResult,
  ERR,
  pinResult,
} from '@cashdesk/contract';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context.js';
import type { DeviceRow } from '../db/schema.js';
import { ApiError } from '../http/api-error.js';
import { answers, sendOutcome } from '../http/route-schemas.js';
import {
  applyDeviceEvent,
  authenticateDevice,
  deviceOfTokenHash,
  deviceTokenOf,
  deviceState,
  enrollDevice,
  hashToken,
  issuePin,
} from './gateway.service.js';
import { GatewayThrottle } from './gateway-throttle.js';

/** `POST /device/pin` takes no body or `{}`. */
const emptyBody = z.strictObject({}).optional();

/** The device of each call, authenticated before its body is looked at (401 before 400). */
const callers = new WeakMap<FastifyRequest, DeviceRow>();

/** The device id of each game event's call (eventDevice: only the id, which a token never changes). */
const eventCallers = new WeakMap<FastifyRequest, { id: number }>();

function callerOf(request: FastifyRequest): DeviceRow {
  const device = callers.get(request);
  if (!device) throw new ApiError(ERR.unauthorized);
  return device;
}

export function gatewayRoutes(ctx: AppContext): FastifyPluginAsync {
  const throttle = new GatewayThrottle(ctx.db, ctx.clock);
  const authenticated = {
    preValidation: async (request: FastifyRequest) => {
      callers.set(request, await authenticateDevice(ctx.db, request.headers.authorization));
    },
  };

  /**
   * The device a game event comes from, by its token: from the process's auth cache when it knows the
   * token (no query). The cache holds only the token's device id, which never changes; whether the
   * device is still linked, and to which venue, the ledger reads inside the event's own transaction, so
   * an unlink or relink applies to the very next event (and the cache forgets the device as well).
   */
  async function eventDevice(authorization: string | undefined): Promise<{ id: number }> {
    const token = deviceTokenOf(authorization);
    if (token === undefined) throw new ApiError(ERR.unauthorized);
    const tokenHash = hashToken(token);
    const cached = ctx.db.auth.device(tokenHash);
    if (cached !== undefined) return { id: cached };
    const ticket = ctx.db.auth.ticket();
    const device = await deviceOfTokenHash(ctx.db, tokenHash);
    ctx.db.auth.storeDevice(ticket, tokenHash, device.id);
    return device;
  }

  return async (plain) => {
    const app = plain.withTypeProvider<ZodTypeProvider>();
    const enroll = {
      // A closed enrollment refuses every call alike (403), whatever its body.
      preValidation: async () => {
        if (!ctx.config.enrollmentOpen) throw new ApiError(ERR.forbidden);
      },
      schema: { body: enrollRequest, response: answers({ 200: enrollResult }) },
    };
    app.post('/device/enroll', enroll, async (request, reply) => {
      await throttle.enroll(reply, request.ip);
      const { device_token, uuid } = await enrollDevice(ctx.db, request.body, ctx.clock.now());
      return { device_token, uuid };
    });

    const pin = { ...authenticated, schema: { body: emptyBody, response: answers({ 200: pinResult }) } };
    app.post('/device/pin', pin, async (request, reply) => {
      const device = callerOf(request);
      await throttle.draw(reply, device.id, request.ip);
      return issuePin(ctx.db, ctx.changes, device, ctx.clock.now());
    });

    const state = { ...authenticated, schema: { response: answers({ 200: deviceStateSchema }) } };
    app.get('/device/state', state, async (request) => deviceState(ctx.db, ctx.changes, callerOf(request)));

    const events = {
      // The token's device from the process's cache when it knows it (eventDevice).
      preValidation: async (request: FastifyRequest) => {
        eventCallers.set(request, await eventDevice(request.headers.authorization));
      },
      schema: { body: deviceEventRequest, response: answers({ 200: deviceEventResult }) },
    };
    app.post('/device/events', events, async (request, reply) => {
      const device = eventCallers.get(request);
      if (!device) throw new ApiError(ERR.unauthorized);
      const outcome = await applyDeviceEvent(ctx.ledger, device, request.body);
      return sendOutcome(reply, outcome);
    });
  };
}
