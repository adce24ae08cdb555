// Corrections (docs/product.md section 13): a manager reverses one cash operation of the venue by a new,
// linked operation through the ledger (money-rules.ts decideCorrection); nothing is edited or deleted.
// The operation is named by its trx, and by its id where two callers' operations share the trx. The
// ledger refuses it (409 `device moved`) once the device has left the venue.
// The role and account checks are the back office's (back-office.routes.ts).
import { correctionRequest, correctionResult, ERR } from '@cashdesk/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { ApiError } from '../../http/api-error.js';
import { answers, sendOutcome } from '../../http/route-schemas.js';
import { findCashOperations } from '../../ledger/operations.repository.js';
import { accountInScope, accountParams, actorOf } from '../access.js';
import { auditEntryStatement } from '../audit/audit.repository.js';

export function correctionsRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (plain) => {
    const app = plain.withTypeProvider<ZodTypeProvider>();
    const correct = {
      schema: {
        params: accountParams,
        body: correctionRequest,
        response: answers({ 200: correctionResult }),
      },
    };
    app.post('/a/manager/account/:id/corrections', correct, async (request, reply) => {
      const account = await accountInScope(ctx, request);
      const { trx, operation_id, correction_trx, reason } = request.body;
      const found = await findCashOperations(ctx.db.kysely, account.id, trx, operation_id);
      if (found.length > 1) throw new ApiError(ERR.trxAmbiguous);
      const original = found[0];
      if (!original || original.device_id === null || original.place === null) {
        throw new ApiError(ERR.notFound);
      }
      const actor = actorOf(request);
      const { device_id, place } = original;
      const outcome = await ctx.ledger.changePlaceCash({
        account_id: account.id,
        user_id: actor.user_id!,
        device_id,
        device_uuid: '',
        place,
        delta_cents: -original.amount_cents,
        trx: correction_trx,
        remote_pin: null,
        corrects: {
          operation_id: original.id,
          trx: original.trx,
          delta_cents: original.amount_cents,
          reason,
          alsoWrite: (db) =>
            auditEntryStatement(db, {
              actor,
              action: 'operation.correct',
              target_type: 'device',
              target_id: device_id,
              account_id: account.id,
              before: { trx: original.trx, place, delta: original.amount_cents },
              after: { trx: correction_trx, corrects: original.trx, place, delta: -original.amount_cents },
              reason,
              trx: correction_trx,
              now_ms: ctx.clock.now(),
            }),
        },
      });
      return sendOutcome(reply, outcome);
    });
  };
}
