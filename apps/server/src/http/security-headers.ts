// Security headers on every response: no framing, no sniffing, no inline scripts, no referrer leaks.
import type { FastifyInstance, FastifyRequest } from 'fastify';

const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "font-src 'self' data:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** The headers every answer carries; HSTS only when the request came over https. */
export function securityHeaders(
  request: FastifyRequest,
  options: { https: boolean },
): Record<string, string> {
  const headers: Record<string, string> = {
    'Content-Security-Policy': CSP,
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    'Referrer-Policy': 'no-referrer',
    'Cross-Origin-Opener-Policy': 'same-origin',
  };
  if (options.https || request.protocol === 'https') {
    headers['Strict-Transport-Security'] = 'max-age=31536000; includeSubDomains';
  }
  if (request.url.startsWith('/api/')) headers['Cache-Control'] = 'no-store';
  return headers;
}

export function installSecurityHeaders(app: FastifyInstance, options: { https: boolean }): void {
  app.addHook('onSend', async (request, reply, payload) => {
    reply.headers(securityHeaders(request, options));
    return payload;
  });
}
