// The cashier's float: `GET /a/cashier/account_balance`, polled every 5 s by the web app.
import { floatInfo, type FloatInfo } from '@cashdesk/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { answers } from '../http/route-schemas.js';
import { cashierOf, requireCashier } from '../auth/index.js';
import type { AppContext } from '../context.js';
import { restrictionsOf } from '../users/index.js';
import { toFloatInfo } from './accounts.repository.js';
import { cashierAccount } from './cashier-account.js';

export function floatRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (plain) => {
    const app = plain.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/a/cashier/account_balance',
      {
        preValidation: requireCashier,
        config: { revalidate: true },
        schema: { response: answers({ 200: floatInfo }) },
      },
      async (request): Promise<FloatInfo> => {
        const cashier = cashierOf(request);
        return toFloatInfo(await cashierAccount(ctx.db.kysely, cashier), restrictionsOf(cashier));
      },
    );
  };
}
