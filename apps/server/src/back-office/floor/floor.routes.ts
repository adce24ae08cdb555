// The manager's floor (admin, or the venue's manager; others 403 from back-office.routes.ts):
// GET .../overview, the venue at a glance; GET .../alerts, the open alerts; POST .../alerts/:alert_id/ack.
import {
  ackAlertAnswer,
  alertParams,
  ERR,
  floorAlert,
  floorOverview,
  runningGamingDays,
  type FloorAlert,
  type FloorOverview,
  type GamingDayWindow,
} from '@cashdesk/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

import type { AppContext } from '../../context.js';
import { ApiError } from '../../http/api-error.js';
import { alertsChange, publishAfterCommit } from '../../live/change-feed.js';
import { answers } from '../../http/route-schemas.js';
import { accountInScope, accountParams, actorOf } from '../access.js';
import { recordAudit } from '../audit/audit.repository.js';
import { venueAlerts } from './alert-facts.js';
import {
  floorDevices,
  hourlyCash,
  openShifts,
  ackAlert,
  clearAlert,
  type HourSums,
} from './floor.repository.js';

const emptyBody = z.strictObject({}).optional();
const HOUR_MS = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Every hour of a gaming day from its start (24; 23 or 25 the day the clocks change), the empty hours as
 * zeros.
 */
function dayByHour(sums: readonly HourSums[], day: GamingDayWindow) {
  const byHour = new Map(sums.map((h) => [h.hour, h]));
  return Array.from({ length: Math.ceil((day.toMs - day.fromMs) / HOUR_MS) }, (_, hour) => {
    const s = byHour.get(hour);
    return {
      hour,
      from: iso(day.fromMs + hour * HOUR_MS),
      deposits: s?.deposits ?? 0,
      withdrawals: s?.withdrawals ?? 0,
    };
  });
}

export function floorRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (plain) => {
    const app = plain.withTypeProvider<ZodTypeProvider>();

    const overview = { schema: { params: accountParams, response: answers({ 200: floorOverview }) } };
    app.get('/a/manager/account/:id/overview', overview, async (request): Promise<FloorOverview> => {
      const account = await accountInScope(ctx, request);
      const now = ctx.clock.now();
      // Today is the venue's gaming day running now, by the daily report's rule (its time zone and the
      // hour its day starts), so a venue's figures start again when its day does, not at UTC midnight.
      const venueClock = { time_zone: account.time_zone, day_starts_at: Number(account.day_starts_at) };
      const { today, yesterday } = runningGamingDays(now, venueClock);
      const [todayHours, yesterdayHours, devices, shifts, alerts] = await Promise.all([
        hourlyCash(ctx.db.kysely, account.id, today),
        hourlyCash(ctx.db.kysely, account.id, yesterday),
        floorDevices(ctx.db.kysely, account.id),
        openShifts(ctx.db.kysely, account.id),
        venueAlerts(ctx.db.kysely, account, now),
      ]);
      const todayByHour = dayByHour(todayHours, today);
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
        gaming_day: {
          day: today.day,
          from: iso(today.fromMs),
          to: iso(today.toMs),
          ...venueClock,
        },
        today_by_hour: todayByHour,
        yesterday_by_hour: dayByHour(yesterdayHours, yesterday),
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
        // No pending approvals here: they have their own call (`GET .../approvals?status=pending`,
        // docs/api.md, "Four eyes"), which the back office's Approvals badge polls.
        alerts,
      };
    });

    const list = { schema: { params: accountParams, response: answers({ 200: z.array(floorAlert) }) } };
    app.get('/a/manager/account/:id/alerts', list, async (request): Promise<FloorAlert[]> => {
      const account = await accountInScope(ctx, request);
      return venueAlerts(ctx.db.kysely, account, ctx.clock.now());
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
