// Human names of the transaction types of docs/product.md section 4, for logs and the CLI.
import { TX_TYPE } from '@cashdesk/contract';

const NAMES: Record<number, string> = Object.fromEntries(
  Object.entries(TX_TYPE).map(([name, type]) => [type, name]),
);

/** "pay", "finalBonus", ... or "type 99" for a type the contract does not name. */
export function describeEventType(type: number): string {
  return NAMES[type] ?? `type ${type}`;
}
