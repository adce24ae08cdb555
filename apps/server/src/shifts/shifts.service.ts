// Opening and closing a cashier's cash-drawer shift. Each is one transaction that claims its trx
// (ledger/idempotency.ts: a replay gets the stored answer, another payload 422 `trx conflict`), writes the
// shift and its audit entry, and stores the answer.
import { ERR, type OpenShift, type ShiftCountRequest, type ZReport } from '@cashdesk/contract';
import type { CashierRow } from '../auth/index.js';
import { recordAudit } from '../back-office/index.js';
import type { Clock } from '../clock.js';
import type { Db, Tx } from '../db/database.js';
import { ApiError } from '../http/api-error.js';
import {
  noChangePublisher,
  publishAfterCommit,
  shiftClosedChange,
  type ChangePublisher,
} from '../live/change-feed.js';
import { claimTrx, storeOutcome } from '../ledger/idempotency.js';
import { userScope } from '../ledger/keys.js';
import { safeBalance } from '../ledger/money-rules.js';
import { lockAccount } from '../ledger/ledger.repository.js';
import { ok, refusal, type Outcome } from '../ledger/outcome.js';
import {
  countShiftOperations,
  findOpenShift,
  findZReport,
  insertShift,
  shiftTotals,
  toOpenShift,
  writeShiftClose,
} from './shifts.repository.js';
import { findAccountCurrency, insertCount, movementTotals } from './drawer.repository.js';
import { countHashParts, drawerCount, type DrawerCount } from './drawer-count.js';

type Cashier = Pick<CashierRow, 'id' | 'login' | 'account_id'>;

/**
 * expected = opening + deposits - withdrawals (cash-outs included) + paid-ins - paid-outs - drops;
 * difference = counted - expected. Either past the safe range would be stored wrong (and fail the row's
 * CHECK, a 500): a 400 instead, thrown so the close's trx stays usable. Counts within the contract's
 * MAX_COUNTED_CENTS leave room for it.
 */
export function drawerFigures(input: {
  opening_cents: number;
  deposits_cents: number;
  withdrawals_cents: number;
  counted_cents: number;
  /** The drawer's own movements (drawer.service.ts); none when left out. */
  paid_in_cents?: number;
  paid_out_cents?: number;
  drops_cents?: number;
}): { expected_cents: number; difference_cents: number } {
  const movements = (input.paid_in_cents ?? 0) - (input.paid_out_cents ?? 0) - (input.drops_cents ?? 0);
  const expected = safeBalance(
    safeBalance(input.opening_cents + input.deposits_cents - input.withdrawals_cents, 'counted_cents') +
      movements,
    'counted_cents',
  );
  return {
    expected_cents: expected,
    difference_cents: safeBalance(input.counted_cents - expected, 'counted_cents'),
  };
}

