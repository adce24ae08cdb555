// Liveness, readiness, the server's build hash and clock.
import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'kysely';
import { API_BASE } from '@cashdesk/contract';
import type { AppContext } from '../context.js';

export function healthRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    app.get('/healthz', async () => ({ ok: true }));
    // Ready = the database answers. A load balancer sends traffic only to ready instances.
    app.get('/readyz', async (request, reply) => {
      try {
        await sql`select 1`.execute(ctx.db.kysely);
        return { ok: true };
      } catch (error) {
        request.log.error({ err: error }, 'database not ready');
        return reply.status(503).send({ ok: false });
      }
    });
    // Polled every 5 s by every terminal: revalidated with an ETag (http/conditional-get.ts).
    app.get(`${API_BASE}/cashier_v`, { config: { revalidate: true } }, async () => ({ hash: ctx.buildHash }));
    app.get(`${API_BASE}/time`, async () => ({ time: new Date(ctx.clock.now()).toISOString() }));
  };
}
