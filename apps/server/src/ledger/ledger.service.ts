// The only code that changes a balance. Each operation is one database transaction that locks what it
// touches (account, then place), claims its trx, checks the money rules of docs/api.md, writes balanced
// ledger rows and stores its answer under the trx.
import {
  ERR,
  TX_TYPE,
  type Balances,
  type CashResult,
  type DeviceEventType,
  type FloatMoveResult,
} from '@cashdesk/contract';
import { assertNotBlocked } from '../accounts/account-blocks.js';
import { systemClock, type Clock } from '../clock.js';
import type { Db, Tx } from '../db/database.js';
import type { AccountRow, LedgerKind, LedgerLine, NewLedgerEntry, PlaceRow } from '../db/schema.js';
import { ApiError } from '../http/api-error.js';
import { ok, refusal, type Outcome } from './outcome.js';
import { assertRemotePin } from '../devices/remote-pin.js';
import {
  deviceChange,
  floatChange,
  noChangePublisher,
  publishAfterCommit,
  type Change,
  type ChangePublisher,
} from '../live/change-feed.js';
import { claimTrx, storeOutcome, type Claim } from './idempotency.js';
import {
  findDevicePin,
  findEventRules,
  insertDeviceEvent,
  insertLedgerEntries,
  lastDeviceEvent,
  lockAccount,
  lockPlace,
  setFloatBalance,
  setPlaceBalances,
} from './ledger.repository.js';

export interface FloatMoveInput {
  account_id: number;
  user_id: number | null;
  /** > 0 a top-up from outside, < 0 a withdraw to outside. */
  delta_cents: number;
  trx: string;
  reason: string;
  /**
   * Runs inside the move's transaction once the money has moved (not on a replay or a refusal): the
   * back office writes its audit entry here, so the move and its record commit or fail together.
   */
  onMoved?: (tx: Tx, move: FloatMoved) => Promise<void>;
}

export interface FloatMoved {
  operation_id: number;
  balance_before: number;
  balance_after: number;
}

export interface PlaceCashInput {
  account_id: number;
  user_id: number;
  device_id: number;
  device_uuid: string;
  place: number;
  /** > 0 a deposit (float -> entries), < 0 a withdraw (entries -> float). */
  delta_cents: number;
  trx: string;
  /**
   * The PIN of a remote (home-play) call, null for a regular device. Remote calls need the phone's
   * current PIN; every cash call obeys the account's hard and light blocks (accounts/account-blocks.ts).
   */
  remote_pin: string | null;
}

/**
 * A game event of a device. The venue it books to, and the venue's final-bonus rate and per-event
 * ceiling, are read inside the event's transaction (ledger.repository.ts findEventRules): a device
 * unlinked a moment before is refused, never credited to the venue it left.
 */
export interface DeviceEventInput {
  device_id: number;
  place: number;
  type: DeviceEventType;
  amount_cents: number;
  trx: string;
}

