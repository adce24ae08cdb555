// Per-cashier totals of an account's cash operations in a time window (a shift report): how many
// deposits and withdraws each cashier made and for how much, in one aggregate query.
import type { Executor } from '../../db/database.js';

export interface CashierSums {
  user_id: number;
  deposits: number;
  deposit_total: number;
  withdraws: number;
  /** A positive magnitude. */
  withdraw_total: number;
}

export async function cashierSums(
  db: Executor,
  q: { accountId: number; fromMs: number; toMs: number },
): Promise<CashierSums[]> {
  const rows = await db
    .selectFrom('ledger_entries')
    .select((eb) => {
      const of = (kind: 'deposit' | 'withdraw', value: 'count' | 'amount') =>
        eb.fn.sum<number>(
          eb
            .case()
            .when('kind', '=', kind)
            .then(value === 'count' ? eb.lit(1) : eb.ref('amount_cents'))
            .else(0)
            .end(),
        );
      return [
        'user_id',
        of('deposit', 'count').as('deposits'),
        of('deposit', 'amount').as('deposit_total'),
        of('withdraw', 'count').as('withdraws'),
        of('withdraw', 'amount').as('withdraw_total'),
      ];
    })
    .where('account_id', '=', q.accountId)
    .where('line', '=', 'entries')
    .where('kind', 'in', ['deposit', 'withdraw'])
    .where('user_id', 'is not', null)
    .where('created_at_ms', '>=', q.fromMs)
    .where('created_at_ms', '<=', q.toMs)
    .groupBy('user_id')
    .execute();
  return rows.map((r) => ({
    user_id: Number(r.user_id),
    deposits: Number(r.deposits),
    deposit_total: Number(r.deposit_total),
    withdraws: Number(r.withdraws),
    withdraw_total: -Number(r.withdraw_total),
  }));
}
