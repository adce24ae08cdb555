// The cashier's last applied cash operation, with what its receipt printed (docs/product.md section 17,
// "Reprint"): the operation's stored answer, its place and device, and the cashier's name.
import { cashResult, type CashResult } from '@cashdesk/contract';
import type { Executor } from '../db/database.js';
import { userScope } from '../ledger/keys.js';

export interface LastCashOperation {
  operation_id: number;
  answer: CashResult;
  place: number;
  /** The entries row's signed amount and the place's balance after it (0: the place was emptied). */
  amount_cents: number;
  balance_after_cents: number | null;
  device_id: number;
  device_name: string;
  device_type: number;
  cashier_name: string;
  /** The venue's name, heading the receipt. */
  venue: string;
}

/**
 * The cashier's latest deposit, withdraw or cash-out in their venue that moved money (a manager's
 * correction is not the cashier's; a refusal printed nothing). Read by the cashier's report index
 * (ledger_user_line_time), newest first.
 */
export async function findLastCashOperation(
  db: Executor,
  cashier: { id: number; account_id: number },
): Promise<LastCashOperation | undefined> {
  const row = await db
    .selectFrom('ledger_entries as l')
    .innerJoin('operations as o', 'o.id', 'l.operation_id')
    .innerJoin('devices as d', 'd.id', 'l.device_id')
    .innerJoin('users as u', 'u.id', 'l.user_id')
    .innerJoin('accounts as a', 'a.id', 'l.account_id')
    .select([
      'o.id as operation_id',
      'o.response_json',
      'l.place',
      'l.amount_cents',
      'l.balance_after_cents',
      'l.device_id',
      'd.name as device_name',
      'd.type as device_type',
      'u.name as cashier_name',
      'a.name as venue',
    ])
    .where('l.user_id', '=', cashier.id)
    .where('l.line', '=', 'entries')
    .where('l.kind', 'in', ['deposit', 'withdraw'])
    .where('l.account_id', '=', cashier.account_id)
    .where('o.scope', '=', userScope(cashier.id))
    .where('o.status_code', '=', 200)
    .orderBy('l.created_at_ms', 'desc')
    .orderBy('l.id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!row || row.response_json === null || row.place === null || row.device_id === null) return undefined;
  return {
    operation_id: row.operation_id,
    answer: cashResult.parse(JSON.parse(row.response_json)),
    place: row.place,
    amount_cents: row.amount_cents,
    balance_after_cents: row.balance_after_cents,
    device_id: row.device_id,
    device_name: row.device_name,
    device_type: row.device_type,
    cashier_name: row.cashier_name,
    venue: row.venue,
  };
}
