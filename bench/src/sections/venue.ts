// A busy night at one venue, measured as a venue lives rather than as a closed loop: every cabinet sends
// its game play on its own schedule whatever the server answers (open loop, open-loop.ts), the venue's
// tills hold the live-updates stream and refetch what each message names as the web app does, a manager
// watches the back office's overview, and the tills make their cash calls. One server process, a fresh
// database per size, every cabinet enrolled and linked through the real calls. Reported: whether the
// server kept up with the cabinets, the latency of each kind of call, the server's and PostgreSQL's CPU.
import { randomInt, randomUUID } from 'node:crypto';
import path from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  POLL_INTERVAL_MS,
  POLL_WITH_PUSH_MS,
  TX_TYPE,
  type LiveChange,
  type Restriction,
} from '@cashdesk/contract';
import { createUser, hashPassword, type Db } from '@cashdesk/server';
import { Client, Pool } from 'undici';
import { EventStream } from '../event-stream.js';
import { benchLedgerProblems } from '../ledger-chain-switch.js';
import { openLoopFigures, scheduleOf, type OpenLoopFigures, type ScheduledCall } from '../open-loop.js';
import type { Options, VenueOptions } from '../options.js';
import { load } from '../machine.js';
import { cpuBetween, postgresBackendPids, snapshot } from '../proc-cpu.js';
import { batchCell, startServer, type BatchStats, type ServerProcess } from '../server-process.js';
import { fundedAccount } from '../setup.js';
import { formatMs, percentile, renderTable, type Column } from '../stats.js';
import { serverDatabaseEnv, type Target } from '../targets.js';
import { Terminal, type Answer } from '../terminal.js';
import { timedCall } from '../timed-call.js';
import { reportLedger } from './deposits.js';
import type { SectionResult } from './section.js';

const SERVER_POOL_SIZE = 10;
/** Seats of a cabinet, enrolled as `places: 4`. */
const SEATS = 4;
/** What a cashier puts on each seat before the night starts: far more than the night's bets can take. */
const SEAT_CENTS = 50_000;
/** A game event moves 0.10 to 2.00: a cabinet's 50-odd events of a run cannot empty a seat of 500.00. */
const EVENT_MIN_CENTS = 10;
const EVENT_MAX_CENTS = 200;
/** Each event moves up to this share of its period either way around its place on the cabinet's grid. */
const JITTER = 0.25;
/** A till's cash call every 20 s (a deposit, then a withdraw, ...) of 5.00 on a random seat. */
const CASH_EVERY_MS = 20_000;
const CASH_CENTS = 500;
/**
 * Connections a till's browser uses for its calls: Chromium opens 6 per host over HTTP/1.1 and the
 * stream holds one of them.
 */
const BROWSER_CONNECTIONS = 5;
/** Cabinets enrolled and linked at once while a size is set up. */
const SETUP_CONCURRENCY = 8;
/**
 * The gateway's throttles allow a network 100 enrollments and 600 PIN draws an hour
 * (apps/server/src/gateway/gateway-throttle.ts), and the PIN guard a few wrong PINs
 * (apps/server/src/devices/pin-guard.ts; a PIN drawn twice ends both, see setUpVenue): a venue installs
 * its cabinets over days, the setup in a minute, so their rows are cleared every this many cabinets.
 */
const THROTTLE_CLEAR_EVERY = 50;
const PASSWORD = 'Venue-night-2026!';
/** How long the calls still in flight at the window's end may take before they count as unanswered. */
const DRAIN_MS = 15_000;

type Kind =
  | 'event'
  | 'devices'
  | 'totals'
  | 'float'
  | 'version'
  | 'me'
  | 'cash'
  | 'overview'
  | 'alerts'
  | 'approvals'
  | 'account'
  | 'stream';

interface Sample {
  /** When the call was due (events: its scheduled time) or started, performance.now() ms. */
  at: number;
  latencyMs: number;
  kind: Kind;
  status: number;
}

