// The torture workload: clients that each act as one cashier at one server, doing random deposits,
// withdraws, cash-outs (a third of them for a player), transfers of a player's money between seats,
// device game events and reads until a deadline. Every money call's trx is sent
// 2-4 times (concurrently, after a delay, or again with a changed payload); a call that fails on the
// network or with a 5xx fails over to the next server. Every attempt and its answer go to the journal,
// which the invariant checks read against the database afterwards.
import { randomUUID } from 'node:crypto';
import { ERR, TX_TYPE } from '@cashdesk/contract';
import type { Cabinet, Cashier, Player } from './fixture.js';
import type { Random } from './random.js';
import { sleep } from './server-process.js';

/** A seat: a cabinet's place. */
export interface Seat {
  deviceId: number;
  place: number;
}

export type Payload =
  | { op: 'cash'; deviceId: number; place: number; delta: number; playerId?: number }
  | { op: 'event'; deviceId: number; place: number; type: number; amount: number }
  | { op: 'transfer'; playerId: number; from: Seat; to: Seat; amount: number };

/** `batch`: sent inside a burst (WorkloadClient.burst) that lands in one ledger batch with others. */
export type RetryPattern = 'concurrent' | 'delayed' | 'changed' | 'batch';

export interface Attempt {
  /** Index into the record's payloads: 0 the original, 1 the changed one. */
  payload: number;
  server: number;
  status?: number;
  body?: unknown;
  /** Network failure (connection refused or reset, timeout): the client never saw an answer. */
  error?: string;
  /** How long the attempt took. */
  ms: number;
}

export interface TrxRecord {
  /** The trx namespace the server keeps it in: `user:<id>` or `device:<id>`. */
  scope: string;
  trx: string;
  kind: 'deposit' | 'withdraw' | 'cashout' | 'event' | 'transfer';
  pattern: RetryPattern;
  payloads: Payload[];
  attempts: Attempt[];
}

export interface Journal {
  records: TrxRecord[];
  reads: number;
  /** Answers no client should ever get (a 5xx, a 400 for a valid call, a read that is not 200). */
  unexpected: string[];
}

export interface WorkloadTarget {
  /** `http://127.0.0.1:<port>` of each server. */
  servers: readonly string[];
  cashiers: readonly Cashier[];
  cabinets: readonly Cabinet[];
  players: readonly Player[];
}

/** Statuses that mean the server stored an answer under the trx (contract: idempotency). */
const STORED = new Set([200, 409, 422]);
/** How long a call keeps failing over while servers are down (a restart takes a few seconds). */
const FAILOVER_MS = 30_000;
const REQUEST_TIMEOUT_MS = 20_000;

export function newJournal(): Journal {
  return { records: [], reads: 0, unexpected: [] };
}

export async function runWorkload(
  target: WorkloadTarget,
  journal: Journal,
  clients: Random[],
  deadline: number,
): Promise<void> {
  await Promise.all(
    clients.map((rng, index) => new WorkloadClient(target, journal, rng, index).run(deadline)),
  );
}

class WorkloadClient {
  private readonly cashier: Cashier;
  private readonly home: number;

  constructor(
    private readonly target: WorkloadTarget,
    private readonly journal: Journal,
    private readonly rng: Random,
    index: number,
  ) {
    this.cashier = target.cashiers[index % target.cashiers.length]!;
    this.home = index % target.servers.length;
  }

