// The floor's alerts, raised once when their condition starts and cleared when it ends (docs/product.md,
// section 16). They run on what the venue's changes already say (the change feed, live/), never by
// scanning the ledger per call:
//
// - a change that moved a venue's float (a cash call, a float move, its settings) queues one check of the
//   venue; the changes arriving while it waits (`debounceMs`) or runs cost that one check, or one more.
//   The check reads the venue's row (float and settings), its open alerts, and, with the hour's alert on,
//   one indexed range sum of its withdrawals: float_low and withdrawals_hour are raised or cleared there,
//   and a setting set to null clears that kind's open alerts. With the cash report's thresholds on, it
//   also sums the running gaming day's player cash per player (one walk of the partial index of the
//   day's player operations) and raises structuring for each player the rule of structuring.ts finds;
//   that alert ends with its gaming day, not when the sums move on.
// - a closed shift (`closed_shift_ids`) raises shift_difference once if |difference| is above the setting.
//   It names a past event, so it clears when a manager acknowledges it (floor.routes.ts), or when its
//   setting is turned off; never by itself.
// - a timer every `everyMs` (reading the app's clock, so tests move time) raises device_silent for the
//   ready devices past their venue's silence and clears the rest, and rechecks the venues with an open
//   withdrawals_hour alert (their hour slides with time alone) or structuring alert (its day ends).
//
// Each server process runs its own checks on every process's changes (PostgreSQL's LISTEN/NOTIFY):
// raising is idempotent by the unique index `alerts_one_open`, and only the process whose raise or
// clear wrote a row tells the back office (`alerts: true` in the change).
import { ALERT_KINDS, runningGamingDays } from '@cashdesk/contract';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/database.js';
import type { AlertKind } from '../../db/schema.js';
import {
  alertsChange,
  publishAfterCommit,
  type Change,
  type ChangeFeed,
  type ChangeSubscriber,
} from '../../live/change-feed.js';
import {
  alertEverRaised,
  closedShifts,
  HOUR_MS,
  openAlertKeys,
  silentDevices,
  units,
  venueAlertSettings,
  withdrawalsSince,
  type OpenAlert,
  type OpenAlertKey,
  type SilentDevice,
  type VenueAlertSettings,
} from './alert-queries.js';
import { clearAlert, raiseAlert } from './floor.repository.js';
import { playerDayFigures } from '../reports/cash-report.repository.js';
import { justUnder, structuringDetails, structuringSign } from './structuring.js';

export interface AlertCheckOptions {
  debounceMs: number;
  everyMs: number;
}

const keyOf = (k: { account_id: number; subject: string }) => `${k.account_id}/${k.subject}`;

