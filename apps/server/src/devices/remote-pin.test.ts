import { ERR } from '@cashdesk/contract';
import { describe, expect, it } from 'vitest';
import {
  assertRemotePin,
  heldPinExpiry,
  isPinLive,
  judgePin,
  keepsPin,
  PIN_HOLD_MS,
  PIN_KEEP_MARGIN_MS,
  PIN_TTL_MS,
  type PinFields,
} from './remote-pin.js';

const NOW = 1_000_000;
const phone = (fields: Partial<PinFields> = {}): PinFields => ({
  pin: '123456',
  pin_expires_at_ms: NOW + 1,
  pin_previous: '654321',
  ...fields,
});

describe('the PIN rule of remote calls', () => {
  it('judges the current live PIN right, until the moment it expires', () => {
    expect(judgePin(phone(), '123456', NOW)).toBe('right');
    expect(isPinLive(phone(), NOW)).toBe(true);
    expect(judgePin(phone({ pin_expires_at_ms: NOW }), '123456', NOW)).toBe('stale');
    expect(isPinLive(phone({ pin_expires_at_ms: NOW }), NOW)).toBe(false);
    expect(isPinLive(phone({ pin_expires_at_ms: null }), NOW)).toBe(false);
    expect(isPinLive(phone({ pin: null }), NOW)).toBe(false);
  });

  it('judges the PIN the phone replaced stale: a terminal still showing it, not a guess', () => {
    expect(judgePin(phone(), '654321', NOW)).toBe('stale');
    expect(judgePin(phone({ pin: null }), '654321', NOW)).toBe('stale');
  });

  it('judges anything else wrong, a phone without a PIN included', () => {
    expect(judgePin(phone(), '000000', NOW)).toBe('wrong');
    expect(judgePin(phone({ pin: null, pin_previous: null }), '123456', NOW)).toBe('wrong');
  });

  it('opens the phone with the right PIN only, with 406 pin changed for the rest and for no phone', () => {
    expect(() => assertRemotePin(phone(), '123456', NOW)).not.toThrow();
    for (const [device, pin] of [
      [phone(), '654321'],
      [phone(), '000000'],
      [phone({ pin_expires_at_ms: NOW }), '123456'],
      [undefined, '123456'],
    ] as const) {
      expect(() => assertRemotePin(device, pin, NOW)).toThrow(
        expect.objectContaining({ err: ERR.pinChanged }),
      );
    }
  });
});

describe('a PIN a till holds open', () => {
  it('gets a fresh life from a till that uses it with less than PIN_HOLD_MS left, not before', () => {
    expect(heldPinExpiry(phone({ pin_expires_at_ms: NOW + PIN_HOLD_MS }), NOW)).toBeNull();
    expect(heldPinExpiry(phone({ pin_expires_at_ms: NOW + PIN_HOLD_MS - 1 }), NOW)).toBe(NOW + PIN_TTL_MS);
  });

  it("is kept at the phone's renewal with more than PIN_KEEP_MARGIN_MS left, renewed otherwise", () => {
    expect(keepsPin(phone({ pin_expires_at_ms: NOW + PIN_KEEP_MARGIN_MS + 1 }), NOW)).toBe(true);
    expect(keepsPin(phone({ pin_expires_at_ms: NOW + PIN_KEEP_MARGIN_MS }), NOW)).toBe(false);
    expect(keepsPin(phone({ pin: null, pin_expires_at_ms: NOW + PIN_TTL_MS }), NOW)).toBe(false);
    expect(keepsPin(phone({ pin_expires_at_ms: null }), NOW)).toBe(false);
  });

  it("keeps the held life inside the TTL, so a phone's new PIN always ends later than a held one did", () => {
    expect(PIN_HOLD_MS).toBeLessThan(PIN_TTL_MS);
    expect(PIN_KEEP_MARGIN_MS).toBeLessThan(PIN_HOLD_MS);
  });
});
