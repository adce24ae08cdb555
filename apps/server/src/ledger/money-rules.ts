// The money rules of a cash call and of a game event, decided in memory on the rows the batch locked
// (ledger/batch.ts): what the call answers and what it writes. Pure: nothing here touches the database,
// so a refused operation leaves no write behind, and the next operation of the batch on the same float
// or place is decided on the balances this one left.
import { ERR, TX_TYPE, type Balances, type CashResult, type DeviceEventType } from '@cashdesk/contract';
import type { AccountRow, LedgerKind, LedgerLine, NewLedgerEntry, PlaceRow } from '../db/schema.js';
import { ApiError } from '../http/api-error.js';
import { ok, refusal, type Outcome } from './outcome.js';

/** A ledger row before its operation's record exists (the batch fills operation_id in). */
export type PlannedEntry = Omit<NewLedgerEntry, 'operation_id'>;

/** What an accepted operation writes; null on a refusal by a money rule (stored, but moves nothing). */
export interface PlannedMove {
  rows: PlannedEntry[];
  /** The float's balance after, for cash calls. */
  float_after: number | null;
  place_after: { entries_cents: number; final_bonus_cents: number };
  /** A game event's record (cancels look up the place's latest one). */
  event: { type: number; amount_cents: number; entries_after_cents: number } | null;
}

export interface Decision {
  outcome: Outcome;
  move: PlannedMove | null;
}

export interface CashCall {
  account_id: number;
  user_id: number;
  device_id: number;
  device_uuid: string;
  place: number;
  delta_cents: number;
  trx: string;
  /** A cash-out: takes the place's whole balance when decided, not `delta_cents` (cashOutDelta). */
  cash_out?: boolean | undefined;
}

export interface GameEvent {
  device_id: number;
  place: number;
  type: DeviceEventType;
  amount_cents: number;
  trx: string;
}

/** The venue's settings a game event obeys, as read inside its transaction. */
export interface DeviceEventRules {
  account_id: number;
  /** Final-bonus accrual of a pay, in basis points. */
  rate_bps: number;
  /** Ceiling of one event's amount (422 `max transaction amount exceeded` above it). */
  max_event_amount_cents: number;
}

/** Types that credit the place's entries from the game (wins and jackpots). */
const CREDIT_TYPES: readonly number[] = [
  TX_TYPE.win,
  TX_TYPE.jackpot,
  TX_TYPE.cjackpot,
  TX_TYPE.gjackpot,
  TX_TYPE.rjackpot,
];

/**
 * A balance past 2^53 - 1 cents cannot be stored exactly (nor in a bigint CHECK's range on every driver):
 * the call is a 400 that moves nothing and does not use up its trx, never a 500. A shift's drawer figures
 * are held to it too (shifts/shifts.service.ts drawerFigures).
 */
export function safeBalance(cents: number, field: 'delta' | 'amount' | 'counted_cents' = 'delta'): number {
  if (!Number.isSafeInteger(cents)) {
    throw ApiError.validation(field, 'would take a balance past the largest amount');
  }
  return cents;
}

export function floatLimit(account: Pick<AccountRow, 'has_overdraft' | 'overdraft_cents'>): number {
  return account.has_overdraft === 1 ? account.overdraft_cents : 0;
}

/** Builds ledger rows of one operation that share its trx, kind, time and place. */
export function rowBuilder(
  trx: string,
  kind: LedgerKind,
  now: number,
  accountId: number,
  at: { device_id?: number; place?: number; user_id?: number | null },
) {
  return (line: LedgerLine, amount: number, balanceAfter: number | null): PlannedEntry => ({
    trx,
    kind,
    tx_type: null,
    line,
    account_id: accountId,
    device_id: at.device_id ?? null,
    place: at.place ?? null,
    user_id: at.user_id ?? null,
    amount_cents: amount,
    balance_after_cents: balanceAfter,
    created_at_ms: now,
  });
}

