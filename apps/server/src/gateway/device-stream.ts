// `GET /device/events/stream`: a device's own push channel (docs/live-updates.md, "A device's own
// stream"). A cabinet or a phone hears its state (`GET /device/state`'s shape) in a `hello`, then in a
// `state` message whenever a cashier links or unlinks it, or a cash call, a correction or an approved
// payout changes its seats, instead of learning of them at its next poll. The stream is live/'s
// (serveStream, StateStream), one design with the terminals'; this file says which changes, what is read,
// who may hold one and for how long.
import { ERR } from '@cashdesk/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { ApiError } from '../http/api-error.js';
import { StateStream } from '../live/live-stream.js';
import { serveStream, type ServedStream } from '../live/serve-live-stream.js';
import { StreamCounts } from '../live/stream-counts.js';
import type { DeviceSeen } from './device-seen.js';
import { authenticateDevice, deviceRowOf, deviceState, type DeviceCaller } from './gateway.service.js';

/**
 * Open streams one device may hold in this process: its own, and one more for the moment a dropped
 * connection is reopened before the server has seen the old socket close. More is a device (or a stolen
 * token) pinning the server's sockets.
 */
export const MAX_STREAMS_PER_DEVICE = 2;
/**
 * Open device streams one client address may hold in this process: a large floor's cabinets reach the
 * server through one NAT address (a few hundred, one stream each), so this is far above a venue's and
 * far below what a script with a handful of tokens could otherwise hold with the device cap alone. Behind
 * a proxy the address is the one TRUST_PROXY lets X-Forwarded-For name (request.ip).
 */
export const MAX_DEVICE_STREAMS_PER_ADDRESS = 256;
const RETRY_STREAM_AFTER_S = 30;

export class DeviceStreams {
  private readonly streams = new Set<ServedStream>();
  private readonly counts = new StreamCounts();

  constructor(
    private readonly ctx: AppContext,
    private readonly seen: DeviceSeen,
  ) {}

  /** Closing the server ends every stream, or it would wait on them forever. */
  endAll(): void {
    for (const stream of this.streams) stream.end();
  }

  async serve(request: FastifyRequest, reply: FastifyReply, caller: DeviceCaller): Promise<FastifyReply> {
    const { ctx } = this;
    const authorization = request.headers.authorization;
    // Listening before the hello: the hello reads the state after the subscription, so nothing falls in between.
    await ctx.changes.ready();
    const keys = [
      { key: `device:${caller.id}`, max: MAX_STREAMS_PER_DEVICE },
      { key: `address:${request.ip}`, max: MAX_DEVICE_STREAMS_PER_ADDRESS },
    ];
    if (!this.counts.take(keys)) {
      throw new ApiError(ERR.tooManyAttempts, { retry_after: RETRY_STREAM_AFTER_S });
    }
    // The state as `GET /device/state` answers it, read afresh from the database for every message (the
    // first read after a link completes a cabinet's registration, as its poll would).
    const read = async () =>
      deviceState(ctx.db, ctx.changes, await deviceRowOf(ctx.db, { id: caller.id, row: null }));
    return serveStream(reply, {
      open: (body) =>
        new StateStream(body, read, (change) => (change.device_state_ids ?? []).includes(caller.id)),
      // By device, not by venue: a device waiting for its link has none, and the venue that links it
      // publishes under its own account (live/change-feed.ts, subscribeDevice).
      subscribe: (stream) => ctx.changes.subscribeDevice(caller.id, stream),
      hello: (stream) => stream.hello(),
      heartbeatMs: ctx.config.live.heartbeatMs,
      // The token must still name the device (authenticateDevice: the auth cache forgets a device's token
      // on every revocation naming it). A device holding only its stream still reports in for the
      // manager's floor (DeviceSeen writes at most once a minute).
      stillEntitled: async () => {
        const now = await authenticateDevice(ctx.db, ctx.auth, authorization).catch(() => null);
        if (now?.id !== caller.id) return false;
        await this.seen.note(caller.id);
        return true;
      },
      counts: this.counts,
      keys,
      streams: this.streams,
    });
  }
}