  async run(deadline: number): Promise<void> {
    while (Date.now() < deadline) {
      const action = this.rng.weighted({
        deposit: 30,
        withdraw: 14,
        cashout: 8,
        event: 28,
        read: 20,
        burst: 6,
        transfer: 6,
      });
      const cabinet = this.rng.pick(this.target.cabinets);
      const place = this.rng.int(1, cabinet.places);
      switch (action) {
        case 'deposit':
          await this.money('deposit', {
            op: 'cash',
            deviceId: cabinet.id,
            place,
            delta: this.rng.int(1, 20_000),
            ...this.maybePlayer(),
          });
          break;
        case 'withdraw':
          await this.money('withdraw', {
            op: 'cash',
            deviceId: cabinet.id,
            place,
            delta: -this.rng.int(1, 10_000),
            ...this.maybePlayer(),
          });
          break;
        case 'transfer':
          await this.transfer(cabinet, place);
          break;
        case 'cashout':
          await this.cashOut(cabinet, place);
          break;
        case 'event':
          await this.money('event', this.gameEvent(cabinet, place));
          break;
        case 'read':
          await this.read(cabinet);
          break;
        case 'burst':
          await this.burst(cabinet, place);
          break;
      }
    }
  }

  /** A cash call for a player a third of the time (their seat's player otherwise, or nobody). */
  private maybePlayer(): { playerId?: number } {
    const players = this.target.players;
    if (players.length === 0 || this.rng.int(0, 2) !== 0) return {};
    return { playerId: this.rng.pick(players).id };
  }

  /**
   * A player's transfer as the till makes one: read their card for the seats they hold, then move some
   * of one seat's money (now and then more than it holds) to another seat of the venue.
   */
  private async transfer(cabinet: Cabinet, place: number): Promise<void> {
    const player = this.rng.pick(this.target.players);
    const res = await this.call(
      this.home,
      'GET',
      `/api/v1/a/cashier/players/by_card/${encodeURIComponent(player.card)}`,
      undefined,
      'cashier',
    );
    this.journal.reads += 1;
    if ('error' in res) return;
    if (res.status !== 200) {
      this.journal.unexpected.push(`player card answered ${res.status} ${JSON.stringify(res.body)}`);
      return;
    }
    const seats = (res.body as { seats: { device_id: number; place: number; entries: number }[] }).seats;
    if (seats.length === 0) return;
    const from = this.rng.pick(seats);
    if (from.device_id === cabinet.id && from.place === place) return;
    const amount = this.rng.int(1, 10) === 1 ? from.entries + 1 : this.rng.int(1, from.entries);
    await this.money('transfer', {
      op: 'transfer',
      playerId: player.id,
      from: { deviceId: from.device_id, place: from.place },
      to: { deviceId: cabinet.id, place },
      amount,
    });
  }

  private gameEvent(cabinet: Cabinet, place: number): Payload {
    const type = this.rng.weighted({ pay: 45, win: 30, jackpot: 3, finalBonus: 12, luckyBet: 10 });
    const amount =
      type === 'finalBonus'
        ? this.rng.int(1, 300)
        : type === 'jackpot'
          ? this.rng.int(1_000, 50_000)
          : this.rng.int(1, 3_000);
    return { op: 'event', deviceId: cabinet.id, place, type: TX_TYPE[type], amount };
  }

  /**
   * Calls sent at once to one server, so its ledger applies them in one batch (group commit): a fresh
   * deposit, a replay of a trx answered a moment ago, a changed payload of another, a withdraw the place
   * cannot cover (a stored refusal) and a game event on the same place. Each must get its own answer.
   */
  private async burst(cabinet: Cabinet, place: number): Promise<void> {
    const scope = `user:${this.cashier.id}`;
    const record = (kind: TrxRecord['kind'], payload: Payload): TrxRecord => {
      const r: TrxRecord = {
        scope,
        trx: randomUUID(),
        kind,
        pattern: 'batch',
        payloads: [payload],
        attempts: [],
      };
      this.journal.records.push(r);
      return r;
    };
    const cash = (delta: number): Payload => ({ op: 'cash', deviceId: cabinet.id, place, delta });
    const replayed = record('deposit', cash(this.rng.int(1, 5_000)));
    const changedOne = record('deposit', cash(this.rng.int(1, 5_000)));
    await Promise.all([this.send(replayed, 0, this.home), this.send(changedOne, 0, this.home)]);
    changedOne.payloads.push(changed(changedOne.payloads[0]!, this.rng.int(1, 50)));
    const event = this.gameEvent(cabinet, place);
    const eventRecord: TrxRecord = {
      scope: `device:${cabinet.id}`,
      trx: randomUUID(),
      kind: 'event',
      pattern: 'batch',
      payloads: [event],
      attempts: [],
    };
    this.journal.records.push(eventRecord);
    await Promise.all([
      this.send(record('deposit', cash(this.rng.int(1, 20_000))), 0, this.home),
      this.send(replayed, 0, this.home),
      this.send(changedOne, 1, this.home),
      this.send(record('withdraw', cash(-1_000_000_00)), 0, this.home),
      this.send(eventRecord, 0, this.home),
    ]);
  }

