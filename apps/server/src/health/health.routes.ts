// Liveness, readiness, the server's build hash and clock.
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { API_BASE, health, serverTime, versionInfo } from '@cashdesk/contract';
import type { AppContext } from '../context.js';
import { answers } from '../http/route-schemas.js';

export function healthRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (plain) => {
    const app = plain.withTypeProvider<ZodTypeProvider>();
    app.get('/healthz', { schema: { response: answers({ 200: health }) } }, async () => ({ ok: true }));
    // Ready = the database answers. A load balancer sends traffic only to ready instances.
    app.get(
      '/readyz',
      { schema: { response: { ...answers({ 200: health }), 503: health } } },
      async (request, reply) => {
        try {
          await sql`select 1`.execute(ctx.db.kysely);
          return { ok: true };
        } catch (error) {
          request.log.error({ err: error }, 'database not ready');
          return reply.status(503).send({ ok: false });
        }
      },
    );
    // Polled every 5 s by every terminal: revalidated with an ETag (http/conditional-get.ts).
    app.get(
      `${API_BASE}/cashier_v`,
      { config: { revalidate: true }, schema: { response: answers({ 200: versionInfo }) } },
      async () => ({ hash: ctx.buildHash }),
    );
    app.get(`${API_BASE}/time`, { schema: { response: answers({ 200: serverTime }) } }, async () => ({
      time: new Date(ctx.clock.now()).toISOString(),
    }));
  };
}
