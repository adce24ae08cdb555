// Typed calls to the server's device gateway (docs/api.md, "Device gateway"). Network errors, timeouts
// and 5xx answers are retried with exponential backoff, sending exactly the same request each time, so
// an event retried under its trx can only ever be applied once; answers are checked against the contract.
// The device's push stream (`GET /device/events/stream`) is read here too, once per call, over a
// connection of its own: whoever holds it (simulator.ts) reopens it with its own backoff and polls
// meanwhile.
import {
  deviceEventResult,
  deviceState,
  enrollResult,
  ERR,
  pinResult,
  type PinRequest,
  type Balances,
  type DeviceEventRequest,
  type DeviceState,
  type EnrollRequest,
} from '@cashdesk/contract';
import http from 'node:http';
import https from 'node:https';
import type { z } from 'zod';

export interface RetryPolicy {
  /** First wait after a failure. */
  initialMs: number;
  /** Longest wait between two attempts. */
  maxMs: number;
  factor: number;
  /** Attempts before giving up with GatewayUnavailableError; Infinity keeps trying until stopped. */
  maxAttempts: number;
  /** One attempt's time limit; a timed-out attempt is retried like a network error. */
  timeoutMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = {
  initialMs: 250,
  maxMs: 5000,
  factor: 2,
  maxAttempts: Number.POSITIVE_INFINITY,
  timeoutMs: 10_000,
};

/** A definite answer other than success (a 4xx), e.g. 401 `unauthorized` or 403 `Forbidden`. */
export class GatewayError extends Error {
  constructor(
    readonly status: number,
    readonly err: string,
    readonly body: unknown,
  ) {
    super(`gateway answered ${status} ${err}`);
    this.name = 'GatewayError';
  }
}

/** A 2xx whose body does not match the contract: retrying cannot help, so it is not retried. */
export class GatewayProtocolError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'GatewayProtocolError';
  }
}

/** maxAttempts ran out while the server stayed unreachable or kept failing. */
export class GatewayUnavailableError extends Error {
  constructor(
    readonly attempts: number,
    readonly lastReason: string,
  ) {
    super(`gateway unavailable after ${attempts} attempts: ${lastReason}`);
    this.name = 'GatewayUnavailableError';
  }
}

/** Thrown when the client's stop signal fires: the caller is shutting down, not failing. */
export class StoppedError extends Error {
  constructor() {
    super('stopped');
    this.name = 'StoppedError';
  }
}

/** How long a push stream may stay silent (the server pings every 5 s) before it counts as lost. */
export const STREAM_IDLE_MS = 20_000;

/** A message of the device's push stream: its state, first in the `hello`, then on each change. */
export interface PushedState {
  event: 'hello' | 'state';
  state: DeviceState;
}

export type EventAnswer =
  | { ok: true; balances: Balances }
  /** A 4xx answer; 422s are stored under the trx by the server, so this trx is now used up. */
  | { ok: false; status: number; err: string; body: unknown };

export interface RetryInfo {
  call: string;
  attempt: number;
  delayMs: number;
  reason: string;
}

export interface GatewayClientOptions {
  baseUrl: string;
  token?: string;
  retry?: Partial<RetryPolicy>;
  /** Aborting it ends any wait or request at once with StoppedError. */
  signal?: AbortSignal;
  onRetry?: (info: RetryInfo) => void;
  /** A call answered after at least one retry (the server is back). */
  onRecovered?: (info: { call: string; attempts: number }) => void;
  /** For tests: a fake transport. */
  fetch?: typeof fetch;
  /** Jitter source; Math.random by default (backoff need not be reproducible). */
  random?: () => number;
}

interface RawAnswer {
  status: number;
  body: unknown;
}

/** Statuses worth another try with the same request: the server may answer differently later. */
function isRetryableStatus(status: number): boolean {
  return status >= 500 || status === 408 || status === 429;
}

export class GatewayClient {
  private readonly baseUrl: string;
  private readonly retry: RetryPolicy;
  private readonly fetchFn: typeof fetch;
  private readonly random: () => number;
  token: string | undefined;

  constructor(private readonly options: GatewayClientOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.retry = { ...DEFAULT_RETRY, ...options.retry };
    this.fetchFn = options.fetch ?? fetch;
    this.random = options.random ?? Math.random;
    this.token = options.token;
  }

  /**
   * Enrolls a new device and keeps its token. A retry after a lost answer may leave an extra, never
   * linked device on the server; harmless, and the only way to enroll without an idempotency key.
   */
  async enroll(request: EnrollRequest): Promise<z.infer<typeof enrollResult>> {
    const answer = await this.call('enroll', 'POST', '/device/enroll', request, { auth: false });
    const result = this.expect(answer, enrollResult, 'enroll');
    this.token = result.device_token;
    return result;
  }

