// What a cash receipt adds to the spec's answer (docs/api.md, cash calls): the venue's name and a short
// receipt number a person can read out and look up. The number is the operation record's id (one
// `operations` row per trx and caller, ledger/idempotency.ts): unique across venues, so unique in each,
// and the same on every answer of the operation, a retry or a reprint included. The ledger hands both
// over with the answer (ledger/types.ts Outcome.record), not stored in it: the stored answer stays the
// spec's, and a replay of an answer stored before these fields existed gets them too.
import type { Outcome } from '../ledger/outcome.js';

type Body = Record<string, unknown>;

function isBody(value: unknown): value is Body {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The receipt number of an operation record. */
export function receiptNumberOf(operationId: number): string {
  return String(operationId);
}

/** A cashier's applied cash call (200) with the venue and the receipt number; any other answer as it is. */
export function withReceipt(outcome: Outcome): Outcome {
  const { body, record } = outcome;
  if (outcome.status !== 200 || !isBody(body) || !record) return outcome;
  return {
    status: outcome.status,
    body: { ...body, venue: record.venue, receipt_no: receiptNumberOf(record.operationId) },
  };
}