export class ShiftService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    /** Tells the floor's alert checks of a close (its difference); terminals show nothing of it. */
    private readonly changes: ChangePublisher = noChangePublisher,
  ) {}

  async open(cashier: Cashier, request: ShiftCountRequest): Promise<Outcome> {
    return this.db.kysely.transaction().execute(async (tx) => {
      const now = this.clock.now();
      // The account's lock orders a cashier's opens (and their cash calls): a second open sees the first.
      // Stryker disable next-line ConditionalExpression: never-deleted
      const account = await lockAccount(tx, this.db.dialect, cashier.account_id);
      if (!account) throw new ApiError(ERR.noAccount);
      const count = drawerCount(request, account.currency);
      const claim = await claimTrx(tx, {
        ...this.claimBase(cashier, request.trx, now),
        kind: 'shift_open',
        // Stryker disable next-line StringLiteral: stored-hash
        request: ['shift_open', ...countHashParts(count)],
      });
      if (!claim.claimed) return claim.outcome;

      let outcome: Outcome;
      if (await findOpenShift(tx, cashier.id)) {
        outcome = refusal(ERR.shiftAlreadyOpen);
      } else {
        const shift = await insertShift(tx, {
          account_id: cashier.account_id,
          user_id: cashier.id,
          opened_at_ms: now,
          opening_cents: count.counted_cents,
          open_trx: request.trx,
        });
        if (count.lines) await insertCount(tx, shift.id, 'open', count.lines);
        await this.audit(tx, cashier, 'shift.open', now, request.trx, {
          shift_id: shift.id,
          opening_cents: shift.opening_cents,
          ...(count.lines ? { opening_count: count.lines } : {}),
        });
        outcome = ok<OpenShift>(toOpenShift(shift, 0));
      }
      await storeOutcome(tx, claim.operation_id, outcome);
      return outcome;
    });
  }

  /**
   * The blind close: the counted cash against what the shift's operations leave in the drawer. The
   * shift's row is locked FOR UPDATE first, so a cash call tied to it (which reads it FOR SHARE) has
   * committed before the sums are read, or will find the shift closed.
   */
  async close(cashier: Cashier, request: ShiftCountRequest): Promise<Outcome> {
    let closed: number | null = null;
    // A venue's currency never changes: read before the transaction, it sets which notes and coins count.
    const count = drawerCount(request, await this.currencyOf(cashier));
    return publishAfterCommit(
      this.changes,
      () =>
        this.db.kysely.transaction().execute(async (tx) => {
          const now = this.clock.now();
          const claim = await claimTrx(tx, {
            ...this.claimBase(cashier, request.trx, now),
            kind: 'shift_close',
            // Stryker disable next-line StringLiteral: stored-hash
            request: ['shift_close', ...countHashParts(count)],
          });
          if (!claim.claimed) return claim.outcome;
          // Stryker disable next-line ObjectLiteral,StringLiteral: pg-row-lock
          const shift = await findOpenShift(tx, cashier.id, { dialect: this.db.dialect, mode: 'update' });
          // Thrown, not stored: the claim rolls back and the trx stays usable.
          if (!shift) throw new ApiError(ERR.noOpenShift);
          const outcome = ok<ZReport>(await this.writeClose(tx, cashier, shift, request.trx, count, now));
          await storeOutcome(tx, claim.operation_id, outcome);
          closed = shift.id;
          return outcome;
        }),
      // A replay closes nothing again.
      () => (closed === null ? null : shiftClosedChange(cashier.account_id, closed)),
    );
  }

  /** The close's figures, row and audit entry; the Z-report it answers. */
  private async writeClose(
    tx: Tx,
    cashier: Cashier,
    shift: { id: number; opening_cents: number },
    trx: string,
    count: DrawerCount,
    now: number,
  ): Promise<ZReport> {
    const totals = await shiftTotals(tx, shift.id);
    // The shift's row is locked FOR UPDATE: no drawer movement (which reads it FOR SHARE) is in flight.
    const movements = await movementTotals(tx, shift.id);
    const figures = drawerFigures({
      opening_cents: shift.opening_cents,
      deposits_cents: totals.deposits_cents,
      withdrawals_cents: totals.withdrawals_cents,
      counted_cents: count.counted_cents,
      paid_in_cents: movements.paid_in_cents,
      paid_out_cents: movements.paid_out_cents,
      drops_cents: movements.drops_cents,
    });
    await writeShiftClose(tx, shift.id, {
      ...totals,
      ...movements,
      ...figures,
      closed_at_ms: now,
      close_trx: trx,
      counted_cents: count.counted_cents,
    });
    if (count.lines) await insertCount(tx, shift.id, 'close', count.lines);
    await this.audit(tx, cashier, 'shift.close', now, trx, {
      shift_id: shift.id,
      counted_cents: count.counted_cents,
      ...(count.lines ? { closing_count: count.lines } : {}),
      ...figures,
    });
    const report = await findZReport(tx, shift.id);
    // Stryker disable next-line ConditionalExpression,StringLiteral: row-just-written
    if (!report) throw new Error(`shift ${shift.id} not closed inside its own close`);
    return report;
  }

  /** The cashier's open shift without the expected figure (a blind count), or 404. */
  async current(cashier: Cashier): Promise<OpenShift> {
    const shift = await findOpenShift(this.db.kysely, cashier.id);
    if (!shift) throw new ApiError(ERR.notFound);
    return toOpenShift(shift, await countShiftOperations(this.db.kysely, shift.id));
  }

  private async currencyOf(cashier: Cashier): Promise<string> {
    const account = await findAccountCurrency(this.db.kysely, cashier.account_id);
    if (!account) throw new ApiError(ERR.noAccount);
    return account.currency;
  }

  private claimBase(cashier: Cashier, trx: string, now: number) {
    return {
      scope: userScope(cashier.id),
      trx,
      user_id: cashier.id,
      account_id: cashier.account_id,
      now_ms: now,
    };
  }

  private async audit(
    tx: Tx,
    cashier: Cashier,
    action: 'shift.open' | 'shift.close',
    now: number,
    trx: string,
    after: Record<string, unknown>,
  ): Promise<void> {
    await recordAudit(tx, {
      actor: { user_id: cashier.id, login: cashier.login },
      action,
      target_type: 'user',
      target_id: cashier.id,
      account_id: cashier.account_id,
      before: null,
      after,
      trx,
      now_ms: now,
    });
  }
}
