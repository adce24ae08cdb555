// A fleet of simulated cashier terminals for the polling-capacity search. Each terminal behaves as the web
// app does on the devices screen (docs/product.md section 7): it polls the float, the selected device's detail and
// the server version every 5 s, each on its own timer, and makes one cash call a minute, all on its own
// keep-alive connection with its own session. Terminals start at random phases, as real ones would.
//
// Push terminals (mode 'push') hold the live-updates stream (event-stream.ts) on a second connection,
// refetch everything on a hello and what a change names (revalidating), poll only every SAFETY_POLL_MS,
// and make the same cash call a minute. The fleet also times each change's delivery: from a cash call's answer at one
// terminal to the `change` naming the float at each other terminal of the venue.
import { performance } from 'node:perf_hooks';
import { POLL_INTERVAL_MS, POLL_WITH_PUSH_MS } from '@cashdesk/contract';
import { createSession, type Db } from '@cashdesk/server';
import { EventStream } from './event-stream.js';
import { addCashier, addDevice, fundedAccount } from './setup.js';
import { Terminal } from './terminal.js';
import { timedCall } from './timed-call.js';

export const CASH_INTERVAL_MS = 60_000;
/** A push terminal's slow poll of float, device detail and version, for what push may miss (as the app). */
export const SAFETY_POLL_MS = POLL_WITH_PUSH_MS;
/** Terminals per venue: they share its float, each looks at a device of its own. */
const TERMINALS_PER_VENUE = 4;
const AMOUNT_CENTS = 100;
/** Push terminals opening their stream (and refetching on its hello) at once while the fleet starts. */
export const OPENING_CONCURRENCY = 32;
/** A change later than this after the cash call's answer (or never) counts as not delivered. */
export const DELIVERY_LATE_MS = 5_000;

export interface TerminalData {
  token: string;
  deviceId: number;
  /** The venue: terminals of one account share its float. */
  accountId: number;
}

/** Creates terminal data (venue, cashier, device, session) until there are `count`; returns all of it. */
export async function ensureTerminals(
  db: Db,
  existing: TerminalData[],
  count: number,
): Promise<TerminalData[]> {
  // Sizes are multiples of 50, not of 4: a venue begun by the last call is filled up first.
  let accountId = existing.at(-1)?.accountId ?? 0;
  for (let i = existing.length; i < count; i++) {
    if (i % TERMINALS_PER_VENUE === 0 || accountId === 0) accountId = await fundedAccount(db);
    const cashier = await addCashier(db, accountId);
    const device = await addDevice(db, accountId);
    // Sessions made straight in the database through the real repository: thousands of Argon2 sign-ins
    // would take minutes and measure Argon2, not polling. The HTTP cash benchmark signs in for real.
    const { token } = await createSession(db.kysely, { userId: cashier.id, remember: true }, Date.now());
    existing.push({ token, deviceId: device.id, accountId });
  }
  return existing;
}

export interface Sample {
  /** When the call started, performance.now() ms. */
  at: number;
  latencyMs: number;
  /**
   * poll: a timed poll (every 5 s, or a push terminal's safety poll); fetch: a push terminal's refetch on
   * a hello or a change; cash: the cash call; stream: opening the live-updates stream (to its headers).
   */
  kind: 'poll' | 'fetch' | 'cash' | 'stream';
  status: number;
}

export type FleetMode = 'revalidate' | 'plain' | 'push';

export interface FleetOptions {
  /**
   * revalidate: polls every 5 s with If-None-Match (the last ETag of each URL), as a browser does with a
   * revalidatable answer; plain: the same polls without it (full answers); push: the stream, refetches
   * with If-None-Match and the safety poll.
   */
  mode: FleetMode;
}

/** One push terminal as the delivery bookkeeping sees it. */
interface Listener {
  stream: EventStream;
  /** Cash calls of other terminals of the venue whose change this terminal has not heard yet. */
  waiting: CashOp[];
}

interface CashOp {
  answeredAt: number | null;
  ok: boolean;
  /** Per other terminal of the venue with an open stream when the call was sent: when the change came. */
  heard: Map<Listener, number | null>;
}

export interface DeliveryFigures {
  /** Cash calls answered 200 in the window, with at least one other terminal listening. */
  calls: number;
  /** ms from the answer to the change at each other terminal, ascending; 0 when it came first. */
  latenciesMs: Float64Array;
  /** Changes that never came, or more than DELIVERY_LATE_MS after the answer. */
  late: number;
}

