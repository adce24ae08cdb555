// What keeps a transfer between two seats from being sent, checked on the till so the cashier reads it
// at once (the server checks the same, and more: contract "Players", `transferRequest`).

export interface SeatKey {
  device_id: number;
  place: number;
}

export type TransferProblem = 'noTarget' | 'sameSeat' | 'noAmount' | 'tooMuch';

/** The first problem of the transfer, or null when it may be sent; `amount` null: not an amount. */
export function transferProblem({
  from,
  to,
  amount,
}: {
  from: SeatKey & { entries: number };
  to: SeatKey | null;
  amount: number | null;
}): TransferProblem | null {
  if (to === null) return 'noTarget';
  if (to.device_id === from.device_id && to.place === from.place) return 'sameSeat';
  if (amount === null || amount <= 0) return 'noAmount';
  if (amount > from.entries) return 'tooMuch';
  return null;
}
