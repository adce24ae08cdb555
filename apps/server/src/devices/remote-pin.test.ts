import { ERR } from '@cashdesk/contract';
import { describe, expect, it } from 'vitest';
import { assertRemotePin, isPinLive, judgePin, type PinFields } from './remote-pin.js';

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
