// Security headers on every response: no framing, no sniffing, no inline scripts, no referrer leaks.
import type { FastifyInstance } from 'fastify';

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

/** The origin of an absolute http(s) URL, or null for a path on this server. */
export function originOf(url: string | null): string | null {
  if (url === null || !/^https?:\/\//i.test(url)) return null;
  return new URL(url).origin;
}

export function installSecurityHeaders(app: FastifyInstance, options: SecurityHeaderOptions): void {
  const csp = contentSecurityPolicy(options.trustedOrigins);
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('Content-Security-Policy', csp);
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('X-Frame-Options', 'DENY');
    reply.header('Referrer-Policy', 'no-referrer');
    reply.header('Cross-Origin-Opener-Policy', 'same-origin');
    if (options.https || request.protocol === 'https') {
      reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    }
    if (request.url.startsWith('/api/')) reply.header('Cache-Control', 'no-store');
    return payload;
  });
}
