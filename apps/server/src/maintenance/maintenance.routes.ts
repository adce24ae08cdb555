// The maintenance page's text (docs/product.md section 2: the page shows the operator's text): public, since the page is
// shown to anyone while the venue's terminals are down. 404 `not found` when no message is set; the
// page then shows its own 404 message.
import { ERR, maintenanceMessage, type MaintenanceMessage } from '@cashdesk/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { answers } from '../http/route-schemas.js';
import type { AppContext } from '../context.js';
import { ApiError } from '../http/api-error.js';
import { readMaintenanceMessage } from './maintenance.repository.js';

export function maintenanceRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (plain) => {
    const app = plain.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/maintenance',
      { schema: { response: answers({ 200: maintenanceMessage }) } },
      async (): Promise<MaintenanceMessage> => {
        const stored = await readMaintenanceMessage(ctx.db.kysely);
        if (!stored) throw new ApiError(ERR.notFound);
        return { message: stored.message, updated_at: new Date(stored.updated_at_ms).toISOString() };
      },
    );
  };
}
