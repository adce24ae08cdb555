// Links a gaming device or home-play client to the cashier's account by the PIN it shows.
// Idempotent by trx like a money call: the answer is stored in the same transaction as the link. A wrong
// PIN stores nothing; the PIN throttle (pin-guard.ts) in front of it bounds the guesses.
import { DEVICE_TYPE, ERR, type DeviceType } from '@cashdesk/contract';
import type { Db } from '../db/database.js';
import type { DeviceRow } from '../db/schema.js';
import { ApiError } from '../http/api-error.js';
import { ok, refusal, type Outcome } from '../ledger/outcome.js';
import type { Tx } from '../db/database.js';
import { claimTrx, storeOutcome } from '../ledger/idempotency.js';
import { revokingTransaction } from '../auth/auth-cache.js';
import { linkDevice, lockDevicesShowingPin } from './devices.repository.js';

export interface LinkInput {
  account_id: number;
  user_id: number;
  pin: string;
  trx: string;
  type: DeviceType;
  now_ms: number;
  /**
   * Checks that may refuse a first attempt but not the replay of one that succeeded (e.g. a hard block
   * set since); runs inside the transaction after the claim, so a refusal rolls the claim back.
   */
  afterClaim?: (tx: Tx) => Promise<void>;
}

export async function linkDeviceByPin(db: Db, input: LinkInput): Promise<Outcome> {
  return revokingTransaction(db, async (tx, revoke) => {
    const candidates = await lockDevicesShowingPin(tx, db.dialect, input.pin, input.type);
    const claim = await claimTrx(tx, {
      scope: `user:${input.user_id}`,
      trx: input.trx,
      kind: input.type === DEVICE_TYPE.regular ? 'link_device' : 'link_remote',
      request: ['link', input.type, input.pin],
      account_id: input.account_id,
      user_id: input.user_id,
      now_ms: input.now_ms,
    });
    if (!claim.claimed) return claim.outcome;
    await input.afterClaim?.(tx);

    const outcome = decide(candidates, input);
    // Thrown, so the claim is rolled back: a wrong PIN leaves no `operations` row (a guessing loop used
    // to store one per guess), and a later call with the same trx is judged afresh.
    if (outcome === null) throw new ApiError(ERR.wrongPin);
    if (outcome.status === 200) {
      const device = (outcome.body as { id: number }).id;
      const firstLink = candidates.find((d) => d.id === device)?.account_id === null;
      // A cabinet finishes its registration when it next reports in; a phone is ready at once.
      const status = input.type === DEVICE_TYPE.regular ? 'registering' : 'ready';
      await linkDevice(
        tx,
        device,
        input.account_id,
        firstLink ? { status, linked_at_ms: input.now_ms } : null,
      );
      await revoke({ device });
    }
    await storeOutcome(tx, claim.operation_id, outcome);
    return outcome;
  });
}

/** The answer to store, or null when no device shows this PIN live (a wrong PIN). */
function decide(candidates: readonly DeviceRow[], input: LinkInput): Outcome | null {
  const live = candidates.find(
    (d) => d.pin_used === 0 && d.pin_expires_at_ms !== null && d.pin_expires_at_ms > input.now_ms,
  );
  if (!live) return null;
  if (live.account_id !== null && live.account_id !== input.account_id) return refusal(ERR.errorLinking);
  return ok({ id: live.id });
}
