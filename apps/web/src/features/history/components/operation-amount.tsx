// A row's amount with its direction: "+10.00" for a deposit, "−4.00" for a withdraw (cents / 100), and a
// correction by the way it moved the money.
import { formatCents, type ReportEntry } from '@cashdesk/contract';
import { movesIn, operationAmount } from '../lib/history-rows';

export function OperationAmount({ entry }: { entry: ReportEntry }) {
  // By the direction, not the type: a correction moves money too.
  const deposit = movesIn(entry);
  return (
    <span
      className={deposit ? 'history-amount devices-amount--credit' : 'history-amount devices-amount--debit'}
    >
      {deposit ? '+' : '−'}
      {formatCents(operationAmount(entry))}
    </span>
  );
}
