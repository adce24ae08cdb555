// How a remote device's game report shows each transaction type (docs/product.md section 4).
import { HIDDEN_TX_TYPES, TX_TYPE } from '@cashdesk/contract';

/** Credit adds to the player's balance (shown with a plus sign); withdrawal takes from it. */
export type EventDirection = 'credit' | 'withdrawal';

export interface EventDisplay {
  direction: EventDirection;
  /** Key under `devices:game.types`. */
  labelKey: string;
}

const DISPLAY: Record<number, EventDisplay> = {
  [TX_TYPE.deposit]: { direction: 'credit', labelKey: 'deposit' },
  [TX_TYPE.withdraw]: { direction: 'withdrawal', labelKey: 'withdraw' },
  [TX_TYPE.win]: { direction: 'credit', labelKey: 'win' },
  [TX_TYPE.pay]: { direction: 'withdrawal', labelKey: 'pay' },
  [TX_TYPE.jackpot]: { direction: 'credit', labelKey: 'jackpot' },
  [TX_TYPE.cancelPay]: { direction: 'credit', labelKey: 'cancelPay' },
  [TX_TYPE.finalBonus]: { direction: 'credit', labelKey: 'finalBonus' },
  [TX_TYPE.cjackpot]: { direction: 'credit', labelKey: 'cjackpot' },
  [TX_TYPE.gjackpot]: { direction: 'credit', labelKey: 'gjackpot' },
  [TX_TYPE.rjackpot]: { direction: 'credit', labelKey: 'rjackpot' },
};

/** The display of a type, or null when cashiers must not see it (lucky bets) or it is unknown. */
export function gameEventDisplay(type: number): EventDisplay | null {
  if (HIDDEN_TX_TYPES.includes(type)) return null;
  return DISPLAY[type] ?? null;
}

/** The signed amount text: '+' for a credit, '−' for a withdrawal, whatever sign the server sent. */
export function signedAmount(direction: EventDirection, formatted: string): string {
  const magnitude = formatted.replace(/^-/, '');
  return direction === 'credit' ? `+${magnitude}` : `−${magnitude}`;
}