/** Runs `data.length` terminals against `url` until stopped, recording every call. */
export class Fleet {
  readonly samples: Sample[] = [];
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly terminals: Terminal[] = [];
  private readonly streams: EventStream[] = [];
  private readonly venues = new Map<number, Listener[]>();
  private readonly cashOps: CashOp[] = [];
  private stopped = false;
  /** Calls sent and not answered yet (timedCall counts them). */
  inFlight = 0;
  errors = 0;
  /** Why streams failed (the reason with its numbers blanked) and how often, for the log. */
  readonly streamFailures = new Map<string, number>();

  constructor(
    private readonly url: string,
    private readonly data: TerminalData[],
    private readonly options: FleetOptions,
  ) {}

  /**
   * Starts every terminal. Polling terminals start at once (their random phases spread the load); push
   * terminals open their streams OPENING_CONCURRENCY at a time, each refetching on its hello, and this
   * resolves once all are open: a real fleet's streams open over a day, not in one burst.
   */
  async start(): Promise<void> {
    if (this.options.mode !== 'push') {
      for (const item of this.data) this.startPollingTerminal(item);
      return;
    }
    let next = 0;
    const opener = async () => {
      while (!this.stopped && next < this.data.length) await this.startPushTerminal(this.data[next++]!);
    };
    await Promise.all(Array.from({ length: OPENING_CONCURRENCY }, opener));
  }

  /** Streams whose hello arrived and that have not ended since. */
  get openStreams(): number {
    return this.streams.filter((s) => s.live).length;
  }

  private newTerminal(item: TerminalData) {
    const terminal = new Terminal(this.url);
    terminal.useSession(item.token);
    this.terminals.push(terminal);
    const etags = new Map<string, string>();
    const revalidate = this.options.mode !== 'plain';
    const get = async (path: string) => {
      const etag = revalidate ? etags.get(path) : undefined;
      const answer = await terminal.get(path, etag ? { 'if-none-match': etag } : {});
      if (answer.etag) etags.set(path, answer.etag);
      return answer;
    };
    const paths = {
      float: '/a/cashier/account_balance',
      device: `/a/cashier/devices/${item.deviceId}`,
      version: '/cashier_v',
    };
    return { terminal, get, paths };
  }

  private startPollingTerminal(item: TerminalData): void {
    const { terminal, get, paths } = this.newTerminal(item);
    for (const path of [paths.float, paths.device, paths.version]) {
      this.every(POLL_INTERVAL_MS, () => get(path), 'poll');
    }
    let deposits = 0;
    this.every(
      CASH_INTERVAL_MS,
      () => terminal.cash(item.deviceId, 1, deposits++ % 2 === 0 ? AMOUNT_CENTS : -AMOUNT_CENTS),
      'cash',
    );
  }

  private async startPushTerminal(item: TerminalData): Promise<void> {
    const { terminal, get, paths } = this.newTerminal(item);
    const refetchFloat = this.refetcher(() => get(paths.float));
    const refetchDevice = this.refetcher(() => get(paths.device));
    const refetchVersion = this.refetcher(() => get(paths.version));
    let venue = this.venues.get(item.accountId);
    if (!venue) this.venues.set(item.accountId, (venue = []));
    let helloRefetches: Promise<unknown> | null = null;
    const stream = new EventStream(this.url, `x-token=${item.token}`, {
      // A refused or failed opening is counted once, as the stream's failure below.
      opened: (at, latencyMs, status) => this.record({ at, latencyMs, kind: 'stream', status }, false),
      hello: () => {
        // Whatever changed while the stream was closed, and maybe a new build: refetch all it shows, as
        // the web app does (use-live-updates.ts invalidates float, device and version on every hello).
        helloRefetches = Promise.all([refetchFloat(), refetchDevice(), refetchVersion()]);
      },
      change: (change, at) => {
        if (change.float) {
          for (const op of listener.waiting) if (op.heard.get(listener) === null) op.heard.set(listener, at);
          listener.waiting.length = 0;
          void refetchFloat();
        }
        if (change.devices.includes(item.deviceId)) void refetchDevice();
      },
      failed: (reason) => {
        if (this.stopped) return;
        this.errors++;
        const kind = reason.replace(/\d+/g, 'N').slice(0, 120);
        this.streamFailures.set(kind, (this.streamFailures.get(kind) ?? 0) + 1);
      },
    });
    const listener: Listener = { stream, waiting: [] };
    this.streams.push(stream);
    venue.push(listener);
    await stream.open();
    // The hello's refetches belong to opening: the next terminal opens once they answered.
    await helloRefetches;
    if (this.stopped) return;
    for (const path of [paths.float, paths.device, paths.version]) {
      this.every(SAFETY_POLL_MS, () => get(path), 'poll');
    }
    let deposits = 0;
    const others = venue;
    this.every(
      CASH_INTERVAL_MS,
      async () => {
        const op: CashOp = { answeredAt: null, ok: false, heard: new Map() };
        for (const other of others) {
          if (other === listener || !other.stream.live) continue;
          op.heard.set(other, null);
          other.waiting.push(op);
        }
        this.cashOps.push(op);
        const answer = await terminal.cash(
          item.deviceId,
          1,
          deposits++ % 2 === 0 ? AMOUNT_CENTS : -AMOUNT_CENTS,
        );
        op.answeredAt = performance.now();
        op.ok = true;
        return answer;
      },
      'cash',
    );
  }

