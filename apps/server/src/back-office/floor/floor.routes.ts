// The manager's floor (admin, or the venue's manager; others 403 from back-office.routes.ts):
// GET .../overview, the venue at a glance; GET .../alerts, the open alerts; POST .../alerts/:alert_id/ack;
// GET .../events, the venue's live-updates stream for the back office (its alerts included).
import {
  ackAlertAnswer,
  alertParams,
  ERR,
  floorAlert,
  floorOverview,
  type FloorAlert,
  type FloorOverview,
} from '@cashdesk/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

import type { AppContext } from '../../context.js';
import { ApiError } from '../../http/api-error.js';
import { alertsChange, publishAfterCommit } from '../../live/change-feed.js';
import { answers, textAnswer } from '../../http/route-schemas.js';
import {
  LiveStreams,
  MAX_STREAMS_PER_ADDRESS,
  MAX_STREAMS_PER_SESSION,
  MAX_STREAMS_PER_USER,
} from '../../live/live-streams.js';
import { findSignedIn, sessionTokenOf } from '../../auth/index.js';
import { accountInScope, accountParams, actorOf } from '../access.js';
import { recordAudit } from '../audit/audit.repository.js';
import {
  floorDevices,
  hourlyCash,
  openAlerts,
  openShifts,
  ackAlert,
  clearAlert,
  type AlertRow,
  type HourSums,
} from './floor.repository.js';

const emptyBody = z.strictObject({}).optional();
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const iso = (ms: number) => new Date(ms).toISOString();

function alertOut(a: AlertRow): FloorAlert {
  return { id: a.id, kind: a.kind, started_at: iso(a.started_at_ms), subject: a.subject, details: a.details };
}

/** 24 hours from the day starting at `dayMs`, hour of day 0..23, the empty hours as zeros. */
function dayByHour(sums: Map<number, HourSums>, dayMs: number) {
  return Array.from({ length: 24 }, (_, hour) => {
    const s = sums.get(dayMs / HOUR_MS + hour);
    return { hour, deposits: s?.deposits ?? 0, withdrawals: s?.withdrawals ?? 0 };
  });
}

/** The session may end (sign-out, expiry, a block) or lose the venue while its stream is open. */
async function stillManaging(ctx: AppContext, token: string, accountId: number): Promise<boolean> {
  const signedIn = await findSignedIn(ctx, token);
  if (!signedIn || signedIn.session.locked_at_ms !== null || signedIn.user.blocked) return false;
  const { user } = signedIn;
  return user.role === 'admin' || (user.role === 'manager' && user.account_id === accountId);
}

