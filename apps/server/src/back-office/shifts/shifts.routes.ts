// Cash-drawer shifts of one account in the back office (admin, or its manager): the list by cashier and
// time window with each close's difference, and one closed shift's Z-report.
import { ERR, idParam, shiftListQuery, type ShiftListRow, type ZReport } from '@cashdesk/contract';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { ApiError } from '../../http/api-error.js';
import { parse } from '../../http/validate.js';
import { findZReport, listShifts } from '../../shifts/shifts.repository.js';
import { accountInScope } from '../access.js';
import { pageBounds } from '../paging.js';

const shiftParams = z.object({ id: idParam, shift_id: idParam });

export function backOfficeShiftsRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    app.get('/a/manager/account/:id/shifts', async (request): Promise<ShiftListRow[]> => {
      const account = await accountInScope(ctx, request);
      const { user_id, ...page } = parse(shiftListQuery, request.query);
      return listShifts(ctx.db.kysely, {
        accountId: account.id,
        ...pageBounds(page),
        ...(user_id !== undefined ? { userId: user_id } : {}),
      });
    });

    app.get('/a/manager/account/:id/shifts/:shift_id', async (request): Promise<ZReport> => {
      const account = await accountInScope(ctx, request);
      const { shift_id } = parse(shiftParams, request.params);
      // An open shift has no Z-report yet; another account's shift is not found either.
      const report = await findZReport(ctx.db.kysely, shift_id, account.id);
      if (!report) throw new ApiError(ERR.notFound);
      return report;
    });
  };
}
