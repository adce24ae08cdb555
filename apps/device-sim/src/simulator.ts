// A gaming cabinet or home-play client in one object: enrolls (or reuses its saved identity), shows a
// pairing PIN until a cashier links it, then plays on every place that has money, at a set pace.
// Used by the CLI (main.ts) and in-process by the server's demo mode and by tests.
//
// It holds the device's push stream (`GET /device/events/stream`, docs/live-updates.md) beside its
// polls: a link, an unlink or a cashier's deposit arrives at once, and while the stream is up the polls
// slow to `refreshWithPushMs`. When the stream cannot open or drops, it is reopened with backoff and the
// polls run at their own pace meanwhile, as they did before push.
import { randomBytes, randomInt } from 'node:crypto';
import {
  ERR,
  MODULES,
  type Balances,
  type DeviceEventRequest,
  type DeviceEventType,
  type DeviceState,
  type EnrollRequest,
  type PinRequest,
} from '@cashdesk/contract';
import {
  GatewayClient,
  GatewayError,
  sleep,
  type PushedState,
  StoppedError,
  type EventAnswer,
  type RetryInfo,
  type RetryPolicy,
} from './gateway-client.js';
import {
  createRng,
  DEFAULT_WEIGHTS,
  EMPTY_MEMORY,
  closeOpenBet,
  nextEvent,
  rememberApplied,
  type PlaceBalance,
  type PlayMemory,
  type Rng,
  type Weights,
} from './player.js';
import { loadState, newSavedState, saveState, type SavedState } from './state-file.js';

export type DeviceKind = EnrollRequest['kind'];
export type LogLevel = 'info' | 'warn' | 'error';

/** One event the simulator sent and the server answered (applied or refused). */
export interface SimulatorEvent {
  trx: string;
  place: number;
  type: DeviceEventType;
  amount: number;
  ok: boolean;
  /** The place's balances after the event (when applied). */
  balances?: Balances;
  /** The refusal (when not applied), e.g. 422 `not enough money`. */
  status?: number;
  err?: string;
}

export interface PinInfo {
  pin: string;
  expiresAt: Date;
}

export interface DeviceSimulatorOptions {
  /** Base URL of the server, e.g. http://127.0.0.1:8080. */
  server: string;
  kind?: DeviceKind;
  /** MODULES.rocket, .fruit or .frog. */
  module: number;
  gameId?: number;
  /** Places to enroll (default 4 for a cabinet, 1 for a remote client); the server's list is then the truth. */
  places?: number;
  /** Pause between two game events. */
  paceMs?: number;
  /** Pause between two state polls while waiting to be linked, or while no place has money. */
  pollMs?: number;
  /** While playing, re-read the state this often: a cashier may have deposited or withdrawn. */
  refreshMs?: number;
  /**
   * While the push stream is up, `pollMs` and `refreshMs` slow to this (default 30000): the stream tells
   * of a link and of a cashier's cash call at once, so the polls only catch what it might have missed.
   */
  refreshWithPushMs?: number;
  /** Hold the push stream (default true); false polls alone, as before push. */
  push?: boolean;
  /** Seed of the playing strategy; random when absent (see `seed`). */
  seed?: number;
  /** Where to keep the device's identity and unanswered events across restarts. */
  stateFile?: string;
  /** Reuse this identity instead of enrolling (in-process use without a state file). */
  deviceToken?: string;
  /** How long stop() waits for the answer to an event in flight (default 3000). */
  stopGraceMs?: number;
  /**
   * Make a new PIN this often (a home-play client rotating its cash-call PIN on purpose, as its player's
   * "new PIN" would): unlike the renewal at the end of a PIN's life, it drops a till holding the phone.
   */
  newPinEveryMs?: number;
  retry?: Partial<RetryPolicy>;
  weights?: Partial<Weights>;
  /** For tests: a fake transport. */
  fetch?: typeof fetch;
  onPin?: (pin: string, expiresAt: Date) => void;
  onLinked?: () => void;
  onEvent?: (event: SimulatorEvent) => void;
  onLog?: (level: LogLevel, message: string) => void;
  /** A failure that ended the simulator (e.g. 401: the server no longer knows this device). */
  onError?: (error: Error) => void;
}

