// The daily report of one account (admin, or its manager): GET /a/manager/account/:id/daily_report?day=.
import { dailyReport, dailyReportQuery, type DailyReport } from '@cashdesk/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { userOf } from '../../auth/index.js';
import type { AppContext } from '../../context.js';
import { answers } from '../../http/route-schemas.js';
import { accountInScope, accountParams } from '../access.js';
import { makeDailyReport } from './daily-report.js';

export function dailyReportRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (plain) => {
    const app = plain.withTypeProvider<ZodTypeProvider>();
    const report = {
      schema: { params: accountParams, querystring: dailyReportQuery, response: answers({ 200: dailyReport }) },
    };
    app.get('/a/manager/account/:id/daily_report', report, async (request): Promise<DailyReport> => {
      const account = await accountInScope(ctx, request);
      return makeDailyReport(ctx.db, {
        account,
        day: request.query.day,
        nowMs: ctx.clock.now(),
        madeBy: userOf(request).login,
      });
    });
  };
}
