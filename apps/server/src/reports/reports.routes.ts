// Cashier reports: the history page and statistics (own operations only), a place's last operations
// (every cashier of the account), the venue's 24-hour totals (every cashier, every device) and a remote
// device's game events.
import {
  dailyTotals,
  DEVICE_TYPE,
  SUMMARY_WINDOW_MS,
  type DailyTotals,
  gameEvent,
  gameReportRequest,
  limitReportRequest,
  reportEntry,
  reportRequest,
  type GameEvent,
  type ReportEntry,
  type ReportRequest,
} from '@cashdesk/contract';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { cashierOf, requireCashier } from '../auth/index.js';
import type { AppContext } from '../context.js';
import { accessibleRemoteDevice, accountDeviceIds, listAccountDevices, PIN_HEADER, pinHeaders } from '../devices/index.js';
import { ApiError } from '../http/api-error.js';
import { venueMovesSince } from '../ledger/cash-moves.repository.js';
import { answers } from '../http/route-schemas.js';
import { lastCoveredMs } from './report-bounds.js';
import { cashierReport, gameEvents, placeHistory } from './reports.repository.js';
import { CoalescedReads } from '../coalesced-reads.js';

const GAME_REPORT_SHORT = 20;
const GAME_REPORT_FULL = 200;

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The `to` of a report call as the cashier wrote it: validation turns it into a Date, and whether it
     * was written to the second decides the last millisecond it covers (report-bounds.ts). Decorated in
     * the reports' plugin only: undefined on every other route.
     */
    reportWrittenTo: string | null;
  }
}

async function keepWrittenTo(request: FastifyRequest): Promise<void> {
  const to = (request.body as Partial<ReportRequest> | null | undefined)?.to;
  if (typeof to === 'string') request.reportWrittenTo = to;
}

export function reportsRoutes(ctx: AppContext): FastifyPluginAsync {
  const entries = answers({ 200: z.array(reportEntry) });

  return async (plain) => {
    plain.decorateRequest('reportWrittenTo', null);
    const app = plain.withTypeProvider<ZodTypeProvider>();
    // Before validation: who may call comes before what the call holds (401/403 before 400).
    app.addHook('preValidation', requireCashier);

    const report = { preValidation: keepWrittenTo, schema: { body: reportRequest, response: entries } };
    app.post('/a/cashier/report', report, async (request): Promise<ReportEntry[]> => {
      const cashier = cashierOf(request);
      const q = request.body;
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
        // Validation accepted the body, so its `to` was this text.
        toMs: lastCoveredMs(request.reportWrittenTo!, q.to),
      });
    });

    const limitReport = { schema: { body: limitReportRequest, response: entries } };
    app.post('/a/cashier/limit_report', limitReport, async (request): Promise<ReportEntry[]> => {
      const cashier = cashierOf(request);
      const q = request.body;
      return placeHistory(ctx.db.kysely, {
        accountId: cashier.account_id,
        deviceIds: await accountDeviceIds(ctx.db.kysely, cashier.account_id, q.device_ids),
        place: q.placeId,
        limit: q.limit,
      });
    });

    // Polled with the device list and refetched with it on a pushed change (features/devices): revalidated
    // with an ETag like the list (http/conditional-get.ts).
    const totals = { config: { revalidate: true }, schema: { response: answers({ 200: dailyTotals }) } };
    // Asked by every till of the venue at once after a change, like the list: one shared read.
    const venueTotals = new CoalescedReads<DailyTotals>();
    app.get('/a/cashier/daily_totals', totals, async (request): Promise<DailyTotals> => {
      const accountId = cashierOf(request).account_id;
      return venueTotals.get(String(accountId), async () => {
        const moves = await venueMovesSince(ctx.db.kysely, accountId, ctx.clock.now() - SUMMARY_WINDOW_MS);
        return { deposit_24h: moves.deposit, withdraw_24h: moves.withdraw, delta_24h: moves.deposit - moves.withdraw };
      });
    });

    const gameReport = {
      schema: { body: gameReportRequest, headers: pinHeaders, response: answers({ 200: z.array(gameEvent) }) },
    };
    app.post('/a/cashier/game_report', gameReport, async (request, reply): Promise<GameEvent[]> => {
      const cashier = cashierOf(request);
      const q = request.body;
      const pin = request.headers[PIN_HEADER];
      const { device } = await accessibleRemoteDevice(ctx, request, reply, cashier, q.device_id, pin);
      return gameEvents(ctx.db.kysely, {
        accountId: cashier.account_id,
        deviceId: device.id,
        limit: q.full ? GAME_REPORT_FULL : GAME_REPORT_SHORT,
      });
    });
  };
}