export type SimulatorPhase = 'new' | 'enrolling' | 'pairing' | 'playing' | 'stopped' | 'failed';

const DEFAULTS = {
  paceMs: 1500,
  pollMs: 1000,
  refreshMs: 5000,
  refreshWithPushMs: 30_000,
  gameId: 1,
  stopGraceMs: 3000,
} as const;

/** A PIN the server kept at a renewal is asked for again at its end, and never sooner than this. */
const KEPT_PIN_RECHECK_MS = 5_000;

/**
 * Reopening a push stream that dropped or was refused: the first retry soon (a server restart), then
 * doubling up to half a minute, half of it random so a floor of devices does not come back in step.
 */
const STREAM_RETRY = { initialMs: 500, maxMs: 30_000 } as const;

/** 8 to 64 characters of [A-Za-z0-9_-] (contract); random bytes keep it unique across restarts and seeds. */
export function newTrx(): string {
  return `ev-${Date.now().toString(36)}-${randomBytes(9).toString('base64url')}`;
}

export class DeviceSimulator {
  readonly seed: number;
  private readonly rng: Rng;
  private readonly weights: Weights;
  /** Fired by stop(): no new work starts, and every pause ends at once. */
  private readonly stopping = new AbortController();
  /** Fired when the stop grace runs out: a request still waiting for the server is abandoned. */
  private readonly abandon = new AbortController();
  private readonly client: GatewayClient;
  /** What this device enrolled as (the flags, or what a state file says it was). */
  private enrollment: EnrollRequest;
  private readonly opts: DeviceSimulatorOptions;

  private phaseValue: SimulatorPhase = 'new';
  private uuidValue: string | null = null;
  private idValue: number | null = null;
  private linkedValue = false;
  private pinValue: PinInfo | null = null;
  private placesValue: PlaceBalance[] = [];
  private memory: PlayMemory = EMPTY_MEMORY;
  private pending: DeviceEventRequest[] = [];
  private running: Promise<void> | null = null;
  private failure: Error | null = null;
  /** PIN requests run one after another, so the PIN shown is always the one the server holds last. */
  private pinChain: Promise<unknown> = Promise.resolve();
  private pinTimer: NodeJS.Timeout | null = null;
  private waiters: { resolve: () => void; reject: (error: Error) => void }[] = [];
  private stats = { applied: 0, refused: 0 };
  /** The push stream's loop, while it runs. */
  private streaming: Promise<void> | null = null;
  /** The stream said hello and has not dropped since: the polls slow down. */
  private pushUp = false;
  /** A pushed state came since the last wait (waitForNews), or wakes the one under way. */
  private news = false;
  private wakeNews: (() => void) | null = null;
  /** Playing with an event perhaps in flight: a pushed state is read again before the next event. */
  private refreshWanted = false;
  /** Waiting for money with no event in flight: a pushed state is taken as it is. */
  private idle = false;

  constructor(options: DeviceSimulatorOptions) {
    this.opts = options;
    const kind = options.kind ?? 'cabinet';
    this.enrollment = {
      kind,
      module: options.module,
      game_id: options.gameId ?? DEFAULTS.gameId,
      places: options.places ?? (kind === 'remote' ? 1 : 4),
    };
    this.seed = options.seed ?? randomInt(0, 2 ** 31);
    this.rng = createRng(this.seed);
    this.weights = { ...DEFAULT_WEIGHTS, ...options.weights };
    this.client = new GatewayClient({
      baseUrl: options.server,
      token: options.deviceToken,
      retry: options.retry,
      signal: this.abandon.signal,
      fetch: options.fetch,
      onRetry: (info) => this.onRetry(info),
      onRecovered: ({ call, attempts }) => this.log('info', `${call}: answered after ${attempts} attempts`),
    });
  }

  get phase(): SimulatorPhase {
    return this.phaseValue;
  }
  get linked(): boolean {
    return this.linkedValue;
  }
  /** The server's id of this device, known after the first state report. */
  get deviceId(): number | null {
    return this.idValue;
  }
  get uuid(): string | null {
    return this.uuidValue;
  }
  get deviceToken(): string | undefined {
    return this.client.token;
  }
  get pin(): PinInfo | null {
    return this.pinValue;
  }
  /** The last known balances of every place. */
  get places(): readonly PlaceBalance[] {
    return this.placesValue;
  }
  /** Events sent whose answer is not known yet (at most one while playing; more from a saved state). */
  get pendingEvents(): readonly DeviceEventRequest[] {
    return this.pending;
  }
  get counts(): Readonly<{ applied: number; refused: number }> {
    return { ...this.stats };
  }
  /** The push stream is open (it said hello and has not dropped since). */
  get pushed(): boolean {
    return this.pushUp;
  }

