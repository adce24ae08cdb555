// The remote PIN is never shown in clear after entry: four dots and its last two digits.
import { describe, expect, it } from 'vitest';
import { maskPin, PIN_MASK } from './mask-pin';

describe('maskPin', () => {
  it('keeps the last two digits of a remote (6) or cash-modal (5) PIN', () => {
    expect(maskPin('654321')).toBe('••••21');
    expect(maskPin('12345')).toBe('••••45');
    expect(maskPin('0099')).toBe('••••99');
  });

  it('shows nothing of a PIN too short to keep anything back', () => {
    expect(maskPin('123')).toBe(PIN_MASK);
    expect(maskPin('')).toBe(PIN_MASK);
  });
});
