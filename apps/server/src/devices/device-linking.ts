// Links a gaming device or home-play client to the cashier's account by the PIN it shows.
// Idempotent by trx like a money call: the answer is stored in the same transaction as the link. A wrong
// PIN stores nothing; the PIN throttle (pin-guard.ts) in front of it bounds the guesses.
import { ERR } from '@cashdesk/contract';
import type { Db } from '../db/database.js';
import type { DeviceRow } from '../db/schema.js';
import { ApiError, ok, refusal, type Outcome } from '../http/outcome.js';
import { claimTrx, storeOutcome, type Tx } from '../ledger/idempotency.js';

export interface LinkInput {
  account_id: number;
  user_id: number;
  pin: string;
  trx: string;
  type: 0 | 1;
  now_ms: number;
  /**
   * Checks that may refuse a first attempt but not the replay of one that succeeded (e.g. a hard block
   * set since); runs inside the transaction after the claim, so a refusal rolls the claim back.
   */
  afterClaim?: (tx: Tx) => Promise<void>;
}

export async function linkDeviceByPin(db: Db, input: LinkInput): Promise<Outcome> {
  return db.kysely.transaction().execute(async (tx) => {
    const candidates = await tx
      .selectFrom('devices')
      .selectAll()
      .where('pin', '=', input.pin)
      .where('type', '=', input.type)
      .$if(db.dialect === 'postgres', (q) => q.forNoKeyUpdate())
      .execute();
    const claim = await claimTrx(tx, {
      scope: `user:${input.user_id}`,
      trx: input.trx,
      kind: input.type === 0 ? 'link_device' : 'link_remote',
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
      await tx
        .updateTable('devices')
        .set({
          account_id: input.account_id,
          pin_used: 1,
          // A cabinet finishes its registration when it next reports in; a phone is ready at once.
          ...(firstLink
            ? { status: input.type === 0 ? 'registering' : 'ready', linked_at_ms: input.now_ms }
            : {}),
        })
        .where('id', '=', device)
        .execute();
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
