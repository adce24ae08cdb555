// A second line against cross-site requests, beside the SameSite=Strict cookie and JSON-only bodies: a
// browser names where a request comes from, and a state-changing API call from another site is refused
// with 403 even if a cookie or a content type ever got through (docs/security.md, "Cross-site requests").
import { API_BASE, ERR } from '@cashdesk/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from './api-error.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Route config: a GET that changes state all the same (sign-out, which the product spec names a GET,
     * docs/product.md) is refused cross-site like a POST.
     */
    changesState?: boolean;
  }
}

/**
 * Whether a browser says the request came from another site. `Sec-Fetch-Site` (every current browser)
 * decides when present; an older browser's `Origin` must then be this server's own origin as the
 * request addresses it. Clients that send neither (the CLI, devices, scripts with a cookie) are not
 * browsers a foreign page can drive, and pass.
 */
export function isCrossSite(request: Pick<FastifyRequest, 'headers' | 'protocol' | 'host'>): boolean {
  const site = request.headers['sec-fetch-site'];
  if (typeof site === 'string') return site !== 'same-origin' && site !== 'none';
  const origin = request.headers.origin;
  if (typeof origin !== 'string') return false;
  return origin !== `${request.protocol}://${request.host}`;
}

/**
 * Refuses cross-site POSTs (and other state-changing methods, and the GETs whose route says they change
 * state) to the session API under /api/v1.
 */
export function installSameOriginCheck(app: FastifyInstance): void {
  // After the body parsers, so a cross-site form post keeps its 415, which says more; before the
  // routes' role checks and the body's validation, so every state-changing route answers the same 403
  // whatever the session may do and whatever the body holds (a root hook runs before the routes' own).
  app.addHook('preValidation', async (request) => {
    const safe = SAFE_METHODS.has(request.method) && request.routeOptions.config.changesState !== true;
    if (safe || !request.url.startsWith(`${API_BASE}/`)) return;
    if (isCrossSite(request)) throw new ApiError(ERR.forbidden);
  });
}
