// Conditional answers for the calls terminals poll every 5 s (float, device list and detail, version): an
// ETag on the answer and 304 Not Modified, with no body, when the terminal already holds it. Most polls find
// nothing changed, so most answers shrink to headers; the browser revalidates by itself because these
// answers are `private, no-cache` (stored only by the terminal's own browser, and never used unchecked).
//
// A route opts in with `config: { revalidate: true }`. Written here rather than with @fastify/etag: that
// plugin tags every answer of the scope it is registered in, compares If-None-Match as one exact string
// (no lists, no weak tags) and leaves Cache-Control alone, and the API's must stay `no-store` elsewhere.
import { createHash } from 'node:crypto';
import type { FastifyInstance, onSendHookHandler } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Route config: answer GETs with an ETag and `private, no-cache`, and 304 when unchanged. */
    revalidate?: boolean;
  }
}

export const REVALIDATE_CACHE_CONTROL = 'private, no-cache';

/** A strong tag of the answer's exact bytes: the same answer always gets the same tag, on any server. */
export function etagOf(body: string): string {
  return `"${createHash('sha1').update(body).digest('base64url')}"`;
}

/** If-None-Match holds `etag` (a list, weak or strong; RFC 9110 13.1.2 compares weakly), or `*`. */
export function ifNoneMatchHolds(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const opaque = etag.replace(/^W\//, '');
  return header.split(',').some((item) => {
    const tag = item.trim();
    return tag === '*' || tag.replace(/^W\//, '') === opaque;
  });
}

/** The answer of a route that opted in: tagged, and 304 with no body when the terminal holds it. */
const revalidated: onSendHookHandler = async (request, reply, payload) => {
  if (request.method !== 'GET') return payload;
  if (reply.statusCode !== 200 || typeof payload !== 'string') return payload;
  const etag = etagOf(payload);
  reply.header('ETag', etag);
  reply.header('Cache-Control', REVALIDATE_CACHE_CONTROL);
  if (!ifNoneMatchHolds(request.headers['if-none-match'], etag)) return payload;
  // A 304 has no body, so nothing to describe: no Content-Type either.
  reply.code(304);
  reply.removeHeader('content-type');
  return '';
};

/**
 * Gives each route that opts in its own onSend hook, so no other answer runs it. A route's hooks run after
 * the app's (Fastify's route-level hooks come last), so it replaces the `no-store` of the headers every
 * answer gets (response-headers.ts). Install it before the routes.
 */
export function installConditionalGet(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (!route.config?.revalidate) return;
    const own = route.onSend === undefined ? [] : [route.onSend].flat();
    route.onSend = [...own, revalidated];
  });
}