  /**
   * Enrolls the device (or takes its saved identity) and starts playing in the background. Resolves
   * once the device has an identity; rejects if it cannot get one (e.g. enrollment is closed).
   */
  async start(): Promise<void> {
    if (this.phaseValue !== 'new') throw new Error(`cannot start a simulator that is ${this.phaseValue}`);
    this.phaseValue = 'enrolling';
    try {
      await this.establishIdentity();
    } catch (error) {
      if (error instanceof StoppedError) return;
      this.phaseValue = 'failed';
      this.failure = error instanceof Error ? error : new Error(String(error));
      throw error;
    }
    // stop() may have come while enrolling; then nothing more starts.
    if (this.stopping.signal.aborted) return;
    if (this.opts.newPinEveryMs !== undefined && this.opts.newPinEveryMs > 0) {
      this.pinTimer = setInterval(() => {
        this.newPin().catch((error: unknown) => this.reportNonFatal('new PIN', error));
      }, this.opts.newPinEveryMs);
    }
    if (this.opts.push ?? true) this.streaming = this.holdStream();
    this.running = this.run();
  }

  /**
   * Stops playing: no new event starts, and an event in flight gets up to `graceMs` (default
   * `stopGraceMs`) for its answer. If none comes, it stays pending (and saved in the state file), to be
   * resent identically on the next start.
   */
  async stop(graceMs: number = this.opts.stopGraceMs ?? DEFAULTS.stopGraceMs): Promise<void> {
    if (this.pinTimer) clearInterval(this.pinTimer);
    this.pinTimer = null;
    this.stopping.abort();
    const timer = setTimeout(() => this.abandon.abort(), graceMs);
    await this.running;
    await this.streaming;
    clearTimeout(timer);
    this.abandon.abort();
    await this.pinChain.catch(() => undefined);
    if (this.phaseValue !== 'failed') this.phaseValue = 'stopped';
    this.settleWaiters(new StoppedError());
    this.persist();
  }

  /** Resolves when a cashier has linked the device; rejects on timeout, stop or failure. */
  waitUntilLinked(timeoutMs?: number): Promise<void> {
    if (this.linkedValue) return Promise.resolve();
    if (this.failure) return Promise.reject(this.failure);
    if (this.stopping.signal.aborted) return Promise.reject(new StoppedError());
    return new Promise<void>((resolve, reject) => {
      let timer: NodeJS.Timeout | undefined;
      const waiter = {
        resolve: () => {
          clearTimeout(timer);
          resolve();
        },
        reject: (error: Error) => {
          clearTimeout(timer);
          reject(error);
        },
      };
      if (timeoutMs !== undefined) {
        timer = setTimeout(() => {
          this.waiters = this.waiters.filter((w) => w !== waiter);
          reject(new Error(`device not linked within ${timeoutMs} ms`));
        }, timeoutMs);
      }
      this.waiters.push(waiter);
    });
  }

  /** Makes a new PIN now (a home-play client's "new PIN" button); the previous one stops working. */
  newPin(): Promise<PinInfo> {
    return this.askPin({});
  }

  /**
   * The scheduled renewal at the end of the PIN's life: the server keeps the PIN while a till holds the
   * phone open (its calls push the PIN's life on), so a phone in use is not dropped every 10 minutes, and
   * gives a new one otherwise. What the renewals of an expired PIN run.
   */
  renewPin(): Promise<PinInfo> {
    return this.askPin({ keep_live: true });
  }

