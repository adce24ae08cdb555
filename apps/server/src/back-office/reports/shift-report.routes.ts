// The shift report of one account (admin, or its manager): every cashier of the account, and anyone
// else who operated its devices in the window, with their deposit and withdraw totals.
import { shiftReport, shiftReportQuery, type CashierTotals, type ShiftReport } from '@cashdesk/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

import type { AppContext } from '../../context.js';
import { ApiError } from '../../http/api-error.js';
import { answers } from '../../http/route-schemas.js';
import { listUsers } from '../../users/index.js';
import { accountInScope, accountParams } from '../access.js';
import { cashierSums, type CashierSums } from './shift-report.repository.js';

const ZERO = { deposits: 0, deposit_total: 0, withdraws: 0, withdraw_total: 0 };

function withNet(sums: Omit<CashierSums, 'user_id'>) {
  return { ...sums, net: sums.deposit_total - sums.withdraw_total };
}

export function shiftReportRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (plain) => {
    const app = plain.withTypeProvider<ZodTypeProvider>();
    const report = {
      schema: { params: accountParams, querystring: shiftReportQuery, response: answers({ 200: shiftReport }) },
    };
    app.get('/a/manager/account/:id/shift_report', report, async (request): Promise<ShiftReport> => {
      const account = await accountInScope(ctx, request);
      const q = request.query;
      if (q.from.getTime() > q.to.getTime()) throw ApiError.validation('from', 'must not be after to');
      const sums = await cashierSums(ctx.db.kysely, {
        accountId: account.id,
        fromMs: q.from.getTime(),
        toMs: q.to.getTime(),
      });
      const sumsOf = new Map(sums.map((s) => [s.user_id, s]));
      // The account's cashiers, and whoever else operated here then (moved to another account since).
      const accountUsers = (await listUsers(ctx.db.kysely, account.id)).filter((u) => u.role === 'cashier');
      const known = new Set(accountUsers.map((u) => u.id));
      const others = sums.some((s) => !known.has(s.user_id))
        ? (await listUsers(ctx.db.kysely)).filter((u) => sumsOf.has(u.id) && !known.has(u.id))
        : [];
      const cashiers: CashierTotals[] = [...accountUsers, ...others]
        .map((u) => {
          const { user_id: _id, ...own } = sumsOf.get(u.id) ?? { user_id: u.id, ...ZERO };
          return { user_id: u.id, login: u.login, name: u.name, ...withNet(own) };
        })
        .sort((a, b) => a.name.localeCompare(b.name) || a.user_id - b.user_id);
      const total = (key: keyof typeof ZERO) => cashiers.reduce((sum, c) => sum + c[key], 0);
      return {
        account_id: account.id,
        currency: account.currency,
        from: q.from.toISOString(),
        to: q.to.toISOString(),
        cashiers,
        totals: withNet({
          deposits: total('deposits'),
          deposit_total: total('deposit_total'),
          withdraws: total('withdraws'),
          withdraw_total: total('withdraw_total'),
        }),
      };
    });
  };
}