/** Every call's outcome, and the failures by kind and status (anything but 200 or a revalidated 304). */
class CallLog {
  readonly samples: Sample[] = [];
  readonly failures = new Map<string, number>();

  add(sample: Sample): void {
    this.samples.push(sample);
    if (sample.status !== 200 && sample.status !== 304) this.fail(`${sample.kind} ${sample.status}`);
  }

  fail(what: string): void {
    this.failures.set(what, (this.failures.get(what) ?? 0) + 1);
  }
}

/**
 * A browser tab's calls: a terminal (terminal.ts) on a browser's several keep-alive connections, with the
 * ETags it revalidates with, as Chromium does with the web app's `cache: 'no-cache'` fetches.
 */
class Browser {
  private readonly terminal: Terminal;
  private readonly etags = new Map<string, string>();

  constructor(url: string) {
    this.terminal = new Terminal(url, { connections: BROWSER_CONNECTIONS });
  }

  async call(method: 'GET' | 'POST', urlPath: string, json?: unknown): Promise<Answer> {
    const etag = method === 'GET' ? this.etags.get(urlPath) : undefined;
    const answer = await this.terminal.call(method, urlPath, json, etag ? { 'if-none-match': etag } : {});
    if (method === 'GET' && answer.etag !== null) this.etags.set(urlPath, answer.etag);
    return answer;
  }

  get cookie(): string {
    return this.terminal.sessionCookie;
  }

  signIn(login: string): Promise<void> {
    return this.terminal.signIn(login, PASSWORD);
  }

  close(): Promise<void> {
    return this.terminal.destroy();
  }
}

/**
 * One query of a screen as RTK Query runs it: refetched when a message or a mutation makes it stale (one
 * call at a time: asked again while one is in flight, it runs once more after it), and polled
 * `pollMs` after its last answer (RTK Query starts the next poll when a fetch settles, so a refetch
 * pushes the poll back).
 */
class Query {
  private running = false;
  private again = false;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly night: Night,
    private readonly kind: Kind,
    private readonly browser: Browser,
    private readonly urlPath: string,
    private readonly pollMs: number | null,
  ) {}

  refetch(): void {
    if (this.night.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = true;
    if (this.timer) clearTimeout(this.timer);
    void (async () => {
      do {
        this.again = false;
        await this.night.timed(this.kind, () => this.browser.call('GET', this.urlPath));
      } while (this.again && !this.night.stopped);
      this.running = false;
      if (this.pollMs !== null && !this.night.stopped)
        this.timer = this.night.after(this.pollMs, () => this.refetch());
    })();
  }
}

interface Cabinet {
  id: number;
  token: string;
}

/** The load of one size: cabinets, tills and the manager, against one server, until stopped. */
class Night {
  readonly record = new CallLog();
  readonly events: (ScheduledCall & { status: number })[] = [];
  stopped = false;
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly closers: (() => Promise<void>)[] = [];
  inFlight = 0;

  /**
   * `urls`: the server processes (WORKERS=N); each client is given one in turn, as node:cluster hands a
   * new connection to the next worker, and keeps it, as a browser's keep-alive connections do.
   */
  constructor(
    private readonly urls: readonly string[],
    private readonly venue: VenueOptions,
  ) {}

  private given = 0;

  /** The server process of the next client. */
  private nextUrl(): string {
    return this.urls[this.given++ % this.urls.length]!;
  }

