// Cash-drawer shifts of one account in the back office (admin, or its manager): the list by cashier and
// time window with each close's difference, and one closed shift's Z-report.
import {
  ERR,
  idParam,
  shiftListQuery,
  shiftListRow,
  zReport,
  type ShiftListRow,
  type ZReport,
} from '@cashdesk/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { ApiError } from '../../http/api-error.js';
import { answers } from '../../http/route-schemas.js';
import { findZReport, listShifts } from '../../shifts/index.js';
import { accountInScope, accountParams } from '../access.js';
import { pageBounds } from '../paging.js';

const shiftParams = z.object({ id: idParam, shift_id: idParam });

export function backOfficeShiftsRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (plain) => {
    const app = plain.withTypeProvider<ZodTypeProvider>();
    const list = {
      schema: {
        params: accountParams,
        querystring: shiftListQuery,
        response: answers({ 200: z.array(shiftListRow) }),
      },
    };
    app.get('/a/manager/account/:id/shifts', list, async (request): Promise<ShiftListRow[]> => {
      const account = await accountInScope(ctx, request);
      const { user_id, ...page } = request.query;
      return listShifts(ctx.db.kysely, {
        accountId: account.id,
        ...pageBounds(page),
        ...(user_id !== undefined ? { userId: user_id } : {}),
      });
    });

    const one = { schema: { params: shiftParams, response: answers({ 200: zReport }) } };
    app.get('/a/manager/account/:id/shifts/:shift_id', one, async (request): Promise<ZReport> => {
      const account = await accountInScope(ctx, request);
      // An open shift has no Z-report yet; another account's shift is not found either.
      const report = await findZReport(ctx.db.kysely, request.params.shift_id, account.id);
      if (!report) throw new ApiError(ERR.notFound);
      return report;
    });
  };
}
