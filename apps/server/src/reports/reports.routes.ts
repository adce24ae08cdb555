// Cashier reports: the history page and statistics (own operations only), a place's last operations
// (every cashier of the account), and a remote device's game events.
import {
  gameReportRequest,
  limitReportRequest,
  reportRequest,
  type GameEvent,
  type ReportEntry,
} from '@cashdesk/contract';
import type { FastifyPluginAsync } from 'fastify';
import { cashierOf, requireCashier, type CashierRow } from '../auth/guards.js';
import type { AppContext } from '../context.js';
import { accessibleRemoteDevice, pinFromHeader } from '../devices/device-access.js';
import { ApiError } from '../http/outcome.js';
import { parse } from '../http/validate.js';
import { cashierReport, gameEvents, placeHistory } from './reports.repository.js';

const GAME_REPORT_SHORT = 20;
const GAME_REPORT_FULL = 200;

export function reportsRoutes(ctx: AppContext): FastifyPluginAsync {
  /** The requested devices that belong to the cashier's account; others are silently left out. */
  async function ownDeviceIds(cashier: CashierRow, ids: readonly number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    const rows = await ctx.db.kysely
      .selectFrom('devices')
      .select('id')
      .where('account_id', '=', cashier.account_id)
      .where('id', 'in', [...new Set(ids)])
      .execute();
    return rows.map((r) => r.id);
  }

  return async (app) => {
    app.addHook('preHandler', requireCashier);

    app.post('/a/cashier/report', async (request): Promise<ReportEntry[]> => {
      const cashier = cashierOf(request);
      const q = parse(reportRequest, request.body);
      if (q.from.getTime() > q.to.getTime()) throw ApiError.validation('from', 'must not be after to');
      return cashierReport(ctx.db.kysely, {
        accountId: cashier.account_id,
        userId: cashier.id,
        deviceIds: await ownDeviceIds(cashier, q.device_ids),
        fromMs: q.from.getTime(),
        toMs: q.to.getTime(),
      });
    });

    app.post('/a/cashier/limit_report', async (request): Promise<ReportEntry[]> => {
      const cashier = cashierOf(request);
      const q = parse(limitReportRequest, request.body);
      return placeHistory(ctx.db.kysely, {
        accountId: cashier.account_id,
        deviceIds: await ownDeviceIds(cashier, q.device_ids),
        place: q.placeId,
        limit: q.limit,
      });
    });

    app.post('/a/cashier/game_report', async (request): Promise<GameEvent[]> => {
      const cashier = cashierOf(request);
      const q = parse(gameReportRequest, request.body);
      const { device } = await accessibleRemoteDevice(ctx, cashier, q.device_id, pinFromHeader(request));
      return gameEvents(ctx.db.kysely, {
        accountId: cashier.account_id,
        deviceId: device.id,
        limit: q.full ? GAME_REPORT_FULL : GAME_REPORT_SHORT,
      });
    });
  };
}
