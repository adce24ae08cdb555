// Links a gaming device or home-play client to the cashier's account by the PIN it shows, and opens again
// a device of the cashier's venue by the PIN it still shows (a phone's panel closed and reopened).
// Idempotent by trx like a money call: the answer is stored in the same transaction as the link. A wrong
// PIN stores nothing; the PIN throttle (pin-guard.ts) in front of it bounds the guesses.
import { DEVICE_TYPE, ERR, type DeviceType } from '@cashdesk/contract';
import type { Db } from '../db/database.js';
import type { DeviceRow } from '../db/schema.js';
import { ApiError } from '../http/api-error.js';
import { ok, refusal, type Outcome } from '../ledger/outcome.js';
import type { Tx } from '../db/database.js';
import { claimTrx, storeOutcome } from '../ledger/idempotency.js';
import { userScope } from '../ledger/keys.js';
import { type AuthCache, revokingTransaction } from '../auth/index.js';
import { endDevicePin, linkDevice, lockDevicesShowingPin } from './devices.repository.js';
import { isPinLive } from './remote-pin.js';

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

export async function linkDeviceByPin(db: Db, auth: AuthCache, input: LinkInput): Promise<Outcome> {
  return revokingTransaction(db, auth, async (tx, revoke) => {
    const shown = await lockDevicesShowingPin(tx, db.dialect, input.pin, input.type);
    const named = devicesNamedBy(shown, input);
    if (named.length > 1) {
      // PINs are drawn whatever other devices show (gateway.service.ts issuePin), so two may show one.
      // Such a PIN names no device: each shows a new one, and the cashier types that. Nothing is claimed,
      // so the same trx is judged afresh with the new PIN.
      for (const device of named) await endDevicePin(tx, device.id);
      return refusal(ERR.pinChanged);
    }
    const claim = await claimTrx(tx, {
      scope: userScope(input.user_id),
      trx: input.trx,
      kind: input.type === DEVICE_TYPE.regular ? 'link_device' : 'link_remote',
      request: ['link', input.type, input.pin],
      account_id: input.account_id,
      user_id: input.user_id,
      now_ms: input.now_ms,
    });
    if (!claim.claimed) return claim.outcome;
    await input.afterClaim?.(tx);

    const [device] = named;
    // Thrown, so the claim is rolled back: a wrong PIN leaves no `operations` row (a guessing loop used
    // to store one per guess), and a later call with the same trx is judged afresh.
    if (!device) throw new ApiError(ERR.wrongPin);
    const outcome = decide(device, input);
    if (outcome.status === 200) {
      // A cabinet finishes its registration when it next reports in; a phone is ready at once.
      const status: DeviceRow['status'] = input.type === DEVICE_TYPE.regular ? 'registering' : 'ready';
      const firstLink = device.account_id === null ? { status, linked_at_ms: input.now_ms } : null;
      await linkDevice(tx, device.id, input.account_id, firstLink);
      await revoke({ device: device.id });
    }
    await storeOutcome(tx, claim.operation_id, outcome);
    return outcome;
  });
}

/**
 * The devices a typed PIN names: those showing it live that wait to be linked, or that are linked to the
 * cashier's venue already (their PIN opens them again however often it is typed while it lives). A PIN
 * spent on another venue's device names nothing there, as a wrong PIN.
 */
function devicesNamedBy(shown: readonly DeviceRow[], input: LinkInput): DeviceRow[] {
  return shown.filter(
    (d) => isPinLive(d, input.now_ms) && (d.pin_used === 0 || d.account_id === input.account_id),
  );
}

/** The answer to store for the one device the PIN names. */
function decide(device: DeviceRow, input: LinkInput): Outcome {
  if (device.account_id !== null && device.account_id !== input.account_id) return refusal(ERR.errorLinking);
  return ok({ id: device.id });
}
