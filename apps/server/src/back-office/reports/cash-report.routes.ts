// The cash report of one account's gaming day (admin, or its manager), as the daily report is asked for:
// GET /a/manager/account/:id/cash_report?day=. The CSV is made from it by the one writer, as the daily
// report's is (packages/contract/src/cash-report-table.ts). What it holds names players: it is answered,
// never logged (the request log has the path and the day only).
import { cashReport, cashReportQuery, type CashReport } from '@cashdesk/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { userOf } from '../../auth/index.js';
import type { AppContext } from '../../context.js';
import { answers } from '../../http/route-schemas.js';
import { accountInScope, accountParams } from '../access.js';
import { makeCashReport } from './cash-report.js';

export function cashReportRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (plain) => {
    const app = plain.withTypeProvider<ZodTypeProvider>();
    const report = {
      schema: { params: accountParams, querystring: cashReportQuery, response: answers({ 200: cashReport }) },
    };
    app.get('/a/manager/account/:id/cash_report', report, async (request): Promise<CashReport> => {
      const account = await accountInScope(ctx, request);
      return makeCashReport(ctx.db, {
        account,
        day: request.query.day,
        nowMs: ctx.clock.now(),
        madeBy: userOf(request).login,
      });
    });
  };
}