  private askPin(request: NonNullable<PinRequest>): Promise<PinInfo> {
    const next = this.pinChain.then(async () => {
      const answer = await this.client.requestPin(request);
      const kept = request.keep_live === true && this.pinValue?.pin === answer.pin;
      // A kept PIN whose end this device's clock already sees past (its clock ahead of the server's) is
      // asked for again a little later, not at once and again.
      const end = Date.parse(answer.expires_at);
      const expiresAt = new Date(kept ? Math.max(end, Date.now() + KEPT_PIN_RECHECK_MS) : end);
      const info = { pin: answer.pin, expiresAt };
      this.pinValue = info;
      if (kept) {
        this.log('info', `a till holds the PIN open: it stays until ${info.expiresAt.toISOString()}`);
      } else {
        this.opts.onPin?.(info.pin, info.expiresAt);
      }
      return info;
    });
    this.pinChain = next.catch(() => undefined);
    return next;
  }

  // ---- lifecycle ----------------------------------------------------------------------------------

  private async establishIdentity(): Promise<void> {
    const saved = this.opts.stateFile ? loadState(this.opts.stateFile) : null;
    if (saved) {
      this.adoptSaved(saved);
    } else if (this.client.token) {
      this.log('info', 'using the given device token');
    }
    if (this.client.token) {
      try {
        await this.refreshState();
        return;
      } catch (error) {
        // The server does not know the token (e.g. a fresh database): this is a new device now.
        if (!(error instanceof GatewayError && error.status === 401)) throw error;
        this.log('warn', 'the server does not know the saved device; enrolling a new one');
        if (this.pending.length > 0) {
          this.log('warn', `dropping ${this.pending.length} unanswered event(s) of the unknown device`);
        }
        this.pending = [];
        this.client.token = undefined;
      }
    }
    const enrolled = await this.client.enroll(this.enrollment);
    this.uuidValue = enrolled.uuid;
    this.persist();
    this.log('info', `enrolled as a new ${this.enrollment.kind} (uuid ${enrolled.uuid})`);
    await this.refreshState();
  }

  private adoptSaved(saved: SavedState): void {
    this.client.token = saved.device_token;
    this.uuidValue = saved.uuid;
    this.pending = [...saved.pending];
    const e = saved.enrolled;
    const asked = this.enrollment;
    this.enrollment = e;
    if (e.kind !== asked.kind || e.module !== asked.module || e.places !== asked.places) {
      this.log(
        'warn',
        `the state file holds a ${e.kind} (module ${e.module}, ${e.places} places); using it, not the flags`,
      );
    }
    if (saved.server !== this.opts.server) {
      this.log('warn', `the state file was written for ${saved.server}, not ${this.opts.server}`);
    }
    this.log(
      'info',
      `reusing the saved device (uuid ${saved.uuid})` +
        (saved.pending.length > 0 ? `, ${saved.pending.length} unanswered event(s) to resend` : ''),
    );
  }

  private async run(): Promise<void> {
    try {
      while (!this.stopping.signal.aborted) {
        if (!this.linkedValue) await this.pair();
        await this.play();
      }
    } catch (error) {
      if (error instanceof StoppedError) return;
      const failure = error instanceof Error ? error : new Error(String(error));
      this.failure = failure;
      this.phaseValue = 'failed';
      this.log('error', `simulator stopped: ${failure.message}`);
      this.settleWaiters(failure);
      this.opts.onError?.(failure);
    }
  }

  /** Shows a PIN and polls the state until a cashier links the device, renewing an expired PIN. */
  private async pair(): Promise<void> {
    this.phaseValue = 'pairing';
    if (!this.pinValue || this.expired(this.pinValue)) await this.renewPin();
    while (!this.linkedValue) {
      // Woken early by the stream's news (then its state is already taken), or by the PIN running out.
      const wait = Math.min(this.slowed(this.opts.pollMs ?? DEFAULTS.pollMs), this.untilPinExpires());
      if (!(await this.waitForNews(wait))) await this.refreshState();
      if (!this.linkedValue && this.pinValue && this.expired(this.pinValue)) {
        this.log('info', 'the PIN expired; renewing it');
        await this.renewPin();
      }
    }
  }

  /** Milliseconds until the PIN shown runs out (0 once it has), Infinity without one. */
  private untilPinExpires(): number {
    return this.pinValue ? Math.max(0, this.pinValue.expiresAt.getTime() - Date.now()) : Infinity;
  }

  private expired(pin: PinInfo): boolean {
    return Date.now() >= pin.expiresAt.getTime();
  }

