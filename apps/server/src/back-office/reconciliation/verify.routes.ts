// Reconciliation: runs the ledger's verify (every stored balance recomputed from the ledger rows) for the
// whole ledger (admin) or one account (admin, or its manager), and says how long it took.
import { verifyResult, type VerifyResult } from '@cashdesk/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

import type { AppContext } from '../../context.js';
import { verifyLedger } from '../../ledger/verify.js';
import { answers } from '../../http/route-schemas.js';
import { accountInScope, accountParams, requireAdmin } from '../access.js';

export function verifyRoutes(ctx: AppContext): FastifyPluginAsync {
  async function run(accountId: number | null): Promise<VerifyResult> {
    const started = performance.now();
    const mismatches = await verifyLedger(ctx.db, accountId === null ? {} : { accountId });
    return {
      ok: mismatches.length === 0,
      account_id: accountId,
      checked_at: new Date(ctx.clock.now()).toISOString(),
      duration_ms: Math.round(performance.now() - started),
      mismatches,
    };
  }

  const response = answers({ 200: verifyResult });

  return async (plain) => {
    const app = plain.withTypeProvider<ZodTypeProvider>();
    app.get('/a/admin/verify', { preValidation: requireAdmin, schema: { response } }, async () => run(null));

    app.get(
      '/a/manager/account/:id/verify',
      { schema: { params: accountParams, response } },
      async (request) => {
        const account = await accountInScope(ctx, request);
        return run(account.id);
      },
    );
  };
}
