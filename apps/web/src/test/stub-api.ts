// Test helper: a fake server behind `fetch` for the web's tests, with no network and no msw. A table of
// `METHOD /path` (the path as the browser asks for it, without the query: 'GET /api/v1/a/me',
// 'GET /version.json') gives each route an answer, a list of answers given in turn (the last one repeats),
// or a function of the call giving one, at once or later (a test can hold a call in flight and look at
// the screen). Every call is recorded with its JSON body and headers, so a test can assert what was sent
// (and that a retry resent the same trx). An unknown route answers 404.
// jsdom's Request cannot take the relative URLs fetchBaseQuery builds ('/api/v1/...'), so a Request that
// resolves them against the page's origin stands in for it while a test runs.
import { vi } from 'vitest';

export interface StubAnswer {
  status?: number;
  body?: unknown;
  /** No answer at all: fetch fails as on a reset connection (the browser's 'Failed to fetch'). */
  network?: boolean;
  /** No answer until the request is aborted (the app's timeout): fetch then fails with the abort's reason. */
  hang?: boolean;
}

/** One call as the fake server saw it; `body` is the parsed JSON body (undefined without one). */
export interface StubCall {
  method: string;
  path: string;
  /** The query string's parameters (the route is chosen without them). */
  query: URLSearchParams;
  body: unknown;
  headers: Headers;
}

/** An answer; a list of answers given in turn (the last one repeats); or a function of the call. */
export type StubRoute = StubAnswer | StubAnswer[] | ((call: StubCall) => StubAnswer | Promise<StubAnswer>);
export type StubRoutes = Record<string, StubRoute>;

export function stubApi(routes: StubRoutes) {
  const BaseRequest = globalThis.Request;
  class PageRequest extends BaseRequest {
    constructor(input: RequestInfo | URL, init?: RequestInit) {
      super(typeof input === 'string' ? new URL(input, window.location.origin) : input, init);
    }
  }
  vi.stubGlobal('Request', PageRequest);

  const calls: StubCall[] = [];
  const served = new Map<string, number>();
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = input instanceof BaseRequest ? input : new PageRequest(input, init);
    const url = new URL(request.url);
    const path = url.pathname;
    const key = `${request.method} ${path}`;
    // Recorded before the body is read, so `calls` keeps the order in which the app called.
    const call: StubCall = {
      method: request.method,
      path,
      query: url.searchParams,
      body: undefined,
      headers: request.headers,
    };
    calls.push(call);
    call.body = parseBody(await request.clone().text());
    const route = routes[key];
    if (!route) return json({ status: 404, body: { err: 'not found' } });
    let answer: StubAnswer;
    if (typeof route === 'function') answer = await route(call);
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
    /** The recorded calls to one `METHOD /path` route. */
    callsTo: (key: string) => calls.filter((c) => `${c.method} ${c.path}` === key),
  };
}

export type FetchMock = ReturnType<typeof stubApi>['fetchMock'];

function parseBody(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function json({ status = 200, body = {} }: StubAnswer): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/**
 * The routes a fetch stub was called with, in order, e.g. ['GET /api/v1/a/me'], read from the mock
 * itself: a call a test answered with its own mockImplementationOnce counts too.
 */
export function calledRoutes(fetchMock: FetchMock): string[] {
  return fetchMock.mock.calls.map(([input, init]) => {
    if (input instanceof Request) return `${input.method} ${new URL(input.url).pathname}`;
    const url = new URL(String(input), window.location.origin);
    return `${init?.method ?? 'GET'} ${url.pathname}`;
  });
}
