// `GET /metrics` (Prometheus text format) and the hook that times every request for it.
import { ERR } from '@cashdesk/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { answers, textAnswer } from '../http/route-schemas.js';
import { metricsAccess } from './metrics-access.js';

/** The route label of a request no route matched: one series for every unknown URL, never the URL. */
export const UNMATCHED_ROUTE = 'unmatched';

export function installMetrics(app: FastifyInstance, ctx: AppContext): void {
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? UNMATCHED_ROUTE;
    ctx.metrics.observeRequest(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
  });

  const schema = {
    response: answers({
      200: textAnswer(
        'text/plain',
        'Prometheus text format; loopback or a bearer token (docs/operations.md, "Metrics")',
      ),
    }),
  };
  app.get('/metrics', { schema }, async (request, reply) => {
    const access = metricsAccess(request, {
      token: ctx.config.metrics.token,
      trustProxy: ctx.config.trustProxy,
    });
    if (access === 'not-found') return reply.status(404).send({ err: ERR.notFound });
    if (access === 'unauthorized') {
      return reply
        .status(401)
        .header('WWW-Authenticate', 'Bearer realm="metrics"')
        .send({ err: ERR.unauthorized });
    }
    return reply
      .header('Content-Type', ctx.metrics.contentType)
      .header('Cache-Control', 'no-store')
      .send(await ctx.metrics.render());
  });
}