/** A cashier's cash call by its delta: money onto the place, or off it. */
export function cashKind(delta: number): 'deposit' | 'withdraw' {
  // Stryker disable next-line EqualityOperator: a cash delta is never 0 (the contract's amountCents refuses it), so > and >= agree
  return delta > 0 ? 'deposit' : 'withdraw';
}

/**
 * The delta a cash call books. A cash-out empties the seat: it takes the place's entries as they are
 * when the batch decides it (under the place's lock, after every earlier operation of the batch), not
 * the balance the cashier saw when the modal opened: a bet or a win may have come between
 * (docs/product.md section 4, "Cash out"). Any other call books the delta it asks for.
 */
export function cashOutDelta(call: Pick<CashCall, 'delta_cents' | 'cash_out'>, place: PlaceRow): number {
  return call.cash_out === true ? -place.entries_cents : call.delta_cents;
}

/**
 * A cashier's deposit (delta > 0: float -> entries) or withdraw (delta < 0: entries -> float; a cash-out
 * takes delta = -entries, cashOutDelta). Any withdraw burns the place's final bonus back to the
 * promotion line. The venue's minimum and maximum bound an amount the cashier keys in, so they do not
 * apply to a cash-out: a seat above the maximum (or below the minimum) is emptied in one call.
 */
export function decideCash(call: CashCall, account: AccountRow, place: PlaceRow, now: number): Decision {
  const delta = cashOutDelta(call, place);
  const refused = (outcome: Outcome): Decision => ({ outcome, move: null });
  // An empty seat has nothing to cash out: refused as a withdraw from it always was.
  if (delta === 0) return refused(refusal(ERR.notEnoughMoney));
  const kind = cashKind(delta);
  const deposit = kind === 'deposit';
  const magnitude = Math.abs(delta);
  if (call.cash_out !== true && magnitude < account.min_amount_cents) {
    return refused(refusal(ERR.minAmount, { min_amount: account.min_amount_cents }));
  }
  if (call.cash_out !== true && magnitude > account.max_amount_cents) {
    return refused(refusal(ERR.maxAmount, { max_amount: account.max_amount_cents }));
  }
  const limit = floatLimit(account);
  if (deposit && account.balance_cents - delta < -limit) {
    return refused(refusal(ERR.overdraft, { balance: account.balance_cents, overdraft: limit }));
  }
  if (!deposit && magnitude > place.entries_cents) return refused(refusal(ERR.notEnoughMoney));

  const floatAfter = safeBalance(account.balance_cents - delta);
  const entriesAfter = safeBalance(place.entries_cents + delta);
  const burned = deposit ? 0 : place.final_bonus_cents;
  const txType = deposit ? TX_TYPE.deposit : TX_TYPE.withdraw;
  const at = { device_id: call.device_id, place: call.place, user_id: call.user_id };
  const row = rowBuilder(call.trx, kind, now, account.id, at);
  const burnRow = rowBuilder(call.trx, 'final_bonus_burn', now, account.id, at);
  const rows: PlannedEntry[] = [
    row('float', -delta, floatAfter),
    { ...row('entries', delta, entriesAfter), tx_type: txType },
  ];
  if (burned > 0) rows.push(burnRow('final_bonus', -burned, 0), burnRow('promotion', burned, null));
  const finalBonusAfter = place.final_bonus_cents - burned;
  return {
    outcome: ok<CashResult>({
      trx: call.trx,
      delta,
      balances: { entries: entriesAfter, final_bonus: finalBonusAfter },
      burned_final_bonus: burned,
      float_balance: floatAfter,
      currency: account.currency,
      device_uuid: call.device_uuid,
      created_at: new Date(now).toISOString(),
    }),
    move: {
      rows,
      float_after: floatAfter,
      place_after: { entries_cents: entriesAfter, final_bonus_cents: finalBonusAfter },
      event: null,
    },
  };
}

