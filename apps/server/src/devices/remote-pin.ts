// The PIN rule of the remote (home-play) calls, in one place: a call that names a phone opens it only
// with the phone's current PIN while it is live. The PIN guard (pin-guard.ts) judges a PIN by it under
// the throttle before the call, and the ledger again inside a remote cash call's transaction (after a
// replay's stored answer), so the two can never disagree. Pure: no database, no clock of its own.
import { ERR } from '@cashdesk/contract';
import type { DeviceRow } from '../db/schema.js';
import { ApiError } from '../http/api-error.js';

export type PinFields = Pick<DeviceRow, 'pin' | 'pin_expires_at_ms' | 'pin_previous'>;

/**
 * `right`: the device's current PIN, not expired. `stale`: a PIN the device showed but no longer
 * accepts (its current one expired, or the one it replaced): a terminal still showing the phone, not a
 * guess. `wrong`: anything else.
 */
export type PinVerdict = 'right' | 'stale' | 'wrong';

export function isPinLive(device: Pick<PinFields, 'pin' | 'pin_expires_at_ms'>, nowMs: number): boolean {
  return device.pin !== null && (device.pin_expires_at_ms ?? 0) > nowMs;
}

export function judgePin(device: PinFields, pin: string, nowMs: number): PinVerdict {
  // `pin` is text, so neither comparison can match a device without that PIN (null).
  if (device.pin === pin) return isPinLive(device, nowMs) ? 'right' : 'stale';
  if (device.pin_previous === pin) return 'stale';
  return 'wrong';
}

/** Only a right PIN opens the phone: a stale or wrong one is 406 `pin changed` (the phone shows a new one). */
export function assertPinOpens(verdict: PinVerdict): void {
  if (verdict !== 'right') throw new ApiError(ERR.pinChanged);
}

/** Judges `pin` against the phone as read (undefined: no such device) and throws unless it opens it. */
export function assertRemotePin(device: PinFields | undefined, pin: string, nowMs: number): void {
  // Stryker disable next-line StringLiteral: refused-alike
  assertPinOpens(device ? judgePin(device, pin, nowMs) : 'wrong');
}
