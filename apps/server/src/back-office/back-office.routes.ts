// The back office (admin and manager console): every route under /a/admin/ and /a/manager/, behind the
// session guard of app.ts and, here, the role check: a cashier gets 403 `Forbidden` on all of them.
// docs/back-office.md lists the calls and who may make them.
import { API_BASE } from '@cashdesk/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../context.js';
import { accountInScope, decorateScopedAccount, requireBackOffice } from './access.js';
import { accountsRoutes } from './accounts/accounts.routes.js';
import { correctionsRoutes } from './corrections/corrections.routes.js';
import { auditRoutes } from './audit/audit.routes.js';
import { accountDevicesRoutes } from './devices/account-devices.routes.js';
import { floorEventsRoutes } from './floor/floor-events.routes.js';
import { floorRoutes } from './floor/floor.routes.js';
import { ledgerRoutes } from './ledger/ledger.routes.js';
import { verifyRoutes } from './reconciliation/verify.routes.js';
import { dailyReportRoutes } from './reports/daily-report.routes.js';
import { shiftReportRoutes } from './reports/shift-report.routes.js';
import { backOfficeShiftsRoutes } from './shifts/shifts.routes.js';
import { usersRoutes } from './users/users.routes.js';

const ACCOUNT_ROUTES = `${API_BASE}/a/manager/account/:id`;

/**
 * `approvals`: the manager's four-eyes routes (apps/server/src/approvals/), and `players`: the manager's
 * player routes (apps/server/src/players/), handed in by app.ts: those domains use this one, so this one
 * cannot import them. Registered here, behind the same checks.
 */
export function backOfficeRoutes(
  ctx: AppContext,
  routes: { approvals: FastifyPluginAsync; players: FastifyPluginAsync },
): FastifyPluginAsync {
  return async (app) => {
    decorateScopedAccount(app);
    // Who may call, and on which account, before what the call holds is validated: a manager of another
    // venue gets 403 whatever the body, and learns nothing from a 400 about what the call would take.
    app.addHook('preValidation', requireBackOffice);
    app.addHook('preValidation', async (request) => {
      if (request.routeOptions.url?.startsWith(ACCOUNT_ROUTES)) await accountInScope(ctx, request);
    });
    await app.register(accountsRoutes(ctx));
    await app.register(usersRoutes(ctx));
    await app.register(accountDevicesRoutes(ctx));
    await app.register(ledgerRoutes(ctx));
    await app.register(shiftReportRoutes(ctx));
    await app.register(dailyReportRoutes(ctx));
    await app.register(backOfficeShiftsRoutes(ctx));
    await app.register(verifyRoutes(ctx));
    await app.register(auditRoutes(ctx));
    await app.register(routes.approvals);
    await app.register(routes.players);
    await app.register(correctionsRoutes(ctx));
    await app.register(floorRoutes(ctx));
    await app.register(floorEventsRoutes(ctx));
  };
}
