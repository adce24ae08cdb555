// Which cash actions are possible (docs/product.md section 5) and where an action leads (docs/product.md section 4).
// Pure functions of cents and flags, so every rule is unit-tested apart from the screen.
import { CENTS_PER_UNIT, WITHDRAW_TOGGLE_MIN_BALANCE_UNITS } from '@cashdesk/contract';
import type { AccountBlock } from '../float';

export type CashKindOrNone = 'none' | 'deposit' | 'withdraw' | 'cashOut';
/** The operations a cashier can start; 'none' is the state before any. */
export type CashKind = Exclude<CashKindOrNone, 'none'>;
/** What the quick-amount buttons do. */
export type QuickMode = 'deposit' | 'withdraw';

export interface CashRuleInput {
  /** The typed amount in cents (0 when empty; an invalid text counts as 0). */
  amount_cents: number;
  /** The place's balance (entries) in cents. */
  entries_cents: number;
  /** The venue's block: a light one stops deposits, a hard one every operation (docs/product.md section 4). */
  block: AccountBlock;
}

export function canDeposit({ amount_cents, block }: CashRuleInput): boolean {
  return amount_cents > 0 && block === 'none';
}

export function canWithdraw({ amount_cents, entries_cents, block }: CashRuleInput): boolean {
  return amount_cents > 0 && amount_cents <= entries_cents && block !== 'hard';
}

export function canCashOut(entries_cents: number, block: AccountBlock): boolean {
  return entries_cents > 0 && block !== 'hard';
}

/** The withdraw side of the quick-amount toggle needs a balance of at least 10 units. */
export function canToggleWithdraw(entries_cents: number): boolean {
  return entries_cents >= WITHDRAW_TOGGLE_MIN_BALANCE_UNITS * CENTS_PER_UNIT;
}

export function canQuickAmount(
  mode: QuickMode,
  units: number,
  { entries_cents, block }: Pick<CashRuleInput, 'entries_cents' | 'block'>,
): boolean {
  if (mode === 'deposit') return block === 'none';
  return units * CENTS_PER_UNIT <= entries_cents && block !== 'hard';
}

/** The toggle falls back to deposit when the balance no longer allows the withdraw side. */
export function effectiveQuickMode(chosen: QuickMode, entries_cents: number): QuickMode {
  return chosen === 'withdraw' && !canToggleWithdraw(entries_cents) ? 'deposit' : chosen;
}

/** The step an operation goes through before its request: the adult check, the bonus burn, or none. */
export function stepBeforeSending(
  kind: CashKind,
  final_bonus_cents: number,
): 'adultCheck' | 'bonusConfirm' | 'send' {
  if (kind === 'deposit') return 'adultCheck';
  return final_bonus_cents > 0 ? 'bonusConfirm' : 'send';
}

/** The signed delta of a request: positive for a deposit, negative for a withdraw or cash-out. */
export function deltaOf(kind: CashKind, amount_cents: number): number {
  return kind === 'deposit' ? amount_cents : -amount_cents;
}