  /**
   * A refetch of one URL as a page's query does it: one at a time; asked again while one is in flight,
   * it runs once more after it (the answer in flight may predate the change). Resolves when it is done.
   */
  private refetcher(call: () => Promise<{ status: number }>): () => Promise<void> {
    let running: Promise<void> | null = null;
    let again = false;
    return () => {
      // Once stopped (the changes of the window's last calls are still being timed), no new call.
      if (this.stopped) return running ?? Promise.resolve();
      if (running) {
        again = true;
        return running;
      }
      running = (async () => {
        do {
          again = false;
          await this.timed('fetch', call);
        } while (again && !this.stopped);
        running = null;
      })();
      return running;
    };
  }

  private record(sample: Sample, countError = true): void {
    // Recorded even after stop(): a slow call of the measured window must count, not vanish.
    if (countError && sample.status !== 200 && sample.status !== 304) this.errors++;
    this.samples.push(sample);
  }

  /** Makes one call, counted in flight, and records it. */
  private async timed(kind: Sample['kind'], call: () => Promise<{ status: number }>): Promise<void> {
    const { at, latencyMs, status } = await timedCall(this, call);
    this.record({ at, latencyMs, kind, status });
  }

  /** Calls `call` every `intervalMs` from a random phase; a call still running delays the next, as RTK Query's polling does. */
  private every(intervalMs: number, call: () => Promise<{ status: number }>, kind: Sample['kind']): void {
    const run = async () => {
      if (this.stopped) return;
      await this.timed(kind, call);
      if (!this.stopped) this.schedule(run, intervalMs);
    };
    this.schedule(run, Math.random() * intervalMs);
  }

  private schedule(run: () => Promise<void>, delayMs: number): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      void run();
    }, delayMs);
    this.timers.add(timer);
  }

  /** Delivery of the cash calls answered in [from, to): call once stop() has resolved. */
  deliveries(from: number, to: number): DeliveryFigures {
    const latencies: number[] = [];
    let calls = 0;
    let late = 0;
    for (const op of this.cashOps) {
      if (!op.ok || op.answeredAt === null || op.answeredAt < from || op.answeredAt >= to) continue;
      if (op.heard.size === 0) continue;
      calls++;
      for (const heardAt of op.heard.values()) {
        const latency = heardAt === null ? Infinity : Math.max(0, heardAt - op.answeredAt);
        if (latency > DELIVERY_LATE_MS) late++;
        else latencies.push(latency);
      }
    }
    return { calls, latenciesMs: Float64Array.from(latencies).sort(), late };
  }

  /** Changes still awaited for calls answered up to `to`, at terminals whose stream is open. */
  private awaitedDeliveries(to: number): number {
    let awaited = 0;
    for (const op of this.cashOps) {
      if (!op.ok || op.answeredAt === null || op.answeredAt >= to) continue;
      for (const [listener, heardAt] of op.heard) if (heardAt === null && listener.stream.live) awaited++;
    }
    return awaited;
  }

  /**
   * Starts no new call, waits up to `drainMs` for the calls in flight to answer (a call still unanswered
   * then is recorded as an error), lets the changes of the window's last cash calls arrive (push: up to
   * `deliveriesOf.graceMs` for calls answered before `deliveriesOf.to`), and closes the connections.
   */
  async stop(drainMs = 5_000, deliveriesOf?: { to: number; graceMs: number }): Promise<void> {
    this.stopped = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    const deadline = performance.now() + drainMs;
    while (this.inFlight > 0 && performance.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    this.errors += this.inFlight;
    if (deliveriesOf) {
      const until = performance.now() + deliveriesOf.graceMs;
      while (this.awaitedDeliveries(deliveriesOf.to) > 0 && performance.now() < until)
        await new Promise((r) => setTimeout(r, 50));
    }
    await Promise.all([...this.streams.map((s) => s.close()), ...this.terminals.map((t) => t.destroy())]);
  }
}
