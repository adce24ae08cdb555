// The PIN rule of the remote (home-play) calls, in one place: a call that names a phone opens it only
// with the phone's current PIN while it is live; a till using it keeps it live (heldPinExpiry). The PIN
// guard (pin-guard.ts) judges a PIN by it under the throttle before the call, and the ledger again inside
// a remote cash call's transaction (after a replay's stored answer), so the two can never disagree.
// Pure: no database, no clock of its own.
import { ERR } from '@cashdesk/contract';
import type { DeviceRow } from '../db/schema.js';
import { ApiError } from '../http/api-error.js';

export type PinFields = Pick<DeviceRow, 'pin' | 'pin_expires_at_ms' | 'pin_previous'>;

/** A PIN lives this long from when the device shows it (docs/decisions.md, "Devices and PINs"). */
export const PIN_TTL_MS = 10 * 60 * 1000;

/**
 * A phone open at a till is not dropped by its own scheduled renewal (docs/security.md, "Device PINs").
 * The till asks for it every 5 s (15 s while its live updates are on); a right PIN it sends with less
 * than this left to live is given a fresh PIN_TTL_MS (`heldPinExpiry`). Two minutes leave room for polls a
 * browser slows in a tab in the background (once a minute). Once no till asks, the PIN ends as before.
 */
export const PIN_HOLD_MS = 2 * 60 * 1000;

/**
 * A phone's scheduled renewal (`POST /device/pin {"keep_live": true}`, at the end of the life it was
 * told) keeps a PIN with more than this left: only a till's calls push a PIN's life that far past the end
 * the phone was told, and a clock of the phone a little ahead of the server's must not keep it.
 */
export const PIN_KEEP_MARGIN_MS = 60 * 1000;

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

/**
 * The new end of a right PIN a till has just used (a remote call that names the phone): a fresh
 * PIN_TTL_MS when less than PIN_HOLD_MS is left, else null (nothing to write, most calls).
 */
export function heldPinExpiry(device: Pick<PinFields, 'pin_expires_at_ms'>, nowMs: number): number | null {
  return (device.pin_expires_at_ms ?? 0) - nowMs < PIN_HOLD_MS ? nowMs + PIN_TTL_MS : null;
}

/** Whether a phone's scheduled renewal keeps the PIN it shows: a till holds it open (PIN_KEEP_MARGIN_MS). */
export function keepsPin(device: Pick<PinFields, 'pin' | 'pin_expires_at_ms'>, nowMs: number): boolean {
  return device.pin !== null && (device.pin_expires_at_ms ?? 0) - nowMs > PIN_KEEP_MARGIN_MS;
}
