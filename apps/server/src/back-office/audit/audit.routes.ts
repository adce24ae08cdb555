// Reading the audit log: every entry for an admin, one account's for its manager. No route writes,
// edits or deletes an entry: they are written only beside the change they record.
import { auditEntry, auditQuery, type AuditEntry } from '@cashdesk/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { answers } from '../../http/route-schemas.js';
import { accountInScope, accountParams, requireAdmin } from '../access.js';
import { pageBounds } from '../paging.js';
import { listAudit } from './audit.repository.js';

export function auditRoutes(ctx: AppContext): FastifyPluginAsync {
  const entries = answers({ 200: z.array(auditEntry) });

  return async (plain) => {
    const app = plain.withTypeProvider<ZodTypeProvider>();
    const all = { preValidation: requireAdmin, schema: { querystring: auditQuery, response: entries } };
    app.get('/a/admin/audit', all, async (request): Promise<AuditEntry[]> => {
      const q = request.query;
      return listAudit(ctx.db.kysely, { ...pageBounds(q), ...(q.action ? { action: q.action } : {}) });
    });

    const ofAccount = { schema: { params: accountParams, querystring: auditQuery, response: entries } };
    app.get('/a/manager/account/:id/audit', ofAccount, async (request): Promise<AuditEntry[]> => {
      const account = await accountInScope(ctx, request);
      const q = request.query;
      return listAudit(ctx.db.kysely, {
        ...pageBounds(q),
        accountId: account.id,
        ...(q.action ? { action: q.action } : {}),
      });
    });
  };
}
