// Composes the server: external plugins, then cross-cutting hooks, then one route module per domain.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import cookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import { API_BASE, ERR } from '@cashdesk/contract';
import Fastify, { LogController, type FastifyInstance, type RouteOptions } from 'fastify';
import { authRoutes } from './auth/auth.routes.js';
import { backOfficeRoutes } from './back-office/back-office.routes.js';
import { approvalExpirySweep } from './approvals/approval-expiry.js';
import { cashierApprovalsRoutes } from './approvals/cashier-approvals.routes.js';
import { managerApprovalsRoutes } from './approvals/manager-approvals.routes.js';
import { ledgerAnchorSweep } from './back-office/reports/ledger-anchors.js';
import { installSessionGuard } from './auth/guards.js';
import type { AppContext } from './context.js';
import { floatRoutes } from './accounts/float.routes.js';
import { cashRoutes } from './cash/cash.routes.js';
import { devicesRoutes } from './devices/devices.routes.js';
import { cabinetPayments } from './devices/index.js';
import { gatewayRoutes } from './gateway/gateway.routes.js';
import { healthRoutes } from './health/health.routes.js';
import { clientErrorHandler, frameworkErrors, installErrorHandling } from './http/errors.js';
import { installLedgerArrivals } from './http/ledger-arrivals.js';
import { installOpenApi, openApiRoutes } from './http/openapi.js';
import { installRouteSchemas } from './http/route-schemas.js';
import { installSameOriginCheck } from './http/same-origin.js';
import { installResponseHeaders, originOf } from './http/response-headers.js';
import { liveEventsRoutes } from './accounts/live-events.routes.js';
import { lockRoutes } from './lock/lock.routes.js';
import { maintenanceRoutes } from './maintenance/maintenance.routes.js';
import { installMetrics } from './metrics/metrics.routes.js';
import { clientConfigRoutes } from './client-config/client-config.routes.js';
import { demoClientRoutes } from './client-config/demo-client.routes.js';
import { installConditionalGet } from './http/conditional-get.js';
import { firstScreenData } from './http/first-screen-data.js';
import { insertBefore } from './http/insert-before.js';
import { isSignedInScreen, screenPages } from './http/first-screen-preloads.js';
import { reportsRoutes } from './reports/reports.routes.js';
import { receiptCopyRoutes } from './cash/receipt-copy.routes.js';
import { cashierPlayersRoutes } from './players/cashier-players.routes.js';
import { managerPlayersRoutes } from './players/manager-players.routes.js';
import { shiftsRoutes } from './shifts/shifts.routes.js';

/** Which worker process answered (only with WORKERS > 1): for an operator reading a trace, and tests. */
export const WORKER_HEADER = 'x-cashdesk-worker';

export interface BuildOptions {
  /** false in tests that assert nothing about logs. */
  logger?: boolean;
  /** Where the JSON log lines go (stdout by default); tests read them from here. */
  logStream?: { write(line: string): void };
  /** Hears every route as it is declared: the test that every route has its schemas (test/http/openapi.test.ts). */
  onRoute?: (route: RouteOptions) => void;
  /** Names the worker process in an `x-cashdesk-worker` header on every answer (WORKERS, workers/). */
  worker?: number;
}

/**
 * Fields that must never reach a log line, whatever an error or a future log call carries: cookies,
 * device tokens, passwords, identity documents. A second line of defence; no log call passes them on
 * purpose.
 */
const REDACT = [
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  '*.password',
  '*.old',
  '*.new',
  '*.token',
  '*.device_token',
  '*.password_hash',
  // A player's identity (docs/security.md, "Players' identity"); their name goes under a key too common
  // to redact everywhere, and no log call is handed a player.
  '*.document_kind',
  '*.document_number',
  '*.birth_date',
];

