// Reading the audit log: every entry for an admin, one account's for its manager. No route writes,
// edits or deletes an entry: they are written only beside the change they record.
import { auditQuery, type AuditEntry } from '@cashdesk/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context.js';
import { parse } from '../../http/validate.js';
import { accountInScope, requireAdmin } from '../access.js';
import { pageBounds } from '../paging.js';
import { listAudit } from './audit.repository.js';

export function auditRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    app.get('/a/admin/audit', { preHandler: requireAdmin }, async (request): Promise<AuditEntry[]> => {
      const q = parse(auditQuery, request.query);
      return listAudit(ctx.db.kysely, { ...pageBounds(q), ...(q.action ? { action: q.action } : {}) });
    });

    app.get('/a/manager/account/:id/audit', async (request): Promise<AuditEntry[]> => {
      const account = await accountInScope(ctx, request);
      const q = parse(auditQuery, request.query);
      return listAudit(ctx.db.kysely, {
        ...pageBounds(q),
        accountId: account.id,
        ...(q.action ? { action: q.action } : {}),
      });
    });
  };
}
