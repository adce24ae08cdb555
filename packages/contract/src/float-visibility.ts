// Which float figures a cashier may see (docs/product.md section 6): one rule for the server, which leaves out of
// `account_balance` and of a cash call's answer what the cashier's restrictions hide, and the web, which
// decides what the bar shows.
import type { Restriction } from './domain.js';
import { ERR } from './errors.js';

export interface FloatFigures {
  /** null: the cashier's restrictions hide the float. */
  balance: number | null;
  /** null: hidden, or shown without the overdraft (no can_cashier_view_account_overdraft). */
  overdraft: number | null;
}

/**
 * The figures `restrictions` let a cashier see: the balance with can_cashier_view_account_balance and
 * without hide_cashier_view_account_balance, the overdraft with can_cashier_view_account_overdraft too.
 * (Whether the bar then shows them also depends on the account: has_overdraft, web float-visibility.)
 */
export function visibleFloatFigures(
  restrictions: readonly string[],
  float: { balance: number; overdraft: number },
): FloatFigures {
  const held = (restriction: Restriction) => restrictions.includes(restriction);
  if (!held('can_cashier_view_account_balance') || held('hide_cashier_view_account_balance')) {
    return { balance: null, overdraft: null };
  }
  return {
    balance: float.balance,
    overdraft: held('can_cashier_view_account_overdraft') ? float.overdraft : null,
  };
}

type Body = Record<string, unknown>;

function isBody(value: unknown): value is Body {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `value` when it is a figure, 0 otherwise: the visibility rule only asks whether a figure is shown. */
const figure = (value: unknown): number => (typeof value === 'number' ? value : 0);

/** The float figures of an answer's body as the cashier sees them, by field; none for a body without. */
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
 * A cash call's answer as a cashier with `restrictions` is sent it: the float figures in it (a CashResult's
 * `float_balance`, an `overdraft` refusal's `balance` and `overdraft`) null where visibleFloatFigures hides
 * them, fields in their stored order. The server stores one answer per trx with every figure, so a replay
 * stays byte for byte what the first call answered, and redacts on the way out (the cash routes): a replay
 * by the same cashier after their restrictions changed is redacted by today's (a trx belongs to one
 * cashier: another cashier's same trx is a call of its own). An answer with nothing to hide is sent as it
 * is (the same object, so the server's metrics still tell a replay apart).
 */
export function answerForViewer<A extends { status: number; body: unknown }>(
  answer: A,
  restrictions: readonly string[],
): A | { status: number; body: Body } {
  const body = answer.body;
  if (!isBody(body)) return answer;
  const seen = floatFiguresOf(body, restrictions);
  const hides = Object.entries(seen).some(([field, value]) => body[field] !== value);
  return hides ? { status: answer.status, body: { ...body, ...seen } } : answer;
}