export async function buildApp(ctx: AppContext, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: ctx.config.logLevel,
            redact: { paths: REDACT, censor: '[redacted]' },
            ...(options.logStream ? { stream: options.logStream } : {}),
          },
    genReqId: () => randomUUID(),
    // Terminals poll every 5 s and devices report every second: one line per request at debug, not info.
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: ctx.config.trustProxy,
    bodyLimit: 64 * 1024,
    routerOptions: { maxParamLength: 200 },
    // Errors Fastify or Node answer before any route runs get the contract's format too.
    frameworkErrors,
    clientErrorHandler,
  });

  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  const worker = options.worker === undefined ? null : String(options.worker);
  if (worker !== null) {
    app.addHook('onRequest', (_request, reply, done) => {
      reply.header(WORKER_HEADER, worker);
      done();
    });
  }

  // JSON only: a cross-site form post (urlencoded, multipart, text/plain) is refused with 415.
  app.removeContentTypeParser('text/plain');
  // An empty JSON body reads as no body (`POST /device/pin` takes none); schemas then judge it.
  const defaultJsonParser = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '') return done(null, undefined);
    return defaultJsonParser(request, body as string, done);
  });
  await app.register(cookie);
  installErrorHandling(app);
  // Request validation and answers from the contract's zod schemas, and the OpenAPI document built from them.
  installRouteSchemas(app);
  await installOpenApi(app);
  app.addHook('onResponse', async (request, reply) => {
    const status = reply.statusCode;
    const level = status >= 500 ? 'error' : status >= 400 ? 'info' : 'debug';
    request.log[level](
      {
        method: request.method,
        url: request.routeOptions.url ?? unmatchedPath(request.url),
        status,
        ms: reply.elapsedTime,
      },
      'request',
    );
  });
  // Before any route: every request, the 404s and /metrics itself included, is timed.
  installMetrics(app, ctx);
  const chatOrigin = originOf(ctx.config.support.chatScriptUrl);
  // The security headers, the request's id, and `Connection: close` while closing, on every answer.
  installResponseHeaders(app, { https: false, trustedOrigins: chatOrigin ? [chatOrigin] : [] });
  installSameOriginCheck(app);
  installConditionalGet(app);
  // Every route under /api/v1/a/ needs a live session, whichever module declares it.
  installSessionGuard(app, ctx);
  // On the root, so the money routes of every routes plugin (cash, gateway) tell the ledger they are coming.
  installLedgerArrivals(app);

  // The background jobs, in start order: they start on onReady and stop in reverse once the requests in
  // flight have finished, before main.ts closes the database (the whole sequence: background-jobs.ts).
  ctx.jobs.add(
    // First, so it closes last: every job below publishes on it. The live streams that hear it end
    // earlier still, at preClose (their routes'), or closing would wait on them.
    { name: 'change feed', start: () => undefined, stop: () => ctx.changes.close() },
    // The ledger's rows onto their hash chains, a moment after each commit; its stop seals what is left.
    {
      name: 'ledger sealer',
      start: (failed) => void ctx.sealer.start(failed),
      stop: () => ctx.sealer.close(),
      failures: { level: 'error', message: 'ledger sealing' },
    },
    // The floor's alerts, from the feed's changes and a timer.
    {
      name: 'alert checks',
      start: (failed) => ctx.alerts.start(failed),
      stop: () => ctx.alerts.stop(),
      failures: { level: 'warn', message: 'alert check failed' },
    },
    // Four eyes: each request nobody decided gets its audit entry once its window has passed.
    approvalExpirySweep(ctx),
    // Each closed gaming day's chain head, kept once per venue so `verify` sees a chain cut back after it.
    ledgerAnchorSweep(ctx),
  );
  app.addHook('onReady', async () => ctx.jobs.start(app.log));
  app.addHook('onClose', async () => ctx.jobs.stop(app.log));

  await app.register(healthRoutes(ctx));
  await app.register(authRoutes(ctx), { prefix: API_BASE });
  await app.register(floatRoutes(ctx), { prefix: API_BASE });
  await app.register(
    liveEventsRoutes(ctx, (accountId, ids) => cabinetPayments(ctx.db.kysely, accountId, ids)),
    { prefix: API_BASE },
  );
  await app.register(devicesRoutes(ctx), { prefix: API_BASE });
  await app.register(cashRoutes(ctx), { prefix: API_BASE });
  await app.register(receiptCopyRoutes(ctx), { prefix: API_BASE });
  await app.register(shiftsRoutes(ctx), { prefix: API_BASE });
  await app.register(cashierApprovalsRoutes(ctx), { prefix: API_BASE });
  await app.register(cashierPlayersRoutes(ctx), { prefix: API_BASE });
  await app.register(reportsRoutes(ctx), { prefix: API_BASE });
  await app.register(
    backOfficeRoutes(ctx, { approvals: managerApprovalsRoutes(ctx), players: managerPlayersRoutes(ctx) }),
    { prefix: API_BASE },
  );
  await app.register(lockRoutes(ctx), { prefix: API_BASE });
  await app.register(maintenanceRoutes(ctx), { prefix: API_BASE });
  await app.register(clientConfigRoutes(ctx), { prefix: API_BASE });
  await app.register(gatewayRoutes(ctx));
  if (ctx.config.demo) await app.register(demoClientRoutes());
  await app.register(openApiRoutes);

  await serveWebApp(app, ctx);
  return app;
}

/**
 * What the log keeps of a URL no route matched: its path, cut to 200 characters, without the query
 * string, where a careless client may have put a token.
 */
function unmatchedPath(url: string): string {
  return url.split('?')[0]!.slice(0, 200);
}

/** Serves the built web app with a single-page fallback; unknown API paths stay a JSON 404. */
async function serveWebApp(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const dist = ctx.config.webDist;
  const hasWeb = dist !== null && fs.existsSync(path.join(dist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: path.resolve(dist),
      wildcard: false,
      // The build writes .br and .gz beside each asset: about a third of the bytes on the wire.
      preCompressed: true,
    });
  }

  const pageFor = hasWeb ? screenPages(dist) : null;
  app.setNotFoundHandler(async (request, reply) => {
    if (pageFor && request.method === 'GET' && isScreenPath(request.url)) {
      const page = pageFor(request.url);
      // A signed-in screen's page carries the session's first answers (http/first-screen-data.ts).
      const data = isSignedInScreen(request.url) ? await firstScreenData(app, request) : '';
      // Asked again on every visit (a new build names new chunks); the files it names are immutable.
      // With a session's answers in it, the page is that session's: never stored.
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', data ? 'no-store' : 'no-cache')
        .send(data ? insertBefore(page, '</body>', data) : page);
    }
    return reply.status(404).send({ err: ERR.notFound });
  });
}

/**
 * Whether an unknown URL may be one of the web app's screens (its router shows 'no page' for the rest).
 * API and gateway paths, and paths that look like files (`/backup.sql`, `/.env`, `/x/config.php`), are
 * a JSON 404: answering them with the page (200) tells a scanner nothing true and hides real misses.
 */
export function isScreenPath(url: string): boolean {
  const path = url.split('?')[0]!.toLowerCase();
  if (path === '/api' || path.startsWith('/api/') || path === '/device' || path.startsWith('/device/')) {
    return false;
  }
  return !path.split('/').some((segment) => segment.startsWith('.') || /\.[a-z0-9]+$/.test(segment));
}