  /** Cash-out as the web does it: read the place's entries, then withdraw all of them. */
  private async cashOut(cabinet: Cabinet, place: number): Promise<void> {
    const res = await this.call(
      this.home,
      'GET',
      `/api/v1/a/cashier/devices/${cabinet.id}`,
      undefined,
      'cashier',
    );
    this.journal.reads += 1;
    if ('error' in res) return;
    if (res.status !== 200) {
      this.journal.unexpected.push(`device detail answered ${res.status} ${JSON.stringify(res.body)}`);
      return;
    }
    const places = (res.body as { places: { place: number; balances: { entries: number } }[] }).places;
    const entries = places.find((p) => p.place === place)?.balances.entries ?? 0;
    if (entries > 0)
      await this.money('cashout', { op: 'cash', deviceId: cabinet.id, place, delta: -entries });
  }

  private async read(cabinet: Cabinet): Promise<void> {
    const which = this.rng.int(0, 2);
    const res =
      which === 0
        ? await this.call(this.home, 'GET', '/api/v1/a/cashier/account_balance', undefined, 'cashier')
        : which === 1
          ? await this.call(this.home, 'GET', `/api/v1/a/cashier/devices/${cabinet.id}`, undefined, 'cashier')
          : await this.call(
              this.home,
              'POST',
              '/api/v1/a/cashier/report',
              { device_ids: [cabinet.id], from: '2000-01-01', to: '2100-01-01' },
              'cashier',
            );
    this.journal.reads += 1;
    if (!('error' in res) && res.status !== 200) {
      this.journal.unexpected.push(`read ${which} answered ${res.status} ${JSON.stringify(res.body)}`);
    }
  }

  /** One trx: the first send and its 1-3 retries by the drawn pattern. */
  private async money(kind: TrxRecord['kind'], payload: Payload): Promise<void> {
    const scope = payload.op === 'event' ? `device:${payload.deviceId}` : `user:${this.cashier.id}`;
    const pattern = this.rng.pick<RetryPattern>(['concurrent', 'delayed', 'changed']);
    const record: TrxRecord = { scope, trx: randomUUID(), kind, pattern, payloads: [payload], attempts: [] };
    this.journal.records.push(record);
    const retries = this.rng.int(1, 3);
    const server = () => this.rng.int(0, this.target.servers.length - 1);

    if (pattern === 'concurrent') {
      // The duplicates go to other servers too: idempotency must hold across processes.
      const sends = [this.send(record, 0, this.home)];
      for (let i = 0; i < retries; i++) sends.push(this.send(record, 0, server()));
      await Promise.all(sends);
      return;
    }
    await this.send(record, 0, this.home);
    if (pattern === 'changed') {
      record.payloads.push(changed(payload, this.rng.int(1, 50)));
      await sleep(this.rng.int(0, 50));
      await this.send(record, 1, server());
    }
    for (let i = pattern === 'changed' ? 1 : 0; i < retries; i++) {
      await sleep(this.rng.int(0, 150));
      await this.send(record, 0, server());
    }
  }

