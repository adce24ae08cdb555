// The till's drawer in the cashier's open shift (docs/product.md section 17): cash dropped to the safe,
// paid in or paid out with a reason, and the mid-shift X-report. A movement moves the cashier's physical
// cash only: no ledger balance (float, seat) changes, so it writes no ledger row; what it changes is the
// drawer the close expects (shifts.service.ts drawerFigures). Each is one transaction that claims its trx
// with the ledger's idempotency module (a replay gets the stored answer, another payload 422 `trx
// conflict`), locks the shift's row, writes the movement and its audit entry, and stores the answer.
import {
  ERR,
  MAX_COUNTED_CENTS,
  type DrawerMovement,
  type DrawerMovementKind,
  type DrawerMovementRequest,
  type XReport,
} from '@cashdesk/contract';
import type { CashierRow } from '../auth/index.js';
import { recordAudit } from '../back-office/index.js';
import type { Clock } from '../clock.js';
import type { Db } from '../db/database.js';
import type { ShiftRow } from '../db/schema.js';
import { ApiError } from '../http/api-error.js';
import { claimTrx, storeOutcome } from '../ledger/idempotency.js';
import { userScope } from '../ledger/keys.js';
import { ok, type Outcome } from '../ledger/outcome.js';
import { findShiftById, insertMovement, movementTotals, type MovementTotals } from './drawer.repository.js';
import { findXReport } from './shifts.repository.js';

type Cashier = Pick<CashierRow, 'id' | 'login' | 'account_id'>;

/** Where each kind's sum is kept in the shift's figures. */
const SUM_OF: Record<DrawerMovementKind, keyof MovementTotals> = {
  drop: 'drops_cents',
  paid_in: 'paid_in_cents',
  paid_out: 'paid_out_cents',
};

/**
 * The cashier's own open shift, or the refusal: another cashier's or another venue's shift (or none) is
 * 404 `not found`, as if it did not exist; the cashier's own closed shift is 403 `no open shift`. Both are
 * thrown, so a movement's trx stays usable.
 */
export function cashiersOpenShift(shift: ShiftRow | undefined, cashier: Cashier): ShiftRow {
  if (!shift || shift.user_id !== cashier.id || shift.account_id !== cashier.account_id) {
    throw new ApiError(ERR.notFound);
  }
  if (shift.closed_at_ms !== null) throw new ApiError(ERR.noOpenShift);
  return shift;
}

export class DrawerService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async move(
    cashier: Cashier,
    shiftId: number,
    kind: DrawerMovementKind,
    request: DrawerMovementRequest,
  ): Promise<Outcome> {
    return this.db.kysely.transaction().execute(async (tx) => {
      const now = this.clock.now();
      const reason = request.reason ?? null;
      const claim = await claimTrx(tx, {
        scope: userScope(cashier.id),
        trx: request.trx,
        kind: `shift_${kind}`,
        request: [`shift_${kind}`, shiftId, request.amount, reason],
        user_id: cashier.id,
        account_id: cashier.account_id,
        now_ms: now,
      });
      if (!claim.claimed) return claim.outcome;
      // FOR UPDATE, as the close takes it: a movement and the close of its shift never pass each other
      // (the close sums the movements committed before it; one after it finds the shift closed).
      const shift = cashiersOpenShift(
        await findShiftById(tx, shiftId, { dialect: this.db.dialect, mode: 'update' }),
        cashier,
      );
      // The kind's sum stays a figure the close can add up exactly (as a count does: MAX_COUNTED_CENTS).
      const sum = (await movementTotals(tx, shift.id))[SUM_OF[kind]];
      if (sum + request.amount > MAX_COUNTED_CENTS) {
        throw ApiError.validation('amount', `would take the shift's ${kind} sum past ${MAX_COUNTED_CENTS}`);
      }
      const movement = await insertMovement(tx, {
        shift_id: shift.id,
        account_id: cashier.account_id,
        user_id: cashier.id,
        kind,
        amount_cents: request.amount,
        reason,
        trx: request.trx,
        operation_id: claim.operation_id,
        created_at_ms: now,
      });
      await recordAudit(tx, {
        actor: { user_id: cashier.id, login: cashier.login },
        action: `shift.${kind}`,
        target_type: 'user',
        target_id: cashier.id,
        account_id: cashier.account_id,
        before: null,
        after: { shift_id: shift.id, movement_id: movement.id, amount_cents: movement.amount },
        reason,
        trx: request.trx,
        now_ms: now,
      });
      const outcome = ok<DrawerMovement>(movement);
      await storeOutcome(tx, claim.operation_id, outcome);
      return outcome;
    });
  }

  /** The X-report of the cashier's open shift: its figures so far, no expected drawer figure. */
  async xReport(cashier: Cashier, shiftId: number): Promise<XReport> {
    const shift = cashiersOpenShift(await findShiftById(this.db.kysely, shiftId), cashier);
    const report = await findXReport(this.db.kysely, shift.id, this.clock.now());
    // Closed between the two reads: as if it had been closed before.
    if (!report) throw new ApiError(ERR.noOpenShift);
    return report;
  }
}
