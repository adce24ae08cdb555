// A fleet of simulated cashier terminals for the polling-capacity search. Each terminal behaves as the web
// app does on the devices screen (spec section 7): it polls the float, the selected device's detail and
// the server version every 5 s, each on its own timer, and makes one cash call a minute, all on its own
// keep-alive connection with its own session. Terminals start at random phases, as real ones would.
import { performance } from 'node:perf_hooks';
import { POLL_INTERVAL_MS } from '@cashdesk/contract';
import { createSession } from '../../apps/server/src/auth/sessions.repository.js';
import type { Db } from '../../apps/server/src/db/database.js';
import { addCashier, addDevice, fundedAccount } from './setup.js';
import { Terminal } from './terminal.js';

export const CASH_INTERVAL_MS = 60_000;
/** Terminals per venue: they share its float, each looks at a device of its own. */
const TERMINALS_PER_VENUE = 4;
const AMOUNT_CENTS = 100;

export interface TerminalData {
  token: string;
  deviceId: number;
}

/** Creates terminal data (venue, cashier, device, session) until there are `count`; returns all of it. */
export async function ensureTerminals(
  db: Db,
  existing: TerminalData[],
  count: number,
): Promise<TerminalData[]> {
  let accountId = 0;
  for (let i = existing.length; i < count; i++) {
    if (i % TERMINALS_PER_VENUE === 0 || accountId === 0) accountId = await fundedAccount(db);
    const cashier = await addCashier(db, accountId);
    const device = await addDevice(db, accountId);
    // Sessions made straight in the database through the real repository: thousands of Argon2 sign-ins
    // would take minutes and measure Argon2, not polling. The HTTP cash benchmark signs in for real.
    const { token } = await createSession(db.kysely, { userId: cashier.id, remember: true }, Date.now());
    existing.push({ token, deviceId: device.id });
  }
  return existing;
}

export interface Sample {
  /** When the call started, performance.now() ms. */
  at: number;
  latencyMs: number;
  kind: 'poll' | 'cash';
  status: number;
}

export interface FleetOptions {
  /** Send If-None-Match with the last ETag of each URL, as a browser does with a revalidatable answer. */
  revalidate: boolean;
}

/** Runs `data.length` terminals against `url` until stopped, recording every call. */
export class Fleet {
  readonly samples: Sample[] = [];
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly terminals: Terminal[] = [];
  private stopped = false;
  private inFlight = 0;
  errors = 0;

  constructor(
    private readonly url: string,
    private readonly data: TerminalData[],
    private readonly options: FleetOptions,
  ) {}

  start(): void {
    for (const item of this.data) this.startTerminal(item);
  }

  private startTerminal(item: TerminalData): void {
    const terminal = new Terminal(this.url);
    terminal.useSession(item.token);
    this.terminals.push(terminal);
    const etags = new Map<string, string>();
    const poll = async (path: string) => {
      const etag = this.options.revalidate ? etags.get(path) : undefined;
      const answer = await terminal.get(path, etag ? { 'if-none-match': etag } : {});
      if (answer.etag) etags.set(path, answer.etag);
      return answer;
    };
    for (const path of ['/a/cashier/account_balance', `/a/cashier/devices/${item.deviceId}`, '/cashier_v']) {
      this.every(POLL_INTERVAL_MS, () => poll(path), 'poll');
    }
    let deposits = 0;
    this.every(
      CASH_INTERVAL_MS,
      () => terminal.cash(item.deviceId, 1, deposits++ % 2 === 0 ? AMOUNT_CENTS : -AMOUNT_CENTS),
      'cash',
    );
  }

  /** Calls `call` every `intervalMs` from a random phase; a call still running delays the next, as RTK Query's polling does. */
  private every(intervalMs: number, call: () => Promise<{ status: number }>, kind: Sample['kind']): void {
    const run = async () => {
      if (this.stopped) return;
      const at = performance.now();
      let status = 0;
      this.inFlight++;
      try {
        status = (await call()).status;
      } catch {
        status = 0;
      } finally {
        this.inFlight--;
      }
      // Recorded even after stop(): a slow call of the measured window must count, not vanish.
      if (status !== 200 && status !== 304) this.errors++;
      this.samples.push({ at, latencyMs: performance.now() - at, kind, status });
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

  /**
   * Starts no new call, waits up to `drainMs` for the calls in flight to answer (a call still unanswered
   * then is recorded as an error), and closes the connections.
   */
  async stop(drainMs = 5_000): Promise<void> {
    this.stopped = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    const deadline = performance.now() + drainMs;
    while (this.inFlight > 0 && performance.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    this.errors += this.inFlight;
    await Promise.all(this.terminals.map((t) => t.destroy()));
  }
}
