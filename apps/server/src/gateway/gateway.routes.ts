// /device/*: the gateway for gaming devices and home-play clients (Bearer device token): enrollment, PINs,
// the state poll, game events, and the device's own push stream (device-stream.ts).
import {
  deviceEventRequest,
  deviceEventResult,
  deviceState as deviceStateSchema,
  enrollRequest,
  enrollResult,
  ERR,
  pinRequest,
  pinResult,
} from '@cashdesk/contract';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../context.js';
import { ApiError } from '../http/api-error.js';
import { countedOnTheWayToLedger, reachesLedger } from '../http/ledger-arrivals.js';
import { answers, sendOutcome, textAnswer } from '../http/route-schemas.js';
import {
  applyDeviceEvent,
  authenticateDevice,
  deviceRowOf,
  deviceState,
  enrollDevice,
  issuePin,
  keptPin,
  type DeviceCaller,
} from './gateway.service.js';
import { DeviceSeen } from './device-seen.js';
import { DeviceStreams } from './device-stream.js';
import { GatewayThrottle } from './gateway-throttle.js';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The device of a /device/* call, authenticated before its body is looked at (401 before 400); read it
     * with callerOf. Decorated in the gateway's plugin only: undefined on every other route.
     */
    deviceCaller: DeviceCaller | null;
  }
}

function callerOf(request: FastifyRequest): DeviceCaller {
  const device = request.deviceCaller;
  if (!device) throw new ApiError(ERR.unauthorized);
  return device;
}

export function gatewayRoutes(ctx: AppContext): FastifyPluginAsync {
  const throttle = new GatewayThrottle(ctx.db, ctx.clock);
  const seen = new DeviceSeen(ctx.db, ctx.clock);
  const streams = new DeviceStreams(ctx, seen);
  const authenticated = {
    preValidation: async (request: FastifyRequest) => {
      request.deviceCaller = await authenticateDevice(ctx.db, ctx.auth, request.headers.authorization);
    },
  };

  return async (plain) => {
    plain.decorateRequest('deviceCaller', null);
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

    const pin = { ...authenticated, schema: { body: pinRequest, response: answers({ 200: pinResult }) } };
    app.post('/device/pin', pin, async (request, reply) => {
      const device = await deviceRowOf(ctx.db, callerOf(request));
      // The phone's scheduled renewal while a till holds its PIN open: that PIN again, nothing drawn.
      const kept = request.body?.keep_live === true ? keptPin(device, ctx.clock.now()) : null;
      if (kept) return kept;
      await throttle.draw(reply, device.id, request.ip);
      return issuePin(ctx.db, ctx.changes, device, ctx.clock.now());
    });

    const state = { ...authenticated, schema: { response: answers({ 200: deviceStateSchema }) } };
    // A device's poll is its report: noted for the manager's floor (a refused call notes nothing).
    app.get('/device/state', state, async (request) => {
      const answer = await deviceState(ctx.db, ctx.changes, await deviceRowOf(ctx.db, callerOf(request)));
      await seen.note(callerOf(request).id);
      return answer;
    });

    // Pushed instead of polled: the same state at once when a cashier links, unlinks or pays in or out.
    app.addHook('preClose', async () => streams.endAll());
    const stream = {
      ...authenticated,
      schema: {
        response: answers({
          200: textAnswer(
            'text/event-stream',
            "`event: hello` with the device's state ({id, linked, places}, as GET /device/state), then " +
              '`event: state` whenever a cashier links or unlinks it or changes its seats, and comment ' +
              'pings; docs/live-updates.md',
          ),
        }),
      },
    };
    app.get('/device/events/stream', stream, async (request, reply) =>
      streams.serve(request, reply, callerOf(request)),
    );

    // Only the device's id: the ledger reads the rest inside the event's transaction.
    const events = {
      ...authenticated,
      ...countedOnTheWayToLedger(ctx.ledger),
      schema: { body: deviceEventRequest, response: answers({ 200: deviceEventResult }) },
    };
    app.post('/device/events', events, async (request, reply) => {
      const device = callerOf(request);
      reachesLedger(request);
      const outcome = await applyDeviceEvent(ctx.ledger, device, request.body);
      return sendOutcome(reply, outcome);
    });
  };
}