/**
 * A game event from a device: bets, wins, jackpots, final bonus, cancels. Never touches the float.
 * `lastEvent` is the place's latest game event (earlier ones of the same batch included), for cancels.
 */
export function decideEvent(
  input: GameEvent,
  place: PlaceRow,
  rules: DeviceEventRules,
  lastEvent: { type: number; amount_cents: number } | undefined,
  now: number,
): Decision {
  // A refusal by a money rule: stored, so a replay answers the same even if the ceiling moves.
  if (input.amount_cents > rules.max_event_amount_cents) {
    return { outcome: refusal(ERR.maxAmount, { max_amount: rules.max_event_amount_cents }), move: null };
  }
  const amount = input.amount_cents;
  const rateBps = rules.rate_bps;
  let entries = place.entries_cents;
  let finalBonus = place.final_bonus_cents;
  const at = { device_id: input.device_id, place: input.place };
  const row = rowBuilder(input.trx, 'device_event', now, rules.account_id, at);
  const rows: PlannedEntry[] = [];
  const typed = (entry: PlannedEntry): PlannedEntry => ({ ...entry, tx_type: input.type });

  if (input.type === TX_TYPE.pay || input.type === TX_TYPE.luckyBet) {
    if (amount > entries) return { outcome: refusal(ERR.notEnoughMoney), move: null };
    entries -= amount;
    rows.push(typed(row('entries', -amount, entries)), row('game', amount, null));
    const accrual = input.type === TX_TYPE.pay ? Math.floor((amount * rateBps) / 10000) : 0;
    if (accrual > 0) {
      finalBonus += accrual;
      const accrue = rowBuilder(input.trx, 'final_bonus_accrual', now, rules.account_id, at);
      rows.push(accrue('final_bonus', accrual, finalBonus), accrue('promotion', -accrual, null));
    }
  } else if (input.type === TX_TYPE.finalBonus) {
    if (amount > finalBonus) return { outcome: refusal(ERR.notEnoughMoney), move: null };
    finalBonus -= amount;
    entries += amount;
    rows.push(row('final_bonus', -amount, finalBonus), typed(row('entries', amount, entries)));
  } else if (input.type === TX_TYPE.cancelPay || input.type === TX_TYPE.cancelledLuckyBet) {
    // A cancel returns the bet just made on this place, once, and takes back the bonus it accrued:
    // otherwise bet + cancel pairs would farm final bonus out of nothing.
    const bet = input.type === TX_TYPE.cancelPay ? TX_TYPE.pay : TX_TYPE.luckyBet;
    if (!lastEvent || lastEvent.type !== bet || lastEvent.amount_cents !== amount) {
      throw ApiError.validation('type', 'a cancel must follow the bet it cancels, for the same amount');
    }
    entries += amount;
    rows.push(typed(row('entries', amount, entries)), row('game', -amount, null));
    const accrued = bet === TX_TYPE.pay ? Math.min(finalBonus, Math.floor((amount * rateBps) / 10000)) : 0;
    if (accrued > 0) {
      finalBonus -= accrued;
      const undo = rowBuilder(input.trx, 'final_bonus_accrual', now, rules.account_id, at);
      rows.push(undo('final_bonus', -accrued, finalBonus), undo('promotion', accrued, null));
    }
  } else if (CREDIT_TYPES.includes(input.type)) {
    entries = safeBalance(entries + amount, 'amount');
    rows.push(typed(row('entries', amount, entries)), row('game', -amount, null));
  } else {
    throw ApiError.validation('type', 'is not a device event type');
  }

  return {
    outcome: ok<{ balances: Balances }>({ balances: { entries, final_bonus: finalBonus } }),
    move: {
      rows,
      float_after: null,
      place_after: { entries_cents: entries, final_bonus_cents: finalBonus },
      event: { type: input.type, amount_cents: amount, entries_after_cents: entries },
    },
  };
}
