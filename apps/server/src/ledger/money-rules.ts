// The money rules: one pure decision per transfer kind (deposit, withdraw, cash-out, float move; a game
// event's bet, win, final-bonus payout and cancel), each saying yes with the ledger rows it writes or no
// with the refusal to store (types.ts Decision). Nothing here touches the database: the batch
// (batch-decide.ts) hands each decision the rows it locked, as the batch's earlier operations left them,
// so a refused operation leaves no write behind and the next one on the same float or place sees this
// one's result. Refusals that must not use up a trx (a balance past the safe range, a cancel with no bet
// before it) are thrown as ApiError.
import {
  ERR,
  TX_TYPE,
  type Balances,
  type CashResult,
  type CorrectionResult,
  type FloatMoveResult,
  type TransferResult,
} from '@cashdesk/contract';
import type { AccountRow, LedgerKind, LedgerLine, PlaceRow } from '../db/schema.js';
import { ApiError } from '../http/api-error.js';
import { ok, refusal } from './outcome.js';
import type {
  Decision,
  DeviceEventInput,
  Posting,
  FloatMoveInput,
  Outcome,
  PlaceCashInput,
  TransferInput,
} from './types.js';

/** The venue's settings a game event obeys, as read inside its transaction. */
export interface DeviceEventRules {
  account_id: number;
  /** Final-bonus accrual of a pay, in basis points. */
  rate_bps: number;
  /** Ceiling of one event's amount (422 `max transaction amount exceeded` above it). */
  max_event_amount_cents: number;
}

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

/** How far below 0 the float may go. */
export function floatLimit(account: Pick<AccountRow, 'has_overdraft' | 'overdraft_cents'>): number {
  return account.has_overdraft === 1 ? account.overdraft_cents : 0;
}

/** A cashier's cash call by its delta: money onto the place, or off it. */
export function cashKind(delta: number): 'deposit' | 'withdraw' {
  // Stryker disable next-line EqualityOperator: never-zero
  return delta > 0 ? 'deposit' : 'withdraw';
}

/** A float move by its delta: money in from outside, or out to it. */
export function floatMoveKind(delta: number): 'float_top_up' | 'float_withdraw' {
  // Stryker disable next-line EqualityOperator: never-zero
  return delta > 0 ? 'float_top_up' : 'float_withdraw';
}

const refused = (outcome: Outcome): Decision => ({ ok: false, outcome });

