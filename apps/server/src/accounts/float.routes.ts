// The cashier's float: `GET /a/cashier/account_balance`, polled every 5 s by the web app.
import type { FloatInfo } from '@cashdesk/contract';
import type { FastifyPluginAsync } from 'fastify';
import { cashierOf, requireCashier } from '../auth/guards.js';
import type { AppContext } from '../context.js';
import { restrictionsOf } from '../users/users.repository.js';
import { toFloatInfo } from './accounts.repository.js';
import { cashierAccount } from './cashier-account.js';

export function floatRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    app.get(
      '/a/cashier/account_balance',
      { preHandler: requireCashier, config: { revalidate: true } },
      async (request): Promise<FloatInfo> => {
        const cashier = cashierOf(request);
        return toFloatInfo(await cashierAccount(ctx.db.kysely, cashier), restrictionsOf(cashier));
      },
    );
  };
}
