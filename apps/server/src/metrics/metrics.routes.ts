// `GET /metrics` (Prometheus text format), and the hook that times every request for it installed.
import { ERR } from '@cashdesk/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { answers, textAnswer } from '../http/route-schemas.js';
import { metricsAccess } from './metrics-access.js';

export function installMetrics(app: FastifyInstance, ctx: AppContext): void {
  // The figures' own hook, handed over as it is: nothing stands between an answer and its timing.
  app.addHook('onResponse', ctx.metrics.observeRequest);

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