  /** A timer that stop() clears. */
  after(ms: number, run: () => void): NodeJS.Timeout {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      run();
    }, ms);
    this.timers.add(timer);
    return timer;
  }

  /** Makes one call and records it; a call that throws is recorded with status 0. */
  async timed(kind: Kind, call: () => Promise<{ status: number }>): Promise<number> {
    const { at, latencyMs, status } = await timedCall(this, call);
    this.record.add({ at, latencyMs, kind, status });
    return status;
  }

  /** Every cabinet on its own schedule and connection, from `fromMs` (performance.now()). */
  startCabinets(cabinets: readonly Cabinet[], fromMs: number): void {
    for (const cabinet of cabinets) {
      const client = new Client(this.nextUrl(), { pipelining: 1, keepAliveTimeout: 60_000 });
      this.closers.push(() => client.destroy().catch(() => undefined));
      const next = scheduleOf(fromMs, this.venue.eventMs, JITTER, Math.random);
      let n = 0;
      const fire = (scheduledAt: number) => {
        if (this.stopped) return;
        // The next one is scheduled before this one is sent: the cabinet does not wait for the answer.
        const following = next();
        this.after(Math.max(0, following - performance.now()), () => fire(following));
        const call: ScheduledCall & { status: number } = { scheduledAt, answeredAt: null, status: 0 };
        this.events.push(call);
        const bet = n++ % 2 === 0;
        this.inFlight++;
        void client
          .request({
            path: '/device/events',
            method: 'POST',
            headers: { authorization: `Bearer ${cabinet.token}`, 'content-type': 'application/json' },
            body: JSON.stringify({
              trx: randomUUID(),
              place: randomInt(1, SEATS + 1),
              type: bet ? TX_TYPE.pay : TX_TYPE.win,
              amount: randomInt(EVENT_MIN_CENTS / 10, EVENT_MAX_CENTS / 10 + 1) * 10,
            }),
          })
          .then(async (response) => {
            await response.body.text();
            call.status = response.statusCode;
          })
          .catch(() => undefined)
          .finally(() => {
            this.inFlight--;
            call.answeredAt = performance.now();
            this.record.add({
              at: scheduledAt,
              latencyMs: call.answeredAt - scheduledAt,
              kind: 'event',
              status: call.status,
            });
          });
      };
      const first = next();
      this.after(Math.max(0, first - performance.now()), () => fire(first));
    }
  }

  /**
   * A till on the devices screen (apps/web/src/features/devices/devices-page.tsx, no device opened): the
   * device list, the daily totals, the float and the version, each polled every 15 s while the stream is
   * open (use-poll-interval.ts); on the hello every one of them and /a/me, on a change what it names
   * (use-live-updates.ts changeTags: `Float`; `Devices`, which the list and the totals provide, unless
   * every device named only played: their payments come in the message and are put into the cached list,
   * no call); and a cash call every 20 s, after which the float, list and totals are stale
   * (features/cash/api/cash-api.ts).
   */
  async startTill(login: string, cabinets: readonly Cabinet[]): Promise<void> {
    const url = this.nextUrl();
    const browser = new Browser(url);
    this.closers.push(() => browser.close());
    await browser.signIn(login);
    const poll = POLL_WITH_PUSH_MS;
    const devices = new Query(this, 'devices', browser, '/a/cashier/devices', poll);
    const totals = new Query(this, 'totals', browser, '/a/cashier/daily_totals', poll);
    const float = new Query(this, 'float', browser, '/a/cashier/account_balance', poll);
    const version = new Query(this, 'version', browser, '/cashier_v', poll);
    const me = new Query(this, 'me', browser, '/a/me', null);
    const stream = this.stream(url, browser.cookie, '/a/cashier/events', {
      hello: () => [float, devices, totals, me, version].forEach((q) => q.refetch()),
      change: (change) => {
        if (change.float) float.refetch();
        const played = new Set(change.played ?? []);
        if (change.devices.some((id) => !played.has(id))) {
          devices.refetch();
          totals.refetch();
        }
        if (change.me === true) me.refetch();
      },
    });
    await stream.open();
    let deposit = true;
    const cash = async () => {
      if (this.stopped) return;
      const cabinet = cabinets[randomInt(cabinets.length)]!;
      const delta = deposit ? CASH_CENTS : -CASH_CENTS;
      deposit = !deposit;
      const seat = randomInt(1, SEATS + 1);
      const status = await this.timed('cash', () =>
        browser.call('POST', `/a/cashier/devices/${cabinet.id}/place/${seat}/update`, {
          delta,
          trx: randomUUID(),
        }),
      );
      if (status === 200) [float, devices, totals].forEach((q) => q.refetch());
      if (!this.stopped) this.after(CASH_EVERY_MS, () => void cash());
    };
    this.after(Math.random() * CASH_EVERY_MS, () => void cash());
  }

  /**
   * The manager on the back office's overview (features/back-office/overview/floor-overview.tsx under
   * back-office-layout.tsx and accounts/account-page.tsx): the venue's stream, and on its hello and on
   * every change but game play alone the overview, the alerts, the pending approvals and the account
   * (use-floor-live.ts floorMayHaveChanged, then FLOOR_TAGS and the account). Polls while the stream is open: the overview and the alerts
   * every 15 s, the pending approvals every 5 s (the approvals badge's APPROVALS_POLL_MS; RTK Query polls a
   * query at the shortest period its subscribers ask).
   */
  async startManager(login: string, accountId: number): Promise<void> {
    const url = this.nextUrl();
    const browser = new Browser(url);
    this.closers.push(() => browser.close());
    await browser.signIn(login);
    const base = `/a/manager/account/${accountId}`;
    const overview = new Query(this, 'overview', browser, `${base}/overview`, POLL_WITH_PUSH_MS);
    const alerts = new Query(this, 'alerts', browser, `${base}/alerts`, POLL_WITH_PUSH_MS);
    const approvals = new Query(
      this,
      'approvals',
      browser,
      `${base}/approvals?status=pending`,
      POLL_INTERVAL_MS,
    );
    const account = new Query(this, 'account', browser, base, null);
    const all = [overview, alerts, approvals, account];
    const stream = this.stream(url, browser.cookie, `${base}/events`, {
      hello: () => all.forEach((q) => q.refetch()),
      change: (change) => {
        if (floorMayHaveChanged(change)) all.forEach((q) => q.refetch());
      },
    });
    await stream.open();
  }

  private stream(
    url: string,
    cookie: string,
    urlPath: string,
    on: { hello: () => void; change: (change: LiveChange) => void },
  ): EventStream {
    const stream = new EventStream(
      url,
      cookie,
      {
        opened: (at, latencyMs, status) => this.record.add({ at, latencyMs, kind: 'stream', status }),
        hello: () => on.hello(),
        change: (change) => {
          if (!this.stopped) on.change(change);
        },
        failed: (reason) => {
          if (!this.stopped) this.record.fail(`stream: ${reason.replace(/\d+/g, 'N').slice(0, 100)}`);
        },
      },
      urlPath,
    );
    this.closers.push(() => stream.close());
    return stream;
  }

  /** Starts nothing new, waits for the calls in flight (up to `drainMs`), and closes every connection. */
  async stop(drainMs: number): Promise<number> {
    this.stopped = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    const deadline = performance.now() + drainMs;
    while (this.inFlight > 0 && performance.now() < deadline) await sleep(20);
    const unanswered = this.inFlight;
    await Promise.all(this.closers.map((close) => close()));
    return unanswered;
  }
}

