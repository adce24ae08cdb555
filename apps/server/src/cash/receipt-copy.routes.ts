// The copy of the cashier's last receipt (docs/api.md, "The till's drawer"): the operation's own figures
// as its receipt printed them, marked a copy by the till. Every copy is written to the audit log (a
// payout's receipt printed twice is what a dispute asks about).
import { ERR, receiptCopy, receiptReprintRequest, type ReceiptCopy } from '@cashdesk/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { cashierOf, requireCashier } from '../auth/index.js';
import { recordAudit } from '../back-office/index.js';
import type { AppContext } from '../context.js';
import { ApiError } from '../http/api-error.js';
import { answers } from '../http/route-schemas.js';
import { receiptNumberOf } from './receipt.js';
import { findLastCashOperation, type LastCashOperation } from './receipt-copy.repository.js';

/** A withdraw that left the place empty is a cash-out, as the Z-report and the daily report count it. */
function operationOf(last: LastCashOperation): ReceiptCopy['operation'] {
  if (last.amount_cents > 0) return 'deposit';
  return last.balance_after_cents === 0 ? 'cash_out' : 'withdraw';
}

export function receiptCopyRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (plain) => {
    const app = plain.withTypeProvider<ZodTypeProvider>();
    app.addHook('preValidation', requireCashier);
    const reprint = { schema: { body: receiptReprintRequest, response: answers({ 200: receiptCopy }) } };
    app.post('/a/cashier/receipt/reprint', reprint, async (request): Promise<ReceiptCopy> => {
      const cashier = cashierOf(request);
      return ctx.db.kysely.transaction().execute(async (tx) => {
        const last = await findLastCashOperation(tx, cashier);
        if (!last) throw new ApiError(ERR.notFound);
        const now = ctx.clock.now();
        await recordAudit(tx, {
          actor: { user_id: cashier.id, login: cashier.login },
          action: 'receipt.reprint',
          target_type: 'device',
          target_id: last.device_id,
          account_id: cashier.account_id,
          before: null,
          after: { operation_id: last.operation_id, place: last.place, amount_cents: last.answer.delta },
          trx: last.answer.trx,
          now_ms: now,
        });
        return {
          trx: last.answer.trx,
          operation: operationOf(last),
          amount: Math.abs(last.answer.delta),
          burned_final_bonus: last.answer.burned_final_bonus,
          currency: last.answer.currency,
          created_at: last.answer.created_at,
          device_id: last.device_id,
          device_name: last.device_name,
          device_type: last.device_type,
          device_uuid: last.answer.device_uuid,
          place: last.place,
          cashier_name: last.cashier_name,
          reprinted_at: new Date(now).toISOString(),
          venue: last.venue,
          receipt_no: receiptNumberOf(last.operation_id),
        };
      });
    });
  };
}
