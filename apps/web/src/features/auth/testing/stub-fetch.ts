// Test helper: answers the app's API calls from a table of routes, with no network and no msw.
// jsdom's Request cannot take the relative URLs fetchBaseQuery builds ('/api/v1/...'), so a Request
// that resolves them against the page's origin stands in for it while a test runs.
import { vi } from 'vitest';

export interface StubAnswer {
  status?: number;
  body?: unknown;
}

/** `METHOD /path` (path without query) -> an answer, or a function of the request giving one. */
export type StubRoutes = Record<
  string,
  StubAnswer | ((request: Request) => StubAnswer | Promise<StubAnswer>)
>;

export function stubFetch(routes: StubRoutes) {
  const BaseRequest = globalThis.Request;
  class RelativeRequest extends BaseRequest {
    constructor(input: RequestInfo | URL, init?: RequestInit) {
      super(typeof input === 'string' ? new URL(input, window.location.origin) : input, init);
    }
  }
  vi.stubGlobal('Request', RelativeRequest);

  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = input instanceof BaseRequest ? input : new RelativeRequest(input, init);
    const { pathname } = new URL(request.url);
    const route = routes[`${request.method} ${pathname}`];
    if (!route) return json({ status: 404, body: { err: 'not found' } });
    return json(typeof route === 'function' ? await route(request) : route);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function json({ status = 200, body = {} }: StubAnswer): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** The paths a fetch stub was called with, in order, e.g. ['GET /api/v1/a/me']. */
export function calledRoutes(fetchMock: ReturnType<typeof stubFetch>): string[] {
  return fetchMock.mock.calls.map(([input, init]) => {
    if (input instanceof Request) return `${input.method} ${new URL(input.url).pathname}`;
    const url = new URL(String(input), window.location.origin);
    return `${init?.method ?? 'GET'} ${url.pathname}`;
  });
}
