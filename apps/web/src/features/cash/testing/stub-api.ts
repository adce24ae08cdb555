// Test helper: answers the app's API calls from a table of routes and records every request with its
// JSON body, so a test can assert what was sent (and that a retry resent the same trx).
// jsdom's Request cannot take the relative URLs fetchBaseQuery builds ('/api/v1/...'), so a Request
// that resolves them against the page's origin stands in for it while a test runs.
import { vi } from 'vitest';

export interface StubAnswer {
  status?: number;
  body?: unknown;
  /** No answer at all: fetch fails as on a reset connection (the browser's 'Failed to fetch'). */
  network?: boolean;
  /** No answer until the request is aborted (the app's timeout): fetch then fails with the abort's reason. */
  hang?: boolean;
}

/** An answer; a list of answers given in turn (the last one repeats); or a function of the body. */
export type StubRoute = StubAnswer | StubAnswer[] | ((body: unknown) => StubAnswer);

export interface RecordedCall {
  method: string;
  path: string;
  body: unknown;
}

export function stubApi(routes: Record<string, StubRoute>) {
  const BaseRequest = globalThis.Request;
  class RelativeRequest extends BaseRequest {
    constructor(input: RequestInfo | URL, init?: RequestInit) {
      super(typeof input === 'string' ? new URL(input, window.location.origin) : input, init);
    }
  }
  vi.stubGlobal('Request', RelativeRequest);

  const calls: RecordedCall[] = [];
  const served = new Map<string, number>();
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = input instanceof BaseRequest ? input : new RelativeRequest(input, init);
    const path = new URL(request.url).pathname;
    const text = await request.clone().text();
    const body: unknown = text ? JSON.parse(text) : undefined;
    const key = `${request.method} ${path}`;
    calls.push({ method: request.method, path, body });
    const route = routes[key];
    if (!route) return json({ status: 404, body: { err: 'not found' } });
    let answer: StubAnswer;
    if (typeof route === 'function') answer = route(body);
    else if (Array.isArray(route)) {
      const n = served.get(key) ?? 0;
      served.set(key, n + 1);
      answer = route[Math.min(n, route.length - 1)] ?? {};
    } else answer = route;
    if (answer.network) throw new TypeError('Failed to fetch');
    if (answer.hang) {
      const { signal } = request;
      return new Promise<Response>((_resolve, reject) => {
        signal.addEventListener('abort', () => reject(signal.reason as Error), { once: true });
      });
    }
    return json(answer);
  });
  vi.stubGlobal('fetch', fetchMock);

  return {
    fetchMock,
    calls,
    /** The recorded calls to one `METHOD /api/v1/...` route. */
    callsTo: (key: string) => calls.filter((c) => `${c.method} ${c.path}` === key),
  };
}

function json({ status = 200, body = {} }: StubAnswer): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}