export class AlertChecks implements ChangeSubscriber {
  /** Venues waiting for a check, with the closed shifts it must look at. */
  private readonly queued = new Map<number, Set<number>>();
  /** Venues with a check waiting or running: a change for them only joins the queue. */
  private readonly busy = new Set<number>();
  private readonly running = new Set<Promise<unknown>>();
  private readonly waits = new Set<NodeJS.Timeout>();
  private timer: NodeJS.Timeout | null = null;
  private unsubscribe: (() => void) | null = null;
  private stopped = true;
  /** Venue checks done so far: tests and the bench wait for the next one. */
  checked = 0;
  /** A check that failed (the database away): logged; the next change or tick checks again. */
  private onError: (error: unknown) => void = () => undefined;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly changes: ChangeFeed,
    private readonly options: AlertCheckOptions,
  ) {}

  /** Hears every venue's changes, starts the timer, and checks every venue once (settings may have moved). */
  async start(onError?: (error: unknown) => void): Promise<void> {
    if (!this.stopped) return;
    this.stopped = false;
    if (onError) this.onError = onError;
    this.unsubscribe = this.changes.subscribeAll(this);
    await this.changes.ready().catch((error: unknown) => this.onError(error));
    this.timer = setInterval(() => this.track(this.tick()), this.options.everyMs);
    this.timer.unref();
    this.track(this.checkEveryVenue());
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.unsubscribe?.();
    if (this.timer) clearInterval(this.timer);
    for (const wait of this.waits) clearTimeout(wait);
    this.waits.clear();
    this.queued.clear();
    this.busy.clear();
    await Promise.all(this.running);
  }

  onChange(change: Change): void {
    const shifts = change.closed_shift_ids ?? [];
    if (this.stopped || (!change.float && shifts.length === 0)) return;
    this.schedule(change.account_id, shifts);
  }

  /** The feed missed changes (PostgreSQL's listener dropped): listen again and check every venue. */
  onLost(): void {
    if (this.stopped) return;
    this.track(this.changes.ready().then(() => this.checkEveryVenue()));
  }

  /** Resolves once no check is waiting or running (tests and the bench). */
  async idle(): Promise<void> {
    while (this.busy.size > 0 || this.running.size > 0) {
      await Promise.all([...this.running, new Promise((resolve) => setTimeout(resolve, 5))]);
    }
  }

  /** The timer's work: silent devices across venues, and the hours that slid with time alone. */
  async tick(): Promise<void> {
    const now = this.clock.now();
    await publishAfterCommit(
      this.changes,
      () => this.settleSilence(now),
      (venues) => [...venues].map(alertsChange),
    );
    const sliding = await openAlertKeys(this.db.kysely, { kinds: ['withdrawals_hour', 'structuring'] });
    for (const venue of new Set(sliding.map((alert) => alert.account_id))) this.schedule(venue, []);
  }

  private async checkEveryVenue(): Promise<void> {
    const venues = await this.db.kysely.selectFrom('accounts').select('id').execute();
    for (const venue of venues) this.schedule(Number(venue.id), []);
    await this.tick();
  }

  private schedule(accountId: number, shifts: readonly number[]): void {
    const queued = this.queued.get(accountId) ?? new Set<number>();
    for (const id of shifts) queued.add(id);
    this.queued.set(accountId, queued);
    if (this.busy.has(accountId) || this.stopped) return;
    this.busy.add(accountId);
    const wait = setTimeout(() => {
      this.waits.delete(wait);
      this.track(this.run(accountId));
    }, this.options.debounceMs);
    this.waits.add(wait);
  }

  private async run(accountId: number): Promise<void> {
    const shifts = [...(this.queued.get(accountId) ?? [])];
    this.queued.delete(accountId);
    try {
      await publishAfterCommit(
        this.changes,
        () => this.checkVenue(accountId, shifts),
        (told) => (told ? alertsChange(accountId) : null),
      );
      this.checked += 1;
    } finally {
      this.busy.delete(accountId);
      // Changes that came while it ran: one more check for all of them.
      if (this.queued.has(accountId)) this.schedule(accountId, []);
    }
  }

  private track(work: Promise<unknown>): void {
    const tracked = work.catch((error: unknown) => this.onError(error));
    this.running.add(tracked);
    void tracked.finally(() => this.running.delete(tracked));
  }

  /** One venue's check; true when it raised or cleared an alert. */
  private async checkVenue(accountId: number, shiftIds: readonly number[]): Promise<boolean> {
    const venue = await venueAlertSettings(this.db.kysely, accountId);
    if (!venue) return false;
    const now = this.clock.now();
    const open = await openAlertKeys(this.db.kysely, { account_id: accountId, kinds: ALERT_KINDS });
    const subject = `account:${accountId}`;
    const told = [
      await this.settle({ account_id: accountId, kind: 'float_low', subject }, floatLow(venue), open, now),
      await this.settle(
        { account_id: accountId, kind: 'withdrawals_hour', subject },
        await this.withdrawalsHour(venue, now),
        open,
        now,
      ),
      await this.clearTurnedOff(venue, open, now),
      await this.shiftDifferences(venue, shiftIds, now),
      await this.structuring(venue, open, now),
    ];
    return told.some(Boolean);
  }

  /** Raises the alert of a condition that holds (`details`) and is not open; clears one that ended. */
  private async settle(
    key: OpenAlertKey,
    details: string | null,
    open: readonly OpenAlertKey[],
    now: number,
  ): Promise<boolean> {
    const isOpen = open.some((o) => o.kind === key.kind && o.subject === key.subject);
    if (details !== null && !isOpen) return raiseAlert(this.db.kysely, { ...key, details, now_ms: now });
    if (details === null && isOpen) return clearAlert(this.db.kysely, { ...key, now_ms: now });
    return false;
  }

  private async withdrawalsHour(venue: VenueAlertSettings, now: number): Promise<string | null> {
    if (venue.withdrawals_hour === null) return null;
    const total = await withdrawalsSince(this.db.kysely, venue.id, now - HOUR_MS);
    if (total <= venue.withdrawals_hour) return null;
    return `withdrawals ${units(total)} in the last hour, above ${units(venue.withdrawals_hour)}`;
  }

  /**
   * Raises structuring for each player of the running gaming day whose cash the rule flags
   * (structuring.ts), once per player and day: an open one stays open while its day runs, whatever the
   * sums do next, and clears once the day is over, or at once when both thresholds are turned off.
   */
  private async structuring(
    venue: VenueAlertSettings,
    open: readonly OpenAlert[],
    now: number,
  ): Promise<boolean> {
    const { today } = runningGamingDays(now, venue);
    const off = venue.log_above === null && venue.report_above === null;
    let told = false;
    const stillOpen = new Set<string>();
    for (const alert of open.filter((o) => o.kind === 'structuring')) {
      if (off || alert.started_at_ms < today.fromMs) {
        told = (await clearAlert(this.db.kysely, { ...alert, now_ms: now })) || told;
      } else stillOpen.add(alert.subject);
    }
    if (off) return told;
    const players = await playerDayFigures(this.db.kysely, {
      accountId: venue.id,
      fromMs: today.fromMs,
      toMs: today.toMs,
      correctedBeforeMs: today.toMs,
      band: venue.log_above === null ? null : justUnder(venue.log_above),
    });
    for (const player of players) {
      const sign = structuringSign(player, venue);
      const subject = `player:${player.player_id}`;
      if (sign === null || stillOpen.has(subject)) continue;
      const key = { account_id: venue.id, kind: 'structuring' as const, subject };
      const details = structuringDetails(player.player_id, sign, units);
      told = (await raiseAlert(this.db.kysely, { ...key, details, now_ms: now })) || told;
    }
    return told;
  }

  /** A setting set to null clears the open alerts of its kind at once. */
  private async clearTurnedOff(
    venue: VenueAlertSettings,
    open: readonly OpenAlertKey[],
    now: number,
  ): Promise<boolean> {
    const off: AlertKind[] = [];
    if (venue.device_silent_minutes === null) off.push('device_silent');
    if (venue.shift_difference === null) off.push('shift_difference');
    let told = false;
    for (const alert of open.filter((o) => off.includes(o.kind))) {
      told = (await clearAlert(this.db.kysely, { ...alert, now_ms: now })) || told;
    }
    return told;
  }

  private async shiftDifferences(
    venue: VenueAlertSettings,
    shiftIds: readonly number[],
    now: number,
  ): Promise<boolean> {
    const above = venue.shift_difference;
    if (above === null || shiftIds.length === 0) return false;
    let told = false;
    for (const shift of await closedShifts(this.db.kysely, venue.id, shiftIds)) {
      if (Math.abs(shift.difference) <= above) continue;
      const key = { account_id: venue.id, kind: 'shift_difference' as const, subject: `shift:${shift.id}` };
      // Told once: acknowledged (and so cleared), it stays cleared whichever process hears the close late.
      if (await alertEverRaised(this.db.kysely, key)) continue;
      const side = shift.difference < 0 ? 'short' : 'over';
      const details = `${shift.name} closed ${units(Math.abs(shift.difference))} ${side}, above ${units(above)}`;
      told = (await raiseAlert(this.db.kysely, { ...key, details, now_ms: now })) || told;
    }
    return told;
  }

  /** Raises device_silent for the silent devices, clears the rest; the venues whose alerts moved. */
  private async settleSilence(now: number): Promise<Set<number>> {
    const silent = await silentDevices(this.db.kysely, now);
    const open = await openAlertKeys(this.db.kysely, { kinds: ['device_silent'] });
    const openKeys = new Set(open.map(keyOf));
    const silentKeys = new Set(
      silent.map((d) => keyOf({ account_id: d.account_id, subject: `device:${d.id}` })),
    );
    const venues = new Set<number>();
    for (const device of silent) {
      const key = {
        account_id: device.account_id,
        kind: 'device_silent' as const,
        subject: `device:${device.id}`,
      };
      if (openKeys.has(keyOf(key))) continue;
      const raised = await raiseAlert(this.db.kysely, {
        ...key,
        details: silentDetails(device),
        now_ms: now,
      });
      if (raised) venues.add(device.account_id);
    }
    for (const alert of open.filter((o) => !silentKeys.has(keyOf(o)))) {
      if (await clearAlert(this.db.kysely, { ...alert, now_ms: now })) venues.add(alert.account_id);
    }
    return venues;
  }
}

function floatLow(venue: VenueAlertSettings): string | null {
  if (venue.float_below === null || venue.balance >= venue.float_below) return null;
  return `float ${units(venue.balance)} below ${units(venue.float_below)}`;
}

function silentDetails(device: SilentDevice): string {
  const since =
    device.last_seen_at_ms === null
      ? 'no report yet'
      : `no report since ${new Date(device.last_seen_at_ms).toISOString()}`;
  return `${device.name}: ${since} (silent after ${device.silent_minutes} minutes)`;
}