/** Builds ledger rows of one operation that share its trx, kind, time and place. */
function rowBuilder(
  trx: string,
  kind: LedgerKind,
  now: number,
  accountId: number,
  at: { device_id?: number; place?: number; user_id?: number | null },
) {
  return (line: LedgerLine, amount: number, balanceAfter: number | null): Posting => ({
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

// ---- A cashier's cash calls -------------------------------------------------------------------------

/** The venue's minimum and maximum bound an amount the cashier keys in (not a cash-out's). */
function amountRefusal(delta: number, account: AccountRow): Decision | null {
  const magnitude = Math.abs(delta);
  if (magnitude < account.min_amount_cents) {
    return refused(refusal(ERR.minAmount, { min_amount: account.min_amount_cents }));
  }
  if (magnitude > account.max_amount_cents) {
    return refused(refusal(ERR.maxAmount, { max_amount: account.max_amount_cents }));
  }
  return null;
}

/** The overdraft rule, for every move off a float: 409 `overdraft` if it would leave it below its limit. */
function overdraftRefusal(account: AccountRow, balanceAfter: number): Decision | null {
  const limit = floatLimit(account);
  if (balanceAfter >= -limit) return null;
  return refused(refusal(ERR.overdraft, { balance: account.balance_cents, overdraft: limit }));
}

/** A deposit: float -> the place's entries, as far as the float's limit allows. */
export function decideDeposit(
  call: PlaceCashInput,
  account: AccountRow,
  place: PlaceRow,
  now: number,
): Decision {
  const delta = call.delta_cents;
  const outOfBounds = amountRefusal(delta, account);
  if (outOfBounds) return outOfBounds;
  const overdrawn = overdraftRefusal(account, account.balance_cents - delta);
  if (overdrawn) return overdrawn;
  return movePlaceCash('deposit', call, account, place, delta, now);
}

/** A withdraw: the place's entries -> float, no more than the place holds. */
export function decideWithdraw(
  call: PlaceCashInput,
  account: AccountRow,
  place: PlaceRow,
  now: number,
): Decision {
  const delta = call.delta_cents;
  const outOfBounds = amountRefusal(delta, account);
  if (outOfBounds) return outOfBounds;
  if (-delta > place.entries_cents) return refused(refusal(ERR.notEnoughMoney));
  return movePlaceCash('withdraw', call, account, place, delta, now);
}

/**
 * A cash-out empties the seat: it takes the place's entries as they are when the batch decides it (under
 * the place's lock, after every earlier operation of the batch), not the balance the cashier saw when
 * the modal opened: a bet or a win may have come between (docs/product.md section 4, "Cash out"). The
 * minimum and maximum do not apply: a seat above the maximum (or below the minimum) is emptied in one
 * call. An empty seat has nothing to cash out: refused as a withdraw from it always was. A cash-out a
 * manager approved pays at most the amount approved (`approvedCents`): what the seat won since stays on it.
 */
export function decideCashOut(
  call: PlaceCashInput,
  account: AccountRow,
  place: PlaceRow,
  now: number,
  approvedCents?: number,
): Decision {
  if (place.entries_cents === 0) return refused(refusal(ERR.notEnoughMoney));
  const paid =
    approvedCents === undefined ? place.entries_cents : Math.min(place.entries_cents, approvedCents);
  return movePlaceCash('withdraw', call, account, place, -paid, now);
}

/** An accepted cash call's rows and answer. Any withdraw burns the place's final bonus back to promotion. */
function movePlaceCash(
  kind: 'deposit' | 'withdraw',
  call: PlaceCashInput,
  account: AccountRow,
  place: PlaceRow,
  delta: number,
  now: number,
): Decision {
  const floatAfter = safeBalance(account.balance_cents - delta);
  const entriesAfter = safeBalance(place.entries_cents + delta);
  const burned = kind === 'deposit' ? 0 : place.final_bonus_cents;
  const at = { device_id: call.device_id, place: call.place, user_id: call.user_id };
  const row = rowBuilder(call.trx, kind, now, account.id, at);
  const postings: Posting[] = [
    row('float', -delta, floatAfter),
    {
      ...row('entries', delta, entriesAfter),
      tx_type: kind === 'deposit' ? TX_TYPE.deposit : TX_TYPE.withdraw,
    },
  ];
  if (burned > 0) {
    const burn = rowBuilder(call.trx, 'final_bonus_burn', now, account.id, at);
    postings.push(burn('final_bonus', -burned, 0), burn('promotion', burned, null));
  }
  const outcome = ok<CashResult>({
    trx: call.trx,
    delta,
    balances: { entries: entriesAfter, final_bonus: place.final_bonus_cents - burned },
    burned_final_bonus: burned,
    float_balance: floatAfter,
    currency: account.currency,
    device_uuid: call.device_uuid,
    created_at: new Date(now).toISOString(),
  });
  return { ok: true, outcome, postings, event: null };
}

// ---- A manager's correction of a cash operation (docs/product.md section 13) -------------------------

/**
 * A correction: the opposite movement of a deposit or withdraw (a cash-out is a withdraw) on the same
 * place and float, under the same rules. A deposit is taken back only while the place still holds it
 * (409 `place no longer holds it`: the player played it away); a withdraw is put back as a deposit, which
 * must respect the float's overdraft (409 `overdraft`). No final bonus burns: it undoes a mistake, it is
 * no player leaving. The venue's minimum and maximum do not apply: the original amount is what it is.
 */
export function decideCorrection(
  call: PlaceCashInput & { corrects: NonNullable<PlaceCashInput['corrects']> },
  account: AccountRow,
  place: PlaceRow,
  now: number,
): Decision {
  const delta = -call.corrects.delta_cents;
  if (delta < 0 && -delta > place.entries_cents) return refused(refusal(ERR.placeNoLongerHolds));
  const floatAfter = safeBalance(account.balance_cents - delta);
  if (delta > 0) {
    const overdrawn = overdraftRefusal(account, floatAfter);
    if (overdrawn) return overdrawn;
  }
  const entriesAfter = safeBalance(place.entries_cents + delta);
  const kind = cashKind(delta);
  // Its own kind: no total, alert or history counts a correction as a cashier's deposit or withdraw.
  const row = rowBuilder(call.trx, 'correction', now, account.id, {
    device_id: call.device_id,
    place: call.place,
    user_id: call.user_id,
  });
  const postings: Posting[] = [
    row('float', -delta, floatAfter),
    {
      ...row('entries', delta, entriesAfter),
      tx_type: kind === 'deposit' ? TX_TYPE.deposit : TX_TYPE.withdraw,
    },
  ];
  const outcome = ok<CorrectionResult>({
    trx: call.trx,
    corrects: call.corrects.trx,
    reason: call.corrects.reason,
    delta,
    balances: { entries: entriesAfter, final_bonus: place.final_bonus_cents },
    float_balance: floatAfter,
    device_id: call.device_id,
    place: call.place,
    created_at: new Date(now).toISOString(),
  });
  return { ok: true, outcome, postings, event: null };
}

// ---- A player's transfer between seats (docs/product.md section 18) ----------------------------------

/**
 * A transfer: the amount off one seat's entries onto another's of the same venue, no more than the first
 * holds. No cash passes the counter: the float does not move and no final bonus burns (it stays with
 * its seat, as when a bet empties it). The caller has checked the seats are the venue's and the player's.
 */
export function decideTransfer(input: TransferInput, from: PlaceRow, to: PlaceRow, now: number): Decision {
  const amount = input.amount_cents;
  if (amount > from.entries_cents) return refused(refusal(ERR.notEnoughMoney));
  const fromAfter = from.entries_cents - amount;
  const toAfter = safeBalance(to.entries_cents + amount, 'amount');
  const row = (seat: PlaceRow) =>
    rowBuilder(input.trx, 'transfer', now, input.account_id, {
      device_id: seat.device_id,
      place: seat.place,
      user_id: input.user_id,
    });
  const postings: Posting[] = [
    { ...row(from)('entries', -amount, fromAfter), tx_type: TX_TYPE.withdraw },
    { ...row(to)('entries', amount, toAfter), tx_type: TX_TYPE.deposit },
  ];
  const outcome = ok<TransferResult>({
    trx: input.trx,
    amount,
    from: { entries: fromAfter, final_bonus: from.final_bonus_cents },
    to: { entries: toAfter, final_bonus: to.final_bonus_cents },
  });
  return { ok: true, outcome, postings, event: null };
}

// ---- The back office's float moves ------------------------------------------------------------------

/** A float top-up (delta > 0) or withdraw (delta < 0) against the outside world, within the float's limit. */
export function decideFloatMove(move: FloatMoveInput, account: AccountRow, now: number): Decision {
  const balance = safeBalance(account.balance_cents + move.delta_cents);
  const overdrawn = overdraftRefusal(account, balance);
  if (overdrawn) return overdrawn;
  const row = rowBuilder(move.trx, floatMoveKind(move.delta_cents), now, account.id, {
    user_id: move.user_id,
  });
  return {
    ok: true,
    outcome: ok<FloatMoveResult>({ trx: move.trx, delta: move.delta_cents, balance }),
    postings: [row('float', move.delta_cents, balance), row('external', -move.delta_cents, null)],
    event: null,
  };
}

// ---- A device's game events -------------------------------------------------------------------------

/** Types that credit the place's entries from the game (wins and jackpots). */
const CREDIT_TYPES: readonly number[] = [
  TX_TYPE.win,
  TX_TYPE.jackpot,
  TX_TYPE.cjackpot,
  TX_TYPE.gjackpot,
  TX_TYPE.rjackpot,
];

/** A game event's place as it goes, and the rows that got it there. */
interface EventMove {
  entries: number;
  finalBonus: number;
  rows: Posting[];
}

/** The place's balances an event is decided on. */
type PlaceBefore = Omit<EventMove, 'rows'>;

/**
 * A game event from a device: bets, wins, jackpots, final bonus, cancels. Never touches the float.
 * `lastEvent` is the place's latest game event (earlier ones of the same batch included), for cancels.
 * The venue's ceiling bounds every type; a refusal by it is stored, so a replay answers the same even if
 * the ceiling moves.
 */
export function decideEvent(
  event: DeviceEventInput,
  place: PlaceRow,
  rules: DeviceEventRules,
  lastEvent: { type: number; amount_cents: number } | undefined,
  now: number,
): Decision {
  if (event.amount_cents > rules.max_event_amount_cents) {
    return refused(refusal(ERR.maxAmount, { max_amount: rules.max_event_amount_cents }));
  }
  const at = { device_id: event.device_id, place: event.place };
  const row = (kind: LedgerKind) => rowBuilder(event.trx, kind, now, rules.account_id, at);
  const start: PlaceBefore = { entries: place.entries_cents, finalBonus: place.final_bonus_cents };
  let move: EventMove | Decision;
  if (event.type === TX_TYPE.pay || event.type === TX_TYPE.luckyBet)
    move = decideBet(event, start, rules, row);
  else if (event.type === TX_TYPE.finalBonus) move = decideBonusPayout(event, start, row);
  else if (event.type === TX_TYPE.cancelPay || event.type === TX_TYPE.cancelledLuckyBet) {
    move = decideCancel(event, start, rules, lastEvent, row);
  } else if (CREDIT_TYPES.includes(event.type)) move = decideWin(event, start, row);
  else throw ApiError.validation('type', 'is not a device event type');
  if ('ok' in move) return move;
  return {
    ok: true,
    outcome: ok<{ balances: Balances }>({
      balances: { entries: move.entries, final_bonus: move.finalBonus },
    }),
    postings: move.rows,
    event: {
      place: event.place,
      type: event.type,
      amount_cents: event.amount_cents,
      entries_after_cents: move.entries,
    },
  };
}

type RowsOf = (kind: LedgerKind) => ReturnType<typeof rowBuilder>;

/** The rows of the entries line carry the event's type (the history shows it). */
const typed = (posting: Posting, type: number): Posting => ({ ...posting, tx_type: type });

/** The final bonus a pay of `amount` accrues at the venue's rate; a lucky bet accrues none. */
function accrualOf(type: number, amount: number, rules: DeviceEventRules): number {
  return type === TX_TYPE.pay ? Math.floor((amount * rules.rate_bps) / 10000) : 0;
}

/** A bet (pay or lucky bet): entries -> game, no more than the place holds; a pay accrues final bonus. */
export function decideBet(
  event: DeviceEventInput,
  place: PlaceBefore,
  rules: DeviceEventRules,
  row: RowsOf,
): EventMove | Decision {
  const amount = event.amount_cents;
  if (amount > place.entries) return refused(refusal(ERR.notEnoughMoney));
  const entries = place.entries - amount;
  const rows = [
    typed(row('device_event')('entries', -amount, entries), event.type),
    row('device_event')('game', amount, null),
  ];
  const accrual = accrualOf(event.type, amount, rules);
  let finalBonus = place.finalBonus;
  if (accrual > 0) {
    finalBonus += accrual;
    const accrue = row('final_bonus_accrual');
    rows.push(accrue('final_bonus', accrual, finalBonus), accrue('promotion', -accrual, null));
  }
  return { entries, finalBonus, rows };
}

/** A win or a jackpot: game -> entries. */
export function decideWin(event: DeviceEventInput, place: PlaceBefore, row: RowsOf): EventMove {
  const amount = event.amount_cents;
  const entries = safeBalance(place.entries + amount, 'amount');
  const rows = [
    typed(row('device_event')('entries', amount, entries), event.type),
    row('device_event')('game', -amount, null),
  ];
  return { entries, finalBonus: place.finalBonus, rows };
}

/** The final bonus paid out: final bonus -> entries, no more than the place has accrued. */
export function decideBonusPayout(
  event: DeviceEventInput,
  place: PlaceBefore,
  row: RowsOf,
): EventMove | Decision {
  const amount = event.amount_cents;
  if (amount > place.finalBonus) return refused(refusal(ERR.notEnoughMoney));
  const finalBonus = place.finalBonus - amount;
  const entries = place.entries + amount;
  const event_ = row('device_event');
  return {
    entries,
    finalBonus,
    rows: [event_('final_bonus', -amount, finalBonus), typed(event_('entries', amount, entries), event.type)],
  };
}

/**
 * A cancel returns the bet just made on this place, once, and takes back the bonus it accrued: otherwise
 * bet + cancel pairs would farm final bonus out of nothing.
 */
export function decideCancel(
  event: DeviceEventInput,
  place: PlaceBefore,
  rules: DeviceEventRules,
  lastEvent: { type: number; amount_cents: number } | undefined,
  row: RowsOf,
): EventMove {
  const amount = event.amount_cents;
  const bet = event.type === TX_TYPE.cancelPay ? TX_TYPE.pay : TX_TYPE.luckyBet;
  if (!lastEvent || lastEvent.type !== bet || lastEvent.amount_cents !== amount) {
    throw ApiError.validation('type', 'a cancel must follow the bet it cancels, for the same amount');
  }
  const entries = place.entries + amount;
  const rows = [
    typed(row('device_event')('entries', amount, entries), event.type),
    row('device_event')('game', -amount, null),
  ];
  const accrued = Math.min(place.finalBonus, accrualOf(bet, amount, rules));
  let finalBonus = place.finalBonus;
  if (accrued > 0) {
    finalBonus -= accrued;
    const undo = row('final_bonus_accrual');
    rows.push(undo('final_bonus', -accrued, finalBonus), undo('promotion', accrued, null));
  }
  return { entries, finalBonus, rows };
}
