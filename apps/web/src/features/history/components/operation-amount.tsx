// A row's amount with its direction: "+10.00" for a deposit, "−4.00" for a withdraw (cents / 100).
import { formatCents, type ReportEntry } from '@cashdesk/contract';
import { operationAmount, operationType } from '../lib/history-rows';

export function OperationAmount({ entry }: { entry: ReportEntry }) {
  const deposit = operationType(entry) === 'deposit';
  return (
    <span
      className={deposit ? 'history-amount devices-amount--credit' : 'history-amount devices-amount--debit'}
    >
      {deposit ? '+' : '−'}
      {formatCents(operationAmount(entry))}
    </span>
  );
}