/** use-floor-live.ts's rule, as the console applies it: game play alone moves nothing the floor shows. */
function floorMayHaveChanged(change: LiveChange): boolean {
  if (change.float || change.alerts === true || change.approvals === true) return true;
  const played = new Set(change.played ?? []);
  return change.devices.length === 0 || change.devices.some((id) => !played.has(id));
}

/** Runs the tasks given to it one after another. */
class Serial {
  private tail: Promise<unknown> = Promise.resolve();

  run<T>(task: () => Promise<T>): Promise<T> {
    const result = this.tail.then(task);
    this.tail = result.catch(() => undefined);
    return result;
  }
}

/** What one venue of cabinets is set up with: its id, its tills' and manager's logins, the cabinets. */
interface VenueSetup {
  accountId: number;
  tills: string[];
  manager: string;
  cabinets: Cabinet[];
  seconds: number;
  /** Calls of the setup that had to be made again (two waiting cabinets showing one PIN). */
  retries: number;
}

async function addUser(
  db: Db,
  accountId: number,
  role: 'cashier' | 'manager',
  hash: string,
  restrictions: Restriction[],
) {
  const user = await createUser(
    db.kysely,
    {
      login: `venue_${role}_${randomUUID().slice(0, 8)}`,
      name: `Venue ${role}`,
      role,
      account_id: accountId,
      password_hash: hash,
      restrictions,
    },
    Date.now(),
  );
  return user.login;
}

