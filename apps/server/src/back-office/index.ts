// The back office (admin and manager console): every route under /a/admin/ and /a/manager/, behind the
// session guard of app.ts and, here, the role check: a cashier gets 403 `Forbidden` on all of them.
// docs/back-office.md lists the calls and who may make them.
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../context.js';
import { requireBackOffice } from './access.js';
import { accountsRoutes } from './accounts/accounts.routes.js';
import { auditRoutes } from './audit/audit.routes.js';
import { accountDevicesRoutes } from './devices/account-devices.routes.js';
import { ledgerRoutes } from './ledger/ledger.routes.js';
import { verifyRoutes } from './reconciliation/verify.routes.js';
import { shiftReportRoutes } from './reports/shift-report.routes.js';
import { backOfficeShiftsRoutes } from './shifts/shifts.routes.js';
import { usersRoutes } from './users/users.routes.js';

export function backOfficeRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    app.addHook('preHandler', requireBackOffice);
    await app.register(accountsRoutes(ctx));
    await app.register(usersRoutes(ctx));
    await app.register(accountDevicesRoutes(ctx));
    await app.register(ledgerRoutes(ctx));
    await app.register(shiftReportRoutes(ctx));
    await app.register(backOfficeShiftsRoutes(ctx));
    await app.register(verifyRoutes(ctx));
    await app.register(auditRoutes(ctx));
  };
}
