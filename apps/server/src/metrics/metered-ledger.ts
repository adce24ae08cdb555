// Counts every ledger operation by kind and outcome where the outcome is known: the answer the ledger
// returns (or the error it throws), whoever called it (cashier routes, the device gateway, the back
// office, the demo). The ledger itself stays unaware of metrics.
import { ERR } from '@cashdesk/contract';
import { ApiError } from '../http/api-error.js';
import { leftPlaceEmpty } from '../ledger/cash-moves.repository.js';
import { isReplay } from '../ledger/idempotency.js';
import {
  LedgerService,
  type DeviceEventInput,
  type FloatMoveInput,
  type PlaceCashInput,
  type TransferInput,
} from '../ledger/ledger.service.js';
import { floatMoveKind } from '../ledger/money-rules.js';
import type { Outcome } from '../ledger/outcome.js';
import type { LedgerOperationKind, LedgerOperationOutcome, ServerMetrics } from './server-metrics.js';

type LedgerMetrics = Pick<ServerMetrics, 'countLedgerOperation'>;

/** How an answer of the ledger counts. */
export function outcomeOf(outcome: Outcome): LedgerOperationOutcome {
  if (isReplay(outcome)) return 'replayed';
  if (outcome.status === 200) return 'applied';
  const err = (outcome.body as { err?: unknown } | null)?.err;
  return err === ERR.trxConflict ? 'conflict' : 'refused';
}

/** A thrown refusal (validation, a block, a wrong PIN: nothing stored) or an unexpected failure. */
export function outcomeOfError(error: unknown): LedgerOperationOutcome {
  return error instanceof ApiError && error.status < 500 ? 'refused' : 'error';
}

/**
 * A cash call's kind. A call with `cash_out: true` is a cash-out, refused or not. The spec's own
 * cash-out is a withdraw of the whole entries without the flag (docs/money.md), so a withdraw whose
 * answer shows the place emptied counts as one too; refused, it cannot be told from a withdraw.
 */
export function placeCashKind(input: PlaceCashInput, outcome: Outcome | null): LedgerOperationKind {
  if (input.corrects) return 'correction';
  const remote = input.remote_pin !== null;
  if (input.delta_cents > 0) return remote ? 'remote_deposit' : 'deposit';
  const entries = (outcome?.body as { balances?: { entries?: unknown } } | undefined)?.balances?.entries;
  const cashOut =
    input.cash_out === true ||
    (outcome !== null && outcome.status === 200 && leftPlaceEmpty(input.delta_cents, entries));
  if (cashOut) return remote ? 'remote_cash_out' : 'cash_out';
  return remote ? 'remote_withdraw' : 'withdraw';
}

/** The ledger, counting what each operation ended as. */
export class MeteredLedger extends LedgerService {
  private readonly metrics: LedgerMetrics;

  constructor(metrics: LedgerMetrics, ...ledger: ConstructorParameters<typeof LedgerService>) {
    super(...ledger);
    this.metrics = metrics;
  }

  override moveFloat(input: FloatMoveInput): Promise<Outcome> {
    const kind = floatMoveKind(input.delta_cents);
    return this.counted(
      () => super.moveFloat(input),
      () => kind,
    );
  }

  override changePlaceCash(input: PlaceCashInput): Promise<Outcome> {
    return this.counted(
      () => super.changePlaceCash(input),
      (outcome) => placeCashKind(input, outcome),
    );
  }

  override transfer(input: TransferInput): Promise<Outcome> {
    return this.counted(
      () => super.transfer(input),
      () => 'transfer',
    );
  }

  override applyDeviceEvent(input: DeviceEventInput): Promise<Outcome> {
    return this.counted(
      () => super.applyDeviceEvent(input),
      () => 'game_event',
    );
  }

  private async counted(
    operation: () => Promise<Outcome>,
    kindOf: (outcome: Outcome | null) => LedgerOperationKind,
  ): Promise<Outcome> {
    let outcome: Outcome;
    try {
      outcome = await operation();
    } catch (error) {
      this.metrics.countLedgerOperation(kindOf(null), outcomeOfError(error));
      throw error;
    }
    this.metrics.countLedgerOperation(kindOf(outcome), outcomeOf(outcome));
    return outcome;
  }
}
