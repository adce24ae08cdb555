// A cash call's answer as its caller may see it. The ledger stores one answer per trx, with every figure,
// so a replay stays byte for byte what the first call answered; the float figures in it (a CashResult's
// `float_balance`, an `overdraft` refusal's `balance` and `overdraft`) are then sent as null to a cashier
// whose restrictions hide them, by the rule `account_balance` follows (contract visibleFloatFigures).
// Redacting on the way out, not on the way in, also covers a replay by the same cashier after their
// restrictions changed (a trx belongs to one cashier: another cashier's same trx is a call of its own).
import { ERR, visibleFloatFigures } from '@cashdesk/contract';
import type { Outcome } from '../ledger/outcome.js';

type Body = Record<string, unknown>;

function isBody(value: unknown): value is Body {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `value` when it is a figure, 0 otherwise: the visibility rule only asks whether a figure is shown. */
const figure = (value: unknown): number => (typeof value === 'number' ? value : 0);

/** The float figures of an answer, by field name; none for an answer that carries no float. */
function floatFiguresOf(body: Body, restrictions: readonly string[]): Body {
  if (body.err === ERR.overdraft) {
    const seen = visibleFloatFigures(restrictions, {
      balance: figure(body.balance),
      overdraft: figure(body.overdraft),
    });
    return { balance: seen.balance, overdraft: seen.overdraft };
  }
  if ('float_balance' in body) {
    return {
      float_balance: visibleFloatFigures(restrictions, { balance: figure(body.float_balance), overdraft: 0 })
        .balance,
    };
  }
  return {};
}

/**
 * The outcome a cashier with `restrictions` is sent: its status, its body with the hidden figures null,
 * fields in their stored order. An outcome with nothing to hide is sent as it is (the same object, so the
 * metrics still tell a replay apart: ledger/idempotency.ts isReplay).
 */
export function outcomeForViewer(outcome: Outcome, restrictions: readonly string[]): Outcome {
  const body = outcome.body;
  if (!isBody(body)) return outcome;
  const seen = floatFiguresOf(body, restrictions);
  const hides = Object.entries(seen).some(([field, value]) => body[field] !== value);
  return hides ? { status: outcome.status, body: { ...body, ...seen } } : outcome;
}
