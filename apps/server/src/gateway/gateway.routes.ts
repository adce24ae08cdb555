// /device/*: the gateway for gaming devices and home-play clients (Bearer device token).
import { deviceEventRequest, enrollRequest, ERR } from '@cashdesk/contract';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context.js';
import { ApiError } from '../http/api-error.js';
import { parse } from '../http/validate.js';
import {
  applyDeviceEvent,
  authenticateDevice,
  deviceState,
  enrollDevice,
  issuePin,
} from './gateway.service.js';

/** `POST /device/pin` takes no body or `{}`. */
const emptyBody = z.strictObject({});

export function gatewayRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    app.post('/device/enroll', async (request) => {
      if (!ctx.config.enrollmentOpen) throw new ApiError(ERR.forbidden);
      const input = parse(enrollRequest, request.body);
      const { device_token, uuid } = await enrollDevice(ctx.db, input, ctx.clock.now());
      return { device_token, uuid };
    });

    app.post('/device/pin', async (request) => {
      const device = await authenticateDevice(ctx.db, request.headers.authorization);
      if (request.body !== undefined && request.body !== null) parse(emptyBody, request.body);
      return issuePin(ctx.db, ctx.changes, device, ctx.clock.now());
    });

    app.get('/device/state', async (request) => {
      const device = await authenticateDevice(ctx.db, request.headers.authorization);
      return deviceState(ctx.db, ctx.changes, device);
    });

    app.post('/device/events', async (request, reply) => {
      const device = await authenticateDevice(ctx.db, request.headers.authorization);
      const event = parse(deviceEventRequest, request.body);
      const outcome = await applyDeviceEvent(ctx.ledger, device, event);
      return reply.status(outcome.status).send(outcome.body);
    });
  };
}