  /**
   * A fresh pairing PIN; it replaces (and so invalidates) the previous one. With `keep_live` (the
   * scheduled renewal at the end of the PIN's life) the server answers the PIN shown now, with its later
   * end, while a till holds it open, and a fresh one otherwise.
   */
  async requestPin(request: NonNullable<PinRequest> = {}): Promise<z.infer<typeof pinResult>> {
    return this.expect(await this.call('pin', 'POST', '/device/pin', request), pinResult, 'pin');
  }

  async state(): Promise<DeviceState> {
    return this.expect(await this.call('state', 'GET', '/device/state', undefined), deviceState, 'state');
  }

  /**
   * Sends one event and returns the server's definite answer. Until there is one, it resends the very
   * same payload under the same trx; the server applies a trx at most once and replays its answer.
   */
  async sendEvent(event: DeviceEventRequest): Promise<EventAnswer> {
    const payload = { trx: event.trx, place: event.place, type: event.type, amount: event.amount };
    const answer = await this.call(`event ${event.trx}`, 'POST', '/device/events', payload, {
      refusalIsAnswer: true,
    });
    if (answer.status >= 200 && answer.status < 300) {
      return { ok: true, balances: this.expect(answer, deviceEventResult, 'event').balances };
    }
    return { ok: false, status: answer.status, err: errText(answer.body), body: answer.body };
  }

