// Money as the console shows it: cents / 100 with 2 decimals and the currency; negatives marked.
import { formatMoney } from '../../../lib/money';

export function Money({ cents, currency }: { cents: number; currency?: string | null }) {
  return (
    <span className={cents < 0 ? 'bo-money bo-money--negative' : 'bo-money'}>
      {formatMoney(cents, currency)}
    </span>
  );
}