/** The venue's settings a game event obeys, as read inside its transaction. */
interface DeviceEventRules {
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
 * the call is a 400 that moves nothing and does not use up its trx, never a 500.
 */
function safeBalance(cents: number, field: 'delta' | 'amount' = 'delta'): number {
  if (!Number.isSafeInteger(cents)) {
    throw ApiError.validation(field, 'would take a balance past the largest amount');
  }
  return cents;
}

export function floatLimit(account: Pick<AccountRow, 'has_overdraft' | 'overdraft_cents'>): number {
  return account.has_overdraft === 1 ? account.overdraft_cents : 0;
}

export class LedgerService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock = systemClock,
    /** Told, after commit, what each operation changed, for the terminals watching (live/). */
    private readonly changes: ChangePublisher = noChangePublisher,
  ) {}

  /** Back-office float top-up (delta > 0) or withdraw (delta < 0), against the outside world. */
  async moveFloat(input: FloatMoveInput): Promise<Outcome> {
    return this.transaction(async (tx, now) => {
      const change = floatChange(input.account_id);
      const account = await this.requireAccount(tx, input.account_id);
      const claim = await claimTrx(tx, {
        ...this.claimBase(input.user_id, input.trx, now),
        kind: input.delta_cents > 0 ? 'float_top_up' : 'float_withdraw',
        request: ['float', input.account_id, input.delta_cents, input.reason],
        account_id: input.account_id,
        reason: input.reason,
      });
      if (!claim.claimed) return { outcome: claim.outcome, change };

      const limit = floatLimit(account);
      const balance = safeBalance(account.balance_cents + input.delta_cents);
      let outcome: Outcome;
      if (balance < -limit) {
        outcome = refusal(ERR.overdraft, { balance: account.balance_cents, overdraft: limit });
      } else {
        const kind: LedgerKind = input.delta_cents > 0 ? 'float_top_up' : 'float_withdraw';
        const row = this.row(claim.operation_id, input.trx, kind, now, account.id, {
          user_id: input.user_id,
        });
        await setFloatBalance(tx, account.id, balance);
        await insertLedgerEntries(tx, [
          row('float', input.delta_cents, balance),
          row('external', -input.delta_cents, null),
        ]);
        await input.onMoved?.(tx, {
          operation_id: claim.operation_id,
          balance_before: account.balance_cents,
          balance_after: balance,
        });
        outcome = ok<FloatMoveResult>({ trx: input.trx, delta: input.delta_cents, balance });
      }
      await storeOutcome(tx, claim.operation_id, outcome);
      return { outcome, change };
    });
  }

  /**
   * A cashier's deposit (delta > 0: float -> entries) or withdraw (delta < 0: entries -> float; cash-out
   * is delta = -entries). Any withdraw burns the place's final bonus back to the promotion line.
   */
  async changePlaceCash(input: PlaceCashInput): Promise<Outcome> {
    const change: Change = { account_id: input.account_id, float: true, device_ids: [input.device_id] };
    return this.transaction(async (tx, now) => {
      const account = await this.requireAccount(tx, input.account_id);
      const place = await lockPlace(tx, this.db.dialect, input.device_id, input.place);
      if (!place) throw ApiError.validation('place', 'the device has no such place');

      const claim = await claimTrx(tx, {
        ...this.claimBase(input.user_id, input.trx, now),
        kind: input.delta_cents > 0 ? 'deposit' : 'withdraw',
        request: ['cash', input.device_id, input.place, input.delta_cents, input.remote_pin !== null],
        account_id: input.account_id,
        device_id: input.device_id,
      });
      // A replay gets its stored answer even if a block or a new PIN came since: its money already moved.
      if (!claim.claimed) return { outcome: claim.outcome, change };
      // Refusals thrown from here on roll the claim back, so they do not use up the trx.
      assertNotBlocked(account, { kind: 'cash', delta: input.delta_cents });
      if (input.remote_pin !== null) {
        assertRemotePin(await findDevicePin(tx, input.device_id), input.remote_pin, now);
      }

      const outcome = await this.applyPlaceCash(tx, claim.operation_id, now, input, account, place);
      await storeOutcome(tx, claim.operation_id, outcome);
      return { outcome, change };
    });
  }

  private async applyPlaceCash(
    tx: Tx,
    operationId: number,
    now: number,
    input: PlaceCashInput,
    account: AccountRow,
    place: PlaceRow,
  ): Promise<Outcome> {
    const delta = input.delta_cents;
    const magnitude = Math.abs(delta);
    if (magnitude < account.min_amount_cents) {
      return refusal(ERR.minAmount, { min_amount: account.min_amount_cents });
    }
    if (magnitude > account.max_amount_cents) {
      return refusal(ERR.maxAmount, { max_amount: account.max_amount_cents });
    }
    const limit = floatLimit(account);
    if (delta > 0 && account.balance_cents - delta < -limit) {
      return refusal(ERR.overdraft, { balance: account.balance_cents, overdraft: limit });
    }
    if (delta < 0 && magnitude > place.entries_cents) return refusal(ERR.notEnoughMoney);

    const floatAfter = safeBalance(account.balance_cents - delta);
    const entriesAfter = safeBalance(place.entries_cents + delta);
    const burned = delta < 0 ? place.final_bonus_cents : 0;
    const kind: LedgerKind = delta > 0 ? 'deposit' : 'withdraw';
    const txType = delta > 0 ? TX_TYPE.deposit : TX_TYPE.withdraw;
    const at = { device_id: input.device_id, place: input.place, user_id: input.user_id };
    const row = this.row(operationId, input.trx, kind, now, account.id, at);
    const burnRow = this.row(operationId, input.trx, 'final_bonus_burn', now, account.id, at);
    const rows: NewLedgerEntry[] = [
      row('float', -delta, floatAfter),
      { ...row('entries', delta, entriesAfter), tx_type: txType },
    ];
    if (burned > 0) rows.push(burnRow('final_bonus', -burned, 0), burnRow('promotion', burned, null));

    await setFloatBalance(tx, account.id, floatAfter);
    await setPlaceBalances(tx, input.device_id, input.place, {
      entries_cents: entriesAfter,
      final_bonus_cents: place.final_bonus_cents - burned,
    });
    await insertLedgerEntries(tx, rows);
    return ok<CashResult>({
      trx: input.trx,
      delta,
      balances: { entries: entriesAfter, final_bonus: place.final_bonus_cents - burned },
      burned_final_bonus: burned,
      float_balance: floatAfter,
      currency: account.currency,
      device_uuid: input.device_uuid,
      created_at: new Date(now).toISOString(),
    });
  }

  /**
   * A game event from a device: bets, wins, jackpots, final bonus, cancels. Never touches the float.
   * The device must still be linked: that, and the venue's rate and ceiling, are read under the place's
   * lock, so an unlink (which locks the device's places too) is either before the event (406 `device not
   * available`) or after it (and then sees the money the event moved).
   */
  async applyDeviceEvent(input: DeviceEventInput): Promise<Outcome> {
    return this.transaction(async (tx, now) => {
      const place = await lockPlace(tx, this.db.dialect, input.device_id, input.place);
      const found = await findEventRules(tx, input.device_id);
      if (!found) throw new ApiError(ERR.deviceNotAvailable);
      const rules: DeviceEventRules = {
        account_id: found.account_id,
        rate_bps: found.final_bonus_rate_bps,
        max_event_amount_cents: found.max_event_amount_cents,
      };
      if (!place) throw ApiError.validation('place', 'the device has no such place');
      const change = deviceChange(rules.account_id, input.device_id);
      const claim = await claimTrx(tx, {
        scope: `device:${input.device_id}`,
        trx: input.trx,
        kind: 'device_event',
        request: ['event', input.place, input.type, input.amount_cents],
        account_id: rules.account_id,
        device_id: input.device_id,
        now_ms: now,
      });
      if (!claim.claimed) return { outcome: claim.outcome, change };

      // A refusal by a money rule: stored, so a replay answers the same even if the ceiling moves.
      const outcome =
        input.amount_cents > rules.max_event_amount_cents
          ? refusal(ERR.maxAmount, { max_amount: rules.max_event_amount_cents })
          : await this.applyEvent(tx, claim.operation_id, now, input, place, rules);
      await storeOutcome(tx, claim.operation_id, outcome);
      return { outcome, change };
    });
  }

  private async applyEvent(
    tx: Tx,
    operationId: number,
    now: number,
    input: DeviceEventInput,
    place: PlaceRow,
    rules: DeviceEventRules,
  ): Promise<Outcome> {
    const amount = input.amount_cents;
    const rateBps = rules.rate_bps;
    let entries = place.entries_cents;
    let finalBonus = place.final_bonus_cents;
    const at = { device_id: input.device_id, place: input.place };
    const row = this.row(operationId, input.trx, 'device_event', now, rules.account_id, at);
    const rows: NewLedgerEntry[] = [];
    const typed = (entry: NewLedgerEntry): NewLedgerEntry => ({ ...entry, tx_type: input.type });

    if (input.type === TX_TYPE.pay || input.type === TX_TYPE.luckyBet) {
      if (amount > entries) return refusal(ERR.notEnoughMoney);
      entries -= amount;
      rows.push(typed(row('entries', -amount, entries)), row('game', amount, null));
      const accrual = input.type === TX_TYPE.pay ? Math.floor((amount * rateBps) / 10000) : 0;
      if (accrual > 0) {
        finalBonus += accrual;
        const accrue = this.row(operationId, input.trx, 'final_bonus_accrual', now, rules.account_id, at);
        rows.push(accrue('final_bonus', accrual, finalBonus), accrue('promotion', -accrual, null));
      }
    } else if (input.type === TX_TYPE.finalBonus) {
      if (amount > finalBonus) return refusal(ERR.notEnoughMoney);
      finalBonus -= amount;
      entries += amount;
      rows.push(row('final_bonus', -amount, finalBonus), typed(row('entries', amount, entries)));
    } else if (input.type === TX_TYPE.cancelPay || input.type === TX_TYPE.cancelledLuckyBet) {
      // A cancel returns the bet just made on this place, once, and takes back the bonus it accrued:
      // otherwise bet + cancel pairs would farm final bonus out of nothing.
      const bet = input.type === TX_TYPE.cancelPay ? TX_TYPE.pay : TX_TYPE.luckyBet;
      const last = await lastDeviceEvent(tx, input.device_id, input.place);
      if (!last || last.type !== bet || last.amount_cents !== amount) {
        throw ApiError.validation('type', 'a cancel must follow the bet it cancels, for the same amount');
      }
      entries += amount;
      rows.push(typed(row('entries', amount, entries)), row('game', -amount, null));
      const accrued = bet === TX_TYPE.pay ? Math.min(finalBonus, Math.floor((amount * rateBps) / 10000)) : 0;
      if (accrued > 0) {
        finalBonus -= accrued;
        const undo = this.row(operationId, input.trx, 'final_bonus_accrual', now, rules.account_id, at);
        rows.push(undo('final_bonus', -accrued, finalBonus), undo('promotion', accrued, null));
      }
    } else if (CREDIT_TYPES.includes(input.type)) {
      entries = safeBalance(entries + amount, 'amount');
      rows.push(typed(row('entries', amount, entries)), row('game', -amount, null));
    } else {
      throw ApiError.validation('type', 'is not a device event type');
    }

    await setPlaceBalances(tx, input.device_id, input.place, {
      entries_cents: entries,
      final_bonus_cents: finalBonus,
    });
    await insertLedgerEntries(tx, rows);
    await insertDeviceEvent(tx, {
      operation_id: operationId,
      device_id: input.device_id,
      place: input.place,
      type: input.type,
      amount_cents: amount,
      entries_after_cents: entries,
      created_at_ms: now,
    });
    return ok<{ balances: Balances }>({ balances: { entries, final_bonus: finalBonus } });
  }

  /**
   * One database transaction; once it commits a 200, the terminals are told what its `change` names (a
   * replay's 200 repeats a harmless hint; a refusal changed nothing).
   */
  private async transaction(
    work: (tx: Tx, now: number) => Promise<{ outcome: Outcome; change: Change }>,
  ): Promise<Outcome> {
    const done = await publishAfterCommit(
      this.changes,
      () => this.db.kysely.transaction().execute((tx) => work(tx, this.clock.now())),
      ({ outcome, change }) => (outcome.status === 200 ? change : null),
    );
    return done.outcome;
  }

  private async requireAccount(tx: Tx, accountId: number): Promise<AccountRow> {
    const account = await lockAccount(tx, this.db.dialect, accountId);
    if (!account) throw new ApiError(ERR.noAccount);
    return account;
  }

  private claimBase(
    userId: number | null,
    trx: string,
    now: number,
  ): Pick<Claim, 'scope' | 'trx' | 'user_id' | 'now_ms'> {
    return { scope: userId === null ? 'operator' : `user:${userId}`, trx, user_id: userId, now_ms: now };
  }

  /** Builds ledger rows of one operation that share its trx, kind, time and place. */
  private row(
    operationId: number,
    trx: string,
    kind: LedgerKind,
    now: number,
    accountId: number,
    at: { device_id?: number; place?: number; user_id?: number | null },
  ) {
    return (line: LedgerLine, amount: number, balanceAfter: number | null): NewLedgerEntry => ({
      operation_id: operationId,
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
}
