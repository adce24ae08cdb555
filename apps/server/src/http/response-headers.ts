// The headers every answer carries, set by one onSend hook:
//   - the security headers: no framing, no sniffing, no inline scripts, no referrer leaks;
//   - `X-Request-Id`, the id of every log line of the request: a cashier reporting a problem can quote it;
//   - `Connection: close` while the server closes: an answer's keep-alive connection then ends with it,
//     so closing does not wait for the client's idle timeout (Fastify closes only the connections that
//     are idle when closing starts).
// The polled calls then trade the API's `no-store` for an ETag (conditional-get.ts, their own hook).
import type { FastifyInstance, FastifyRequest } from 'fastify';

export interface SecurityHeaderOptions {
  https: boolean;
  /**
   * Origins the page may also load from: the operator's support chat (SUPPORT_CHAT_SCRIPT_URL). A chat
   * widget loads its script, talks to its server, and shows images, styles and often a frame from there.
   */
  trustedOrigins?: readonly string[];
}

export function contentSecurityPolicy(trustedOrigins: readonly string[] = []): string {
  const also = trustedOrigins.map((origin) => ` ${origin}`).join('');
  return [
    "default-src 'self'",
    `script-src 'self'${also}`,
    `style-src 'self' 'unsafe-inline'${also}`,
    `img-src 'self' data:${also}`,
    `connect-src 'self'${also}`,
    `frame-src 'self'${also}`,
    "font-src 'self' data:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * Browser features the till never uses, off for the page and any frame in it (a support chat included):
 * a script that got in could not reach a microphone, location or payment prompt. The camera is the
 * page's own only (`self`): the player card reads a card's QR code with it (apps/web/src/features/players),
 * and no frame may ask for it.
 */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'camera=(self)',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'usb=()',
].join(', ');

/** The origin of an absolute http(s) URL, or null for a path on this server. */
export function originOf(url: string | null): string | null {
  if (url === null || !/^https?:\/\//i.test(url)) return null;
  return new URL(url).origin;
}

/** The headers every answer carries; HSTS only when the request came over https. */
export function securityHeaders(
  request: FastifyRequest,
  options: SecurityHeaderOptions,
): Record<string, string> {
  const headers: Record<string, string> = {
    'Content-Security-Policy': contentSecurityPolicy(options.trustedOrigins),
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    'Referrer-Policy': 'no-referrer',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Permissions-Policy': PERMISSIONS_POLICY,
  };
  if (options.https || request.protocol === 'https') {
    headers['Strict-Transport-Security'] = 'max-age=31536000; includeSubDomains';
  }
  if (request.url.startsWith('/api/')) headers['Cache-Control'] = 'no-store';
  return headers;
}

/** Installs the hook; the conditional answers (conditional-get.ts) must come after it. */
export function installResponseHeaders(app: FastifyInstance, options: SecurityHeaderOptions): void {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (request, reply, payload) => {
    reply.headers(securityHeaders(request, options));
    if (closing) reply.header('Connection', 'close');
    reply.header('X-Request-Id', request.id);
    return payload;
  });
}