/**
 * The venue: a funded float, the tills' cashiers, a manager, and `count` cabinets each enrolled through
 * the gateway (`POST /device/enroll`, `places: 4`), showing a PIN (`POST /device/pin`), linked by a
 * cashier's register call with that PIN, reporting in once (`GET /device/state`, which makes it ready) and
 * given SEAT_CENTS on each seat by the cashier's deposits: every step the real call over HTTP.
 */
async function setUpVenue(db: Db, server: ServerProcess, count: number, tills: number): Promise<VenueSetup> {
  const started = performance.now();
  const accountId = await fundedAccount(db);
  const hash = await hashPassword(PASSWORD);
  const installer = await addUser(db, accountId, 'cashier', hash, ['can_register_new_device']);
  const tillLogins: string[] = [];
  for (let i = 0; i < tills; i++) tillLogins.push(await addUser(db, accountId, 'cashier', hash, []));
  const manager = await addUser(db, accountId, 'manager', hash, []);

  const cashier = new Browser(server.url);
  const gateway = new Pool(server.url, { connections: SETUP_CONCURRENCY, pipelining: 1 });
  let retries = 0;
  const registering = new Serial();
  const deviceCall = async (
    method: 'GET' | 'POST',
    urlPath: string,
    token: string | null,
    json?: unknown,
  ) => {
    const response = await gateway.request({
      path: urlPath,
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(json !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      body: json === undefined ? null : JSON.stringify(json),
    });
    const body = await response.body.text();
    if (response.statusCode !== 200) throw new Error(`${method} ${urlPath}: ${response.statusCode} ${body}`);
    return JSON.parse(body) as unknown;
  };
  const one = async (): Promise<Cabinet> => {
    const enrolled = (await deviceCall('POST', '/device/enroll', null, {
      kind: 'cabinet',
      module: 1,
      game_id: 1,
      places: SEATS,
    })) as { device_token: string };
    const token = enrolled.device_token;
    let id: number | null = null;
    for (let attempt = 0; id === null; attempt++) {
      const { pin } = (await deviceCall('POST', '/device/pin', token, {})) as { pin: string };
      // One register call at a time, as one installer types PINs: the PIN guard counts each attempt as a
      // failure until it is answered (pin-guard.ts), so a few at once would lock the cashier out.
      const linked = await registering.run(() =>
        cashier.call('POST', '/a/cashier/devices/register', { pin, trx: randomUUID() }),
      );
      if (linked.status === 200) id = (JSON.parse(linked.body) as { id: number }).id;
      // Two cabinets of the venue may show one PIN (PINs are drawn independently): the register call ends
      // both PINs ('pin changed'), and the other cabinet's own register call, if it was on its way, finds
      // its PIN gone ('wrong pin'). Each draws again, as a cashier would have it do.
      else if (attempt < 5 && /pin changed|wrong pin/.test(linked.body)) retries++;
      else throw new Error(`register: ${linked.status} ${linked.body}`);
    }
    await deviceCall('GET', '/device/state', token);
    for (let seat = 1; seat <= SEATS; seat++) {
      const put = await cashier.call('POST', `/a/cashier/devices/${id}/place/${seat}/update`, {
        delta: SEAT_CENTS,
        trx: randomUUID(),
      });
      if (put.status !== 200) throw new Error(`seat deposit: ${put.status} ${put.body}`);
    }
    return { id, token };
  };
  const cabinets: Cabinet[] = [];
  try {
    await cashier.signIn(installer);
    for (let from = 0; from < count; from += THROTTLE_CLEAR_EVERY) {
      await db.kysely
        .deleteFrom('sign_in_throttle')
        .where((eb) => eb.or([eb('key', 'like', 'enroll-net:%'), eb('key', 'like', 'pin-%')]))
        .execute();
      const chunk = Math.min(THROTTLE_CLEAR_EVERY, count - from);
      let next = 0;
      const worker = async () => {
        while (next < chunk) {
          next++;
          cabinets.push(await one());
        }
      };
      await Promise.all(Array.from({ length: SETUP_CONCURRENCY }, worker));
    }
  } finally {
    await cashier.close();
    await gateway.destroy().catch(() => undefined);
  }
  return {
    accountId,
    tills: tillLogins,
    manager,
    cabinets,
    seconds: (performance.now() - started) / 1000,
    retries,
  };
}

interface SizeResult {
  cabinets: number;
  /** The database runs inside the server process (SQLite). */
  embedded: boolean;
  events: OpenLoopFigures;
  /** p50 and p99 ms by kind, over the window. */
  latency: Map<Kind, { n: number; p50: number; p99: number }>;
  calls: number;
  failures: Map<string, number>;
  unanswered: number;
  serverCpuMs: number | null;
  dbCpuMs: number | null;
  dbBackends: number;
  windowMs: number;
  answeredEvents: number;
  lagP99Ms: number;
  lagMaxMs: number;
  batches: string;
  setupSeconds: number;
  setupRetries: number;
  /** Server processes on the database (--workers). */
  workers: number;
}

async function runSize(
  target: Target,
  options: Options,
  count: number,
): Promise<SizeResult & { problems: string[] }> {
  const venue = options.venue;
  const bench = await target.open('venue', SERVER_POOL_SIZE);
  const servers: ServerProcess[] = [];
  let night: Night | null = null;
  try {
    for (let i = 0; i < venue.workers; i++) {
      servers.push(
        await startServer({
          ...serverDatabaseEnv(bench.connection, path.dirname(bench.where)),
          // The gateway's enrollment is closed in the bench's servers by default (server-process.ts).
          ENROLLMENT_OPEN: '1',
        }),
      );
    }
    const server = servers[0]!;
    const setup = await setUpVenue(bench.db, server, count, venue.tills);
    console.log(
      `  ${count} cabinets: set up in ${setup.seconds.toFixed(1)} s (enrolled, linked, ${SEATS} seats funded` +
        `${setup.retries > 0 ? `; ${setup.retries} PIN redrawn` : ''}); ${venue.tills} tills and a manager open their streams; ` +
        // Per size: the machine's other work moves these figures more than anything else on 2 shared cores.
        load(),
    );
    night = new Night(
      servers.map((s) => s.url),
      venue,
    );
    for (const login of setup.tills) await night.startTill(login, setup.cabinets);
    await night.startManager(setup.manager, setup.accountId);
    const startAt = performance.now() + 100;
    night.startCabinets(setup.cabinets, startAt);
    await sleep(startAt + venue.warmMs - performance.now());

    const dbName =
      bench.connection.kind === 'postgres' ? new URL(bench.connection.url).pathname.slice(1) : null;
    const dbPidsFrom = dbName ? await postgresBackendPids(options.pgUrl, dbName) : [];
    const lag = monitorEventLoopDelay({ resolution: 10 });
    lag.enable();
    await ledgerBatchesOf(servers);
    const from = performance.now();
    const cpuFrom = cpuMsOf(servers);
    const dbFrom = snapshot(dbPidsFrom);
    await sleep(venue.measureMs);
    const to = performance.now();
    const cpuTo = cpuMsOf(servers);
    const dbPidsTo = dbName ? await postgresBackendPids(options.pgUrl, dbName) : [];
    const dbTo = snapshot(dbPidsTo);
    lag.disable();
    const batches = batchCell(await ledgerBatchesOf(servers));
    const unanswered = await night.stop(DRAIN_MS);

    const events = openLoopFigures(night.events, from, to);
    const latency = new Map<Kind, { n: number; p50: number; p99: number }>();
    const inWindow = night.record.samples.filter((s) => s.at >= from && s.at < to);
    for (const kind of new Set(inWindow.map((s) => s.kind))) {
      const sorted = Float64Array.from(
        inWindow.filter((s) => s.kind === kind).map((s) => s.latencyMs),
      ).sort();
      latency.set(kind, { n: sorted.length, p50: percentile(sorted, 50), p99: percentile(sorted, 99) });
    }
    const answeredEvents = night.events.filter(
      (e) => e.answeredAt !== null && e.answeredAt >= from && e.answeredAt < to,
    ).length;
    const failures = new Map(night.record.failures);
    if (unanswered > 0) failures.set('unanswered at the end', unanswered);
    const problems = await benchLedgerProblems(bench.db);
    return {
      cabinets: count,
      embedded: bench.connection.kind === 'sqlite',
      events,
      latency,
      calls: inWindow.length,
      failures,
      unanswered,
      serverCpuMs: cpuFrom === null || cpuTo === null ? null : cpuTo - cpuFrom,
      dbCpuMs: dbName && dbPidsTo.length > 0 ? cpuBetween(dbFrom, dbTo) : null,
      dbBackends: dbPidsTo.length,
      windowMs: to - from,
      answeredEvents,
      lagP99Ms: lag.percentile(99) / 1e6,
      lagMaxMs: lag.max / 1e6,
      batches,
      setupSeconds: setup.seconds,
      setupRetries: setup.retries,
      workers: servers.length,
      problems,
    };
  } finally {
    if (night && !night.stopped) await night.stop(0);
    for (const server of servers) await server.stop();
    await bench.dispose();
  }
}

/** The server processes' CPU time so far, summed; null where /proc cannot say for one of them. */
function cpuMsOf(servers: readonly ServerProcess[]): number | null {
  const each = servers.map((s) => s.cpuMs());
  return each.some((ms) => ms === null) ? null : each.reduce<number>((a, b) => a + b!, 0);
}

/** The ledger transactions of every server process since the last ask, together. */
async function ledgerBatchesOf(servers: readonly ServerProcess[]): Promise<BatchStats | null> {
  const each = await Promise.all(servers.map((s) => s.ledgerBatches()));
  if (each.some((b) => b === null)) return null;
  return (each as BatchStats[]).reduce((a, b) => ({
    batches: a.batches + b.batches,
    operations: a.operations + b.operations,
    max: Math.max(a.max, b.max),
  }));
}

const COLUMNS: Column[] = [
  { header: 'cabinets', align: 'right' },
  { header: 'events/s sched / answered', align: 'right' },
  { header: 'kept up (backlog)', align: 'left' },
  { header: 'event p50 / p99', align: 'right' },
  { header: 'device list', align: 'right' },
  { header: 'daily totals', align: 'right' },
  { header: 'float', align: 'right' },
  { header: 'overview', align: 'right' },
  { header: 'cash call', align: 'right' },
  { header: 'server CPU', align: 'right' },
  { header: 'DB CPU', align: 'right' },
  { header: 'not 200', align: 'right' },
  { header: 'gen lag p99 / max', align: 'right' },
];

function pair(figure: { p50: number; p99: number } | undefined): string {
  return figure ? `${formatMs(figure.p50)} / ${formatMs(figure.p99)}` : '';
}

/** "% of a core, ms per game event" of CPU time over the window. */
function cpuCell(cpuMs: number | null, r: SizeResult): string {
  if (cpuMs === null) return '';
  const share = (cpuMs / r.windowMs) * 100;
  const perEvent = r.answeredEvents > 0 ? cpuMs / r.answeredEvents : Number.NaN;
  return `${share.toFixed(0)}%, ${perEvent.toFixed(2)} ms`;
}

function cells(r: SizeResult): string[] {
  const failed = [...r.failures.values()].reduce((a, b) => a + b, 0);
  return [
    r.workers > 1 ? `${r.cabinets}, ${r.workers} server processes` : String(r.cabinets),
    `${r.events.scheduledPerSec.toFixed(0)} / ${r.events.answeredPerSec.toFixed(0)}`,
    `${r.events.keptUp ? 'yes' : 'NO'} (${r.events.backlogAtEnd})`,
    pair(r.latency.get('event')),
    pair(r.latency.get('devices')),
    pair(r.latency.get('totals')),
    pair(r.latency.get('float')),
    pair(r.latency.get('overview')),
    pair(r.latency.get('cash')),
    cpuCell(r.serverCpuMs, r),
    // SQLite is a library inside the server process: its CPU is in the server's column.
    r.embedded ? 'in server' : cpuCell(r.dbCpuMs, r),
    String(failed),
    `${formatMs(r.lagP99Ms)} / ${formatMs(r.lagMaxMs)}`,
  ];
}

export async function venueSection(target: Target, options: Options): Promise<SectionResult> {
  const venue = options.venue;
  console.log(`\nA busy night at one venue (open loop): ${target.title}`);
  const results: SizeResult[] = [];
  let ok = true;
  for (const count of venue.cabinets) {
    const result = await runSize(target, options, count);
    ok &&= result.failures.size === 0;
    results.push(result);
    const c = cells(result);
    console.log(`    ${COLUMNS.map((col, i) => `${col.header}: ${c[i]}`).join(', ')}`);
    const other = (['totals', 'version', 'me', 'alerts', 'approvals', 'account', 'stream'] as const)
      .filter((k) => result.latency.has(k))
      .map((k) => `${k} ${result.latency.get(k)!.n} (${pair(result.latency.get(k))})`);
    console.log(
      `    calls in the window: ${result.calls} (events ${result.latency.get('event')?.n ?? 0}, device list ` +
        `${result.latency.get('devices')?.n ?? 0}, float ${result.latency.get('float')?.n ?? 0}, overview ` +
        `${result.latency.get('overview')?.n ?? 0}, cash ${result.latency.get('cash')?.n ?? 0}; ${other.join(', ')}); ` +
        `ops/batch (max) ${result.batches}; backlog ${result.events.backlogSeconds.toFixed(2)} s of events` +
        (result.dbCpuMs !== null ? `; DB CPU over ${result.dbBackends} backends` : ''),
    );
    if (result.failures.size > 0)
      console.log(`    NOT 200: ${[...result.failures].map(([k, n]) => `${n}x ${k}`).join('; ')}`);
    if (result.lagP99Ms >= 100)
      console.log('    the load generator lagged (p99 >= 100 ms): part of the latency is its own');
    ok = reportLedger(result.problems, '') && ok;
  }
  const table = results.map(cells);
  console.log(renderTable(COLUMNS, table));
  console.log(
    `  ${venue.warmMs / 1000} s warm-up, ${venue.measureMs / 1000} s measured per size; each cabinet one game ` +
      `event (bet, then win, ${EVENT_MIN_CENTS / 100}-${EVENT_MAX_CENTS / 100} on a random seat of ${SEATS}) per ` +
      `${venue.eventMs / 1000} s on average (random phase, +-${JITTER * 100}% jitter), on schedule whatever the ` +
      `answers; event latency from its scheduled time. ${venue.tills} tills (stream, refetches, 15 s polls, a cash ` +
      `call every ${CASH_EVERY_MS / 1000} s) and one manager on the overview. p50 / p99 in ms; CPU as % of one ` +
      `core and ms per game event answered (the screens' calls included); DB CPU: the PostgreSQL backends of the ` +
      `bench's database, from /proc. "kept up": answered >= 97% of scheduled and less than 1 s of events ` +
      `outstanding at the end (the backlog, in events).`,
  );
  return {
    ok,
    markdown: `A busy night at one venue: ${target.title}\n\n${renderTable(COLUMNS, table, 'markdown')}`,
  };
}