export function floorRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (plain) => {
    const app = plain.withTypeProvider<ZodTypeProvider>();

    const overview = { schema: { params: accountParams, response: answers({ 200: floorOverview }) } };
    app.get('/a/manager/account/:id/overview', overview, async (request): Promise<FloorOverview> => {
      const account = await accountInScope(ctx, request);
      const now = ctx.clock.now();
      // "Today" is the UTC day (the account has no time zone setting in this tree).
      const today = Math.floor(now / DAY_MS) * DAY_MS;
      const yesterday = today - DAY_MS;
      const [hours, devices, shifts, alerts] = await Promise.all([
        hourlyCash(ctx.db.kysely, account.id, yesterday),
        floorDevices(ctx.db.kysely, account.id),
        openShifts(ctx.db.kysely, account.id),
        openAlerts(ctx.db.kysely, account.id),
      ]);
      const byHour = new Map(hours.map((h) => [h.hour, h]));
      const todayByHour = dayByHour(byHour, today);
      const deposits = todayByHour.reduce((sum, h) => sum + h.deposits, 0);
      const withdrawals = todayByHour.reduce((sum, h) => sum + h.withdrawals, 0);
      const silentAfter =
        account.alert_device_silent_minutes === null
          ? null
          : Number(account.alert_device_silent_minutes) * 60_000;
      const silent = devices.filter(
        (d) => silentAfter !== null && d.status === 'ready' && now - (d.last_seen_at_ms ?? 0) > silentAfter,
      );
      const overdraft = account.has_overdraft ? Number(account.overdraft_cents) : 0;
      const balance = Number(account.balance_cents);
      return {
        account_id: account.id,
        currency: account.currency,
        float: balance,
        overdraft_headroom: Math.max(0, overdraft - Math.max(0, -balance)),
        today: { deposits, withdrawals, net: deposits - withdrawals },
        today_by_hour: todayByHour,
        yesterday_by_hour: dayByHour(byHour, yesterday),
        devices: {
          ready: devices.filter((d) => d.status === 'ready').length - silent.length,
          registering: devices.filter((d) => d.status === 'registering').length,
          silent: silent.map((d) => ({
            id: d.id,
            name: d.name,
            last_seen_at: d.last_seen_at_ms === null ? null : iso(d.last_seen_at_ms),
          })),
        },
        cashiers: shifts.map((s) => ({
          user_id: s.user_id,
          name: s.name,
          shift_id: s.shift_id,
          opened_at: iso(s.opened_at_ms),
          running_total: s.running_total,
        })),
        // Approvals (issue 29) join here as `pending_approvals` once they land.
        alerts: alerts.map(alertOut),
      };
    });

    const streams = new LiveStreams({
      changes: ctx.changes,
      heartbeatMs: ctx.config.live.heartbeatMs,
      buildHash: ctx.buildHash,
    });
    app.addHook('preClose', async () => streams.endAll());
    const events = {
      schema: {
        params: accountParams,
        response: answers({
          200: textAnswer(
            'text/event-stream',
            '`event: hello` ({hash}) first, then `event: change` ({float, devices, alerts}) as they happen, ' +
              'and comment pings; docs/live-updates.md',
          ),
        }),
      },
    };
    app.get('/a/manager/account/:id/events', events, async (request, reply) => {
      const account = await accountInScope(ctx, request);
      const actor = actorOf(request);
      const token = sessionTokenOf(request)!;
      return streams.open(reply, {
        accountId: account.id,
        userId: null,
        tellAlerts: true,
        keys: [
          { key: `session:${token}`, max: MAX_STREAMS_PER_SESSION },
          { key: `user:${actor.user_id}`, max: MAX_STREAMS_PER_USER },
          { key: `address:${request.ip}`, max: MAX_STREAMS_PER_ADDRESS },
        ],
        stillEntitled: () => stillManaging(ctx, token, account.id),
      });
    });

    const list = { schema: { params: accountParams, response: answers({ 200: z.array(floorAlert) }) } };
    app.get('/a/manager/account/:id/alerts', list, async (request): Promise<FloorAlert[]> => {
      const account = await accountInScope(ctx, request);
      return (await openAlerts(ctx.db.kysely, account.id)).map(alertOut);
    });

    const ack = {
      schema: { params: alertParams, body: emptyBody, response: answers({ 200: ackAlertAnswer }) },
    };
    app.post('/a/manager/account/:id/alerts/:alert_id/ack', ack, async (request) => {
      const account = await accountInScope(ctx, request);
      const actor = actorOf(request);
      const now = ctx.clock.now();
      const write = () =>
        ctx.db.kysely.transaction().execute(async (trx) => {
          const alert = await ackAlert(trx, {
            account_id: account.id,
            alert_id: request.params.alert_id,
            user_id: actor.user_id ?? 0,
            now_ms: now,
          });
          if (!alert) return undefined;
          // A shift's difference names a past event: acknowledged, it is dealt with (alert-checks.ts).
          if (alert.kind === 'shift_difference')
            await clearAlert(trx, { ...alert, account_id: account.id, now_ms: now });
          await recordAudit(trx, {
            actor,
            action: 'alert.ack',
            target_type: 'account',
            target_id: account.id,
            account_id: account.id,
            before: null,
            after: { alert_id: alert.id, kind: alert.kind, subject: alert.subject },
            now_ms: now,
          });
          return alert;
        });
      // Other managers' screens refetch the alerts.
      const acked = await publishAfterCommit(ctx.changes, write, (alert) =>
        alert ? alertsChange(account.id) : null,
      );
      if (!acked) throw new ApiError(ERR.notFound);
      return { id: acked.id, acked_at: iso(now) };
    });
  };
}