  /** Sends one payload of a trx, failing over to the next server on a network error or a 5xx. */
  private async send(record: TrxRecord, payloadIndex: number, first: number): Promise<void> {
    const payload = record.payloads[payloadIndex]!;
    const giveUp = Date.now() + FAILOVER_MS;
    for (let server = first; ; server = (server + 1) % this.target.servers.length) {
      const sent = performance.now();
      const res = await this.sendPayload(server, payload, record.trx);
      record.attempts.push({ payload: payloadIndex, server, ms: performance.now() - sent, ...res });
      if (!('error' in res) && !STORED.has(res.status) && !isUnstoredRefusal(res, payload)) {
        this.journal.unexpected.push(
          `${record.kind} ${record.trx} answered ${res.status} ${JSON.stringify(res.body)}`,
        );
      }
      const answered = !('error' in res) && res.status < 500;
      if (answered || Date.now() > giveUp) return;
      await sleep(this.rng.int(50, 300));
    }
  }

  private sendPayload(server: number, payload: Payload, trx: string) {
    if (payload.op === 'cash') {
      return this.call(
        server,
        'POST',
        `/api/v1/a/cashier/devices/${payload.deviceId}/place/${payload.place}/update`,
        {
          delta: payload.delta,
          trx,
          ...(payload.playerId === undefined ? {} : { player_id: payload.playerId }),
        },
        'cashier',
      );
    }
    if (payload.op === 'transfer') {
      const seat = (s: Seat) => ({ device_id: s.deviceId, place: s.place });
      return this.call(
        server,
        'POST',
        `/api/v1/a/cashier/players/${payload.playerId}/transfer`,
        { from: seat(payload.from), to: seat(payload.to), amount: payload.amount, trx },
        'cashier',
      );
    }
    return this.call(
      server,
      'POST',
      '/device/events',
      { trx, place: payload.place, type: payload.type, amount: payload.amount },
      this.target.cabinets.find((c) => c.id === payload.deviceId)!.auth,
    );
  }

  private async call(
    server: number,
    method: 'GET' | 'POST',
    path: string,
    body: unknown,
    auth: 'cashier' | Record<string, string>,
  ): Promise<{ status: number; body: unknown } | { error: string }> {
    const headers: Record<string, string> =
      auth === 'cashier' ? { cookie: `x-token=${this.cashier.token}` } : { ...auth };
    if (body !== undefined) headers['content-type'] = 'application/json';
    try {
      const res = await fetch(`${this.target.servers[server]}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      const text = await res.text();
      return { status: res.status, body: text === '' ? null : (JSON.parse(text) as unknown) };
    } catch (error) {
      return { error: error instanceof Error ? error.message : String(error) };
    }
  }
}

/** The same call with a different amount (never zero, same direction): the server must refuse it. */
function changed(payload: Payload, by: number): Payload {
  if (payload.op === 'cash')
    return { ...payload, delta: payload.delta > 0 ? payload.delta + by : payload.delta - by };
  return { ...payload, amount: payload.amount + by };
}

/**
 * A refusal a player's rules throw without storing it, so the trx stays free (docs/product.md section
 * 18): a seat another player holds (a racing deposit seated them first), a payout waiting for the
 * player's identity, a transfer from a seat the player no longer holds (the card was read a moment ago).
 */
export function isUnstoredRefusal(answer: { status?: number; body?: unknown }, payload?: Payload): boolean {
  const err = (answer.body as { err?: unknown } | null | undefined)?.err;
  return (
    (answer.status === 409 && err === ERR.seatTaken) ||
    (answer.status === 428 && err === ERR.identityRequired) ||
    (payload?.op === 'transfer' && answer.status === 400 && err === ERR.validation)
  );
}

/** The answer is a stored one (not a trx conflict): the call was acknowledged. */
export function isAcknowledged(attempt: Attempt): boolean {
  return (
    attempt.status !== undefined &&
    STORED.has(attempt.status) &&
    !isTrxConflict(attempt) &&
    !isUnstoredRefusal(attempt)
  );
}

export function isTrxConflict(attempt: Attempt): boolean {
  return attempt.status === 422 && (attempt.body as { err?: unknown } | null)?.err === ERR.trxConflict;
}
