// Who may read `GET /metrics` (docs/operations.md, "Metrics"): what it shows (routes, volumes, error
// rates) helps an attacker, so only this machine, or a scraper holding the configured bearer token.
import { createHash, timingSafeEqual } from 'node:crypto';
import { isLoopbackHost } from '../config.js';

export interface MetricsRequest {
  /** The client's address as Fastify reads it (X-Forwarded-For's when TRUST_PROXY is on). */
  ip: string;
  headers: Record<string, string | string[] | undefined>;
}

/** 'allowed', or what to answer: 404 (as for any unknown path) or, with a token configured, 401. */
export type MetricsAccess = 'allowed' | 'not-found' | 'unauthorized';

/**
 * Loopback clients are let in; behind a reverse proxy on this machine they are not, unless the proxy is
 * trusted (TRUST_PROXY, so `ip` is the real client's): without it every proxied client would look local,
 * so a request carrying a forwarding header is treated as remote.
 */
export function metricsAccess(
  request: MetricsRequest,
  options: { token: string | null; trustProxy: boolean },
): MetricsAccess {
  const proxied =
    !options.trustProxy &&
    (request.headers['x-forwarded-for'] !== undefined || request.headers['forwarded'] !== undefined);
  if (!proxied && isLoopbackAddress(request.ip)) return 'allowed';
  if (options.token === null) return 'not-found';
  return bearerMatches(request.headers.authorization, options.token) ? 'allowed' : 'unauthorized';
}

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6 (`::ffff:127.0.0.1`, how a dual-stack socket reports it). */
export function isLoopbackAddress(ip: string): boolean {
  return isLoopbackHost(ip.replace(/^::ffff:/i, ''));
}

/** Compares in constant time: digests of equal length, whatever the lengths of the texts. */
export function bearerMatches(header: string | string[] | undefined, token: string): boolean {
  if (typeof header !== 'string') return false;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match) return false;
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(match[1]!), digest(token));
}