  /**
   * Opens the device's push stream and hands each message to `onMessage` until the stream ends: resolves
   * when the server or the network ends it (or `signal` fires), throws GatewayError when it is refused
   * (401, 404 on a server without it, 429 over its caps) and the connection's error when it cannot
   * connect. Never retried here: the caller decides when to open it again. A stream silent for `idleMs`
   * (no message, no ping) is ended: a connection dropped without a word would otherwise look open forever.
   *
   * Over a connection of its own (node:http, no agent), as a browser's EventSource: ending the stream
   * closes its socket. Through fetch's shared pool, a stream stopped while it was connecting left an
   * unused socket open that a closing server waited on. The `fetch` option does not apply to it.
   */
  stream(
    onMessage: (message: PushedState) => void,
    signal: AbortSignal,
    idleMs: number = STREAM_IDLE_MS,
  ): Promise<void> {
    const token = this.token;
    if (!token) return Promise.reject(new GatewayError(401, ERR.unauthorized, { err: ERR.unauthorized }));
    const url = new URL(`${this.baseUrl}/device/events/stream`);
    const get = url.protocol === 'https:' ? https.get : http.get;
    const stopped = this.options.signal ? AbortSignal.any([signal, this.options.signal]) : signal;
    return new Promise<void>((resolve, reject) => {
      if (stopped.aborted) return resolve();
      let timer: NodeJS.Timeout | undefined;
      let settled = false;
      const finish = (error?: unknown) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        stopped.removeEventListener('abort', onAbort);
        request.destroy();
        if (error === undefined) resolve();
        else reject(error instanceof Error ? error : new Error(String(error)));
      };
      const onAbort = () => finish();
      const alive = () => {
        clearTimeout(timer);
        timer = setTimeout(() => finish(), idleMs);
      };
      const request = get(url, {
        agent: false,
        headers: { accept: 'text/event-stream', authorization: `Bearer ${token}` },
      });
      stopped.addEventListener('abort', onAbort, { once: true });
      alive();
      request.on('error', (error) => finish(error));
      request.on('response', (response) => {
        response.setEncoding('utf8');
        if (response.statusCode !== 200) {
          let text = '';
          response.on('data', (chunk: string) => (text += chunk));
          response.on('end', () => {
            let body: unknown = text;
            try {
              body = JSON.parse(text);
            } catch {
              // not JSON: kept as text
            }
            finish(new GatewayError(response.statusCode ?? 0, errText(body), body));
          });
          return;
        }
        let buffer = '';
        response.on('data', (chunk: string) => {
          alive();
          buffer += chunk;
          const frames = buffer.split('\n\n');
          buffer = frames.pop() ?? '';
          try {
            for (const frame of frames) {
              const message = pushedState(frame);
              if (message) onMessage(message);
            }
          } catch (error) {
            finish(error);
          }
        });
        response.on('end', () => finish());
        response.on('close', () => finish());
      });
    });
  }

  /**
   * GET/POST with retry until an answer that is not retryable. A 4xx is thrown as GatewayError, except
   * that with `refusalIsAnswer` it is returned (an event's refusal is its answer); 401 is always thrown.
   */
  private async call(
    name: string,
    method: 'GET' | 'POST',
    path: string,
    body: unknown,
    { auth = true, refusalIsAnswer = false }: { auth?: boolean; refusalIsAnswer?: boolean } = {},
  ): Promise<RawAnswer> {
    // Serialized once: every attempt sends byte-identical content.
    const text = body === undefined ? undefined : JSON.stringify(body);
    let lastReason = '';
    for (let attempt = 1; ; attempt++) {
      this.throwIfStopped();
      try {
        const answer = await this.once(method, path, text, auth);
        if (!isRetryableStatus(answer.status)) {
          if (attempt > 1) this.options.onRecovered?.({ call: name, attempts: attempt });
          if (answer.status === 401 || (answer.status >= 400 && !refusalIsAnswer)) {
            throw new GatewayError(answer.status, errText(answer.body), answer.body);
          }
          return answer;
        }
        lastReason = `HTTP ${answer.status} ${errText(answer.body)}`;
      } catch (error) {
        if (error instanceof GatewayError || error instanceof StoppedError) throw error;
        this.throwIfStopped();
        lastReason = describe(error);
      }
      if (attempt >= this.retry.maxAttempts) throw new GatewayUnavailableError(attempt, lastReason);
      const delayMs = this.backoff(attempt);
      this.options.onRetry?.({ call: name, attempt, delayMs, reason: lastReason });
      await sleep(delayMs, this.options.signal);
    }
  }

  private async once(
    method: string,
    path: string,
    text: string | undefined,
    auth: boolean,
  ): Promise<RawAnswer> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (text !== undefined) headers['content-type'] = 'application/json';
    if (auth) {
      if (!this.token) throw new GatewayError(401, ERR.unauthorized, { err: ERR.unauthorized });
      headers.authorization = `Bearer ${this.token}`;
    }
    const timeout = AbortSignal.timeout(this.retry.timeoutMs);
    const signal = this.options.signal ? AbortSignal.any([this.options.signal, timeout]) : timeout;
    const response = await this.fetchFn(`${this.baseUrl}${path}`, { method, headers, body: text, signal });
    const raw = await response.text();
    let parsed: unknown = null;
    try {
      parsed = raw === '' ? null : JSON.parse(raw);
    } catch {
      parsed = raw;
    }
    return { status: response.status, body: parsed };
  }

  private expect<S extends z.ZodType>(answer: RawAnswer, schema: S, call: string): z.output<S> {
    const result = schema.safeParse(answer.body);
    if (!result.success) {
      throw new GatewayProtocolError(`${call}: answer does not match the contract: ${result.error.message}`);
    }
    return result.data;
  }

  private backoff(attempt: number): number {
    const base = Math.min(this.retry.maxMs, this.retry.initialMs * this.retry.factor ** (attempt - 1));
    // Half fixed, half random: many devices that lost the same server do not all come back in step.
    return Math.round(base / 2 + (this.random() * base) / 2);
  }

  private throwIfStopped(): void {
    if (this.options.signal?.aborted) throw new StoppedError();
  }
}

/**
 * One SSE frame as a pushed state, or null: a comment (`: ping`), a `retry:` line alone, or an event this
 * client does not know (a newer server may send more) is nothing to act on; a known event whose data
 * does not match the contract is a protocol error.
 */
function pushedState(frame: string): PushedState | null {
  let event = 'message';
  const data: string[] = [];
  for (const line of frame.split('\n')) {
    if (line.startsWith('event: ')) event = line.slice(7);
    else if (line.startsWith('data: ')) data.push(line.slice(6));
  }
  if ((event !== 'hello' && event !== 'state') || data.length === 0) return null;
  const parsed = deviceState.safeParse(JSON.parse(data.join('\n')));
  if (!parsed.success) throw new GatewayProtocolError(`stream ${event}: does not match the contract`);
  return { event, state: parsed.data };
}

function errText(body: unknown): string {
  if (typeof body === 'object' && body !== null && 'err' in body && typeof body.err === 'string')
    return body.err;
  return typeof body === 'string' ? body.slice(0, 200) : 'unknown error';
}

function describe(error: unknown): string {
  if (error instanceof Error) {
    const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
    return `${error.name} ${error.message}${cause}`;
  }
  return String(error);
}

/** Waits, unless the signal fires first (then StoppedError). */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new StoppedError());
    const onAbort = () => {
      clearTimeout(timer);
      reject(new StoppedError());
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
