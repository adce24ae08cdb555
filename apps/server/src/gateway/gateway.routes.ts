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
  hashToken,
  issuePin,
} from './gateway.service.js';

/** `POST /device/pin` takes no body or `{}`. */
const emptyBody = z.strictObject({});

/** The form of a device token in `Authorization` (the same as authenticateDevice's check). */
const BEARER = /^Bearer ([A-Za-z0-9_-]{20,100})$/;

export function gatewayRoutes(ctx: AppContext): FastifyPluginAsync {
  /**
   * The device a game event comes from, by its token: from the process's auth cache when it knows the
   * token (no query). The cache holds only the token's device id, which never changes; whether the
   * device is still linked, and to which venue, the ledger reads inside the event's own transaction, so
   * an unlink or relink applies to the very next event (and the cache forgets the device as well).
   */
  async function eventDevice(authorization: string | undefined): Promise<{ id: number }> {
    const token = BEARER.exec(authorization ?? '')?.[1];
    if (token === undefined) throw new ApiError(ERR.unauthorized);
    const tokenHash = hashToken(token);
    const cached = ctx.db.auth.device(tokenHash);
    if (cached !== undefined) return { id: cached };
    const ticket = ctx.db.auth.ticket();
    const device = await authenticateDevice(ctx.db, authorization);
    ctx.db.auth.storeDevice(ticket, tokenHash, device.id);
    return device;
  }

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
      const device = await eventDevice(request.headers.authorization);
      const event = parse(deviceEventRequest, request.body);
      const outcome = await applyDeviceEvent(ctx.ledger, device, event);
      return reply.status(outcome.status).send(outcome.body);
    });
  };
}
