// Cashier reports: the history page and statistics (own operations only), a place's last operations
// (every cashier of the account), and a remote device's game events.
import {
  DEVICE_TYPE,
  gameReportRequest,
  limitReportRequest,
  reportRequest,
  type GameEvent,
  type ReportEntry,
  type ReportRequest,
} from '@cashdesk/contract';
import type { FastifyPluginAsync } from 'fastify';
import { cashierOf, requireCashier } from '../auth/guards.js';
import type { AppContext } from '../context.js';
import { accessibleRemoteDevice, pinFromHeader } from '../devices/device-access.js';
import { accountDeviceIds, listAccountDevices } from '../devices/devices.repository.js';
import { ApiError } from '../http/api-error.js';
import { parse } from '../http/validate.js';
import { lastCoveredMs } from './report-bounds.js';
import { cashierReport, gameEvents, placeHistory } from './reports.repository.js';

const GAME_REPORT_SHORT = 20;
const GAME_REPORT_FULL = 200;

export function reportsRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    app.addHook('preHandler', requireCashier);

    app.post('/a/cashier/report', async (request): Promise<ReportEntry[]> => {
      const cashier = cashierOf(request);
      const q = parse(reportRequest, request.body);
      if (q.from.getTime() > q.to.getTime()) throw ApiError.validation('from', 'must not be after to');
      // Requested devices of other accounts are silently left out.
      const deviceIds = await accountDeviceIds(ctx.db.kysely, cashier.account_id, q.device_ids);
      // The web cannot list home-play devices (they are reached by PIN only), so `remote: true` asks for
      // the caller's operations on every home-play device of the account as well.
      if (q.remote) {
        const remote = await listAccountDevices(ctx.db.kysely, cashier.account_id, DEVICE_TYPE.remote);
        deviceIds.push(...remote.map((d) => d.id).filter((id) => !deviceIds.includes(id)));
      }
      return cashierReport(ctx.db.kysely, {
        accountId: cashier.account_id,
        userId: cashier.id,
        deviceIds,
        fromMs: q.from.getTime(),
        // parse() accepted the body, so its `to` is the text the Date came from.
        toMs: lastCoveredMs((request.body as ReportRequest).to, q.to),
      });
    });

    app.post('/a/cashier/limit_report', async (request): Promise<ReportEntry[]> => {
      const cashier = cashierOf(request);
      const q = parse(limitReportRequest, request.body);
      return placeHistory(ctx.db.kysely, {
        accountId: cashier.account_id,
        deviceIds: await accountDeviceIds(ctx.db.kysely, cashier.account_id, q.device_ids),
        place: q.placeId,
        limit: q.limit,
      });
    });

    app.post('/a/cashier/game_report', async (request, reply): Promise<GameEvent[]> => {
      const cashier = cashierOf(request);
      const q = parse(gameReportRequest, request.body);
      const pin = pinFromHeader(request);
      const { device } = await accessibleRemoteDevice(ctx, request, reply, cashier, q.device_id, pin);
      return gameEvents(ctx.db.kysely, {
        accountId: cashier.account_id,
        deviceId: device.id,
        limit: q.full ? GAME_REPORT_FULL : GAME_REPORT_SHORT,
      });
    });
  };
}
