// How the screens show money: cents / 100 with 2 decimals, and the currency when it is known.
import { formatCents } from '@cashdesk/contract';

export function formatMoney(cents: number, currency?: string | null): string {
  return currency ? `${formatCents(cents)} ${currency}` : formatCents(cents);
}
