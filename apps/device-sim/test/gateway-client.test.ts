// The gateway client against a scripted transport: what it resends, what it gives up on, what it returns.
import { describe, expect, it } from 'vitest';
import {
  GatewayClient,
  GatewayError,
  GatewayProtocolError,
  GatewayUnavailableError,
  StoppedError,
  type RetryInfo,
} from '../src/gateway-client.js';

interface Seen {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string | undefined;
}

type Step = { status: number; body: unknown } | Error;

/** A fetch that answers from a script, one step per call, and records what it was sent. */
function scripted(steps: Step[]) {
  const seen: Seen[] = [];
  const fake = (async (input: string | URL | Request, init?: RequestInit) => {
    seen.push({
      url: String(input),
      method: init?.method ?? 'GET',
      headers: { ...(init?.headers as Record<string, string>) },
      body: typeof init?.body === 'string' ? init.body : undefined,
    });
    const step = steps.shift();
    if (!step) throw new Error('script ran out');
    if (step instanceof Error) throw step;
    return new Response(JSON.stringify(step.body), {
      status: step.status,
      headers: { 'content-type': 'application/json' },
    });
  }) as typeof fetch;
  return { fetch: fake, seen };
}

const fast = { initialMs: 1, maxMs: 5, timeoutMs: 1000 };
const event = { trx: 'ev-test-0001', place: 2, type: 3 as const, amount: 150 };
const refused = (err: string, status = 422) => ({ status, body: { err } });

describe('gateway client', () => {
  it('resends the same trx with byte-identical content after network errors and 5xx', async () => {
    const { fetch, seen } = scripted([
      new TypeError('fetch failed', { cause: new Error('connect ECONNREFUSED') }),
      { status: 503, body: { err: 'Internal server error' } },
      { status: 500, body: { err: 'Internal server error' } },
      { status: 200, body: { balances: { entries: 850, final_bonus: 15 } } },
    ]);
    const retries: RetryInfo[] = [];
    const recovered: { call: string; attempts: number }[] = [];
    const client = new GatewayClient({
      baseUrl: 'http://gw/',
      token: 'tok',
      fetch,
      retry: fast,
      onRetry: (r) => retries.push(r),
      onRecovered: (r) => recovered.push(r),
    });
    await expect(client.sendEvent(event)).resolves.toEqual({
      ok: true,
      balances: { entries: 850, final_bonus: 15 },
    });
    expect(seen).toHaveLength(4);
    expect(new Set(seen.map((s) => s.body)).size).toBe(1);
    expect(JSON.parse(seen[0]!.body!)).toEqual(event);
    expect(seen.every((s) => s.url === 'http://gw/device/events' && s.method === 'POST')).toBe(true);
    expect(seen[0]!.headers.authorization).toBe('Bearer tok');
    expect(seen[0]!.headers['content-type']).toBe('application/json');
    expect(retries.map((r) => r.attempt)).toEqual([1, 2, 3]);
    expect(recovered).toEqual([{ call: 'event ev-test-0001', attempts: 4 }]);
    expect(retries[0]!.reason).toContain('ECONNREFUSED');
  });

  it('returns a refusal as the answer and does not retry it', async () => {
    const { fetch, seen } = scripted([refused('not enough money')]);
    const client = new GatewayClient({ baseUrl: 'http://gw', token: 'tok', fetch, retry: fast });
    const answer = await client.sendEvent(event);
    expect(answer).toMatchObject({ ok: false, status: 422, err: 'not enough money' });
    expect(seen).toHaveLength(1);
  });

  it('throws 401 and other refusals of non-event calls', async () => {
    const a = scripted([refused('unauthorized', 401)]);
    await expect(
      new GatewayClient({ baseUrl: 'http://gw', token: 't', fetch: a.fetch, retry: fast }).sendEvent(event),
    ).rejects.toMatchObject({ name: 'GatewayError', status: 401, err: 'unauthorized' });
    const b = scripted([refused('Forbidden', 403)]);
    const enrolling = new GatewayClient({ baseUrl: 'http://gw', fetch: b.fetch, retry: fast }).enroll({
      kind: 'cabinet',
      module: 1,
      game_id: 1,
      places: 4,
    });
    await expect(enrolling).rejects.toBeInstanceOf(GatewayError);
    expect(b.seen[0]!.headers.authorization).toBeUndefined();
  });

  it('keeps the token from enrollment and sends {} for a PIN', async () => {
    const { fetch, seen } = scripted([
      { status: 200, body: { device_token: 'new-token', uuid: 'u' } },
      { status: 200, body: { pin: '01234', expires_at: '2026-01-01T00:00:00.000Z' } },
    ]);
    const client = new GatewayClient({ baseUrl: 'http://gw', fetch, retry: fast });
    await client.enroll({ kind: 'cabinet', module: 1, game_id: 1, places: 4 });
    await expect(client.requestPin()).resolves.toEqual({
      pin: '01234',
      expires_at: '2026-01-01T00:00:00.000Z',
    });
    expect(seen[1]).toMatchObject({ url: 'http://gw/device/pin', body: '{}' });
    expect(seen[1]!.headers.authorization).toBe('Bearer new-token');
  });

  it('refuses an answer that breaks the contract instead of retrying it', async () => {
    const { fetch, seen } = scripted([{ status: 200, body: { balances: { entries: '12' } } }]);
    const client = new GatewayClient({ baseUrl: 'http://gw', token: 't', fetch, retry: fast });
    await expect(client.sendEvent(event)).rejects.toBeInstanceOf(GatewayProtocolError);
    expect(seen).toHaveLength(1);
  });

  it('gives up after maxAttempts when asked to', async () => {
    const { fetch, seen } = scripted([new TypeError('fetch failed'), new TypeError('fetch failed')]);
    const client = new GatewayClient({
      baseUrl: 'http://gw',
      token: 't',
      fetch,
      retry: { ...fast, maxAttempts: 2 },
    });
    await expect(client.state()).rejects.toBeInstanceOf(GatewayUnavailableError);
    expect(seen).toHaveLength(2);
  });

  it('stops waiting at once when its signal fires', async () => {
    const controller = new AbortController();
    const failures = Array.from({ length: 1000 }, () => new TypeError('fetch failed'));
    const { fetch } = scripted(failures);
    const client = new GatewayClient({
      baseUrl: 'http://gw',
      token: 't',
      fetch,
      signal: controller.signal,
      retry: { initialMs: 10_000, maxMs: 10_000 },
    });
    const sending = client.sendEvent(event);
    setTimeout(() => controller.abort(), 20);
    const started = Date.now();
    await expect(sending).rejects.toBeInstanceOf(StoppedError);
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('retries an attempt that times out', async () => {
    let calls = 0;
    const slowThenFine = (async (_input: string | URL | Request, init?: RequestInit) => {
      calls++;
      if (calls === 1) {
        // Never answers; only the client's own timeout ends it.
        return new Promise<Response>((_resolve, reject) =>
          init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)),
        );
      }
      return new Response(JSON.stringify({ id: 1, linked: false, places: [] }), { status: 200 });
    }) as typeof fetch;
    const client = new GatewayClient({
      baseUrl: 'http://gw',
      token: 't',
      fetch: slowThenFine,
      retry: { initialMs: 1, maxMs: 1, timeoutMs: 50 },
    });
    await expect(client.state()).resolves.toEqual({ id: 1, linked: false, places: [] });
    expect(calls).toBe(2);
  });
});