  /** Plays until stopped or until the server says the device is no longer linked. */
  private async play(): Promise<void> {
    this.phaseValue = 'playing';
    const signal = this.stopping.signal;
    // A home-play client always shows its PIN: cashiers need the current one for its cash calls.
    if (this.enrollment.kind === 'remote' && !this.pinValue) await this.renewPin();
    // Unanswered events from before (a restart, a lost answer) go first, exactly as they were.
    for (const event of [...this.pending]) {
      if (signal.aborted) throw new StoppedError();
      await this.deliver(event);
      if (!this.linkedValue) return;
    }
    const refreshMs = this.opts.refreshMs ?? DEFAULTS.refreshMs;
    let refreshedAt = Date.now();
    while (this.linkedValue) {
      // The server refuses an expired PIN on remote calls too: a phone in play renews it in time (and
      // keeps it while a till holds the phone open).
      if (this.enrollment.kind === 'remote' && this.pinValue && this.expired(this.pinValue)) {
        this.log('info', 'the PIN expired; renewing it');
        await this.renewPin();
      }
      if (this.refreshWanted || Date.now() - refreshedAt >= this.slowed(refreshMs)) {
        this.refreshWanted = false;
        await this.refreshState();
        refreshedAt = Date.now();
        if (!this.linkedValue) return;
      }
      if (signal.aborted) throw new StoppedError();
      const plan = nextEvent(this.placesValue, this.memory, this.rng, this.weights);
      if (!plan) {
        // Nothing to play with: wait for a cashier's deposit, told by the stream or found by the poll.
        this.idle = true;
        let pushed: boolean;
        try {
          // A phone's PIN may run out meanwhile: it shows a new one in time (the loop's top).
          const untilPin = this.enrollment.kind === 'remote' ? this.untilPinExpires() : Infinity;
          pushed = await this.waitForNews(
            Math.min(this.slowed(this.opts.pollMs ?? DEFAULTS.pollMs), untilPin),
          );
        } finally {
          this.idle = false;
        }
        if (!pushed || this.refreshWanted) {
          this.refreshWanted = false;
          await this.refreshState();
          refreshedAt = Date.now();
        }
        continue;
      }
      const event: DeviceEventRequest = { trx: newTrx(), ...plan };
      // Remembered (and saved) before the first send: whatever happens next, a resend is identical.
      this.pending.push(event);
      this.persist();
      await this.deliver(event);
      await sleep(this.opts.paceMs ?? DEFAULTS.paceMs, signal);
    }
  }

  /** Sends one event until it has an answer, then acts on the answer. */
  private async deliver(event: DeviceEventRequest): Promise<void> {
    const answer = await this.client.sendEvent(event);
    this.pending = this.pending.filter((e) => e !== event);
    this.persist();
    this.handleAnswer(event, answer);
    if (!answer.ok && answer.err !== ERR.deviceNotAvailable) await this.refreshState();
  }

  private handleAnswer(event: DeviceEventRequest, answer: EventAnswer): void {
    const base = { trx: event.trx, place: event.place, type: event.type, amount: event.amount };
    if (answer.ok) {
      this.stats.applied++;
      this.setPlaceBalances(event.place, answer.balances);
      this.memory = rememberApplied(this.memory, event);
      this.opts.onEvent?.({ ...base, ok: true, balances: answer.balances });
      return;
    }
    this.stats.refused++;
    this.memory = closeOpenBet(this.memory, event.place);
    this.opts.onEvent?.({ ...base, ok: false, status: answer.status, err: answer.err });
    if (answer.err === ERR.notEnoughMoney) {
      // Normal: a cashier withdrew since the last balances we saw.
      this.log('info', `place ${event.place}: not enough money (a cashier withdrew); refreshing`);
    } else if (answer.err === ERR.deviceNotAvailable) {
      this.log('warn', 'the server says the device is not linked any more; pairing again');
      this.linkedValue = false;
    } else {
      this.log('error', `event ${event.trx} refused: ${answer.status} ${answer.err}`);
    }
  }

  private async refreshState(): Promise<void> {
    this.takeState(await this.client.state());
  }

  private takeState(state: DeviceState): void {
    this.idValue = state.id;
    this.placesValue = state.places.map((p) => ({
      place: p.place,
      entries: p.balances.entries,
      final_bonus: p.balances.final_bonus,
    }));
    this.setLinked(state.linked);
  }

  /**
   * Holds the push stream until stopped: opened again after it drops or is refused (backoff, reset by a
   * stream that said hello). Refusals and failures are not logged: the polls carry on as before push,
   * and a device the server no longer knows fails on its next poll (401).
   */
  private async holdStream(): Promise<void> {
    const signal = this.stopping.signal;
    let failures = 0;
    while (!signal.aborted && this.phaseValue !== 'failed') {
      let heard = false;
      try {
        await this.client.stream((message) => {
          heard = true;
          this.onPushed(message);
        }, signal);
      } catch {
        // Refused (a server without the stream, over its caps) or unreachable: polled meanwhile.
      }
      this.pushUp = false;
      if (signal.aborted) return;
      failures = heard ? 1 : failures + 1;
      const base = Math.min(STREAM_RETRY.maxMs, STREAM_RETRY.initialMs * 2 ** (failures - 1));
      await sleep(Math.round(base / 2 + (Math.random() * base) / 2), signal).catch(() => undefined);
    }
  }

  /**
   * A state the server pushed. Waiting for a link or for money (no event in flight) it is taken as it is,
   * and so is an unlink; in play an event may cross it (read before the event applied, arriving after its
   * answer), so the state is read again before the next event instead.
   */
  private onPushed({ state }: PushedState): void {
    this.pushUp = true;
    if (!this.linkedValue || !state.linked || this.idle) this.takeState(state);
    else this.refreshWanted = true;
    this.news = true;
    this.wakeNews?.();
  }

  /** A poll's pause: slower while the stream is up and tells what the poll would find. */
  private slowed(ms: number): number {
    return this.pushUp ? Math.max(ms, this.opts.refreshWithPushMs ?? DEFAULTS.refreshWithPushMs) : ms;
  }

  /** Waits up to `ms`; true when a pushed state came (before or during the wait), false at its end. */
  private async waitForNews(ms: number): Promise<boolean> {
    if (this.news) {
      this.news = false;
      return true;
    }
    const woken = new AbortController();
    this.wakeNews = () => woken.abort();
    try {
      await sleep(ms, AbortSignal.any([this.stopping.signal, woken.signal]));
      return false;
    } catch (error) {
      if (this.stopping.signal.aborted) throw error;
      return true;
    } finally {
      this.wakeNews = null;
      this.news = false;
    }
  }

  private setPlaceBalances(place: number, balances: Balances): void {
    this.placesValue = this.placesValue.map((p) =>
      p.place === place ? { place, entries: balances.entries, final_bonus: balances.final_bonus } : p,
    );
  }

  private setLinked(linked: boolean): void {
    if (linked === this.linkedValue) return;
    this.linkedValue = linked;
    if (linked) {
      this.log('info', `linked by a cashier (device id ${this.idValue ?? '?'})`);
      this.settleWaiters(null);
      this.opts.onLinked?.();
    } else {
      // A pairing PIN is single-use: linking again needs a fresh one.
      this.pinValue = null;
      this.log('warn', 'the device is not linked');
    }
  }

  private settleWaiters(error: Error | null): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const w of waiters) {
      if (error) w.reject(error);
      else w.resolve();
    }
  }

  private persist(): void {
    const file = this.opts.stateFile;
    const token = this.client.token;
    if (!file || !token) return;
    saveState(
      file,
      newSavedState(
        this.opts.server,
        { device_token: token, uuid: this.uuidValue ?? '' },
        this.enrollment,
        this.pending,
      ),
    );
  }

  private onRetry(info: RetryInfo): void {
    const level: LogLevel = info.attempt === 1 ? 'warn' : 'info';
    this.log(level, `${info.call}: ${info.reason}; retrying in ${info.delayMs} ms (attempt ${info.attempt})`);
  }

  private reportNonFatal(what: string, error: unknown): void {
    if (error instanceof StoppedError) return;
    this.log('warn', `${what} failed: ${error instanceof Error ? error.message : String(error)}`);
  }

  private log(level: LogLevel, message: string): void {
    this.opts.onLog?.(level, message);
  }
}

/** The module of a game name (CLI and demo mode). */
export const GAME_MODULES = { rocket: MODULES.rocket, fruit: MODULES.fruit, frog: MODULES.frog } as const;
export type GameName = keyof typeof GAME_MODULES;
