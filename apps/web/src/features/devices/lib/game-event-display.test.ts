import { describe, expect, it } from 'vitest';
import { gameEventDisplay, signedAmount } from './game-event-display';

describe('gameEventDisplay', () => {
  it.each([0, 2, 4, 6, 7, 11, 12, 13])('shows type %i as a credit', (type) => {
    expect(gameEventDisplay(type)?.direction).toBe('credit');
  });

  it.each([1, 3])('shows type %i as a withdrawal', (type) => {
    expect(gameEventDisplay(type)?.direction).toBe('withdrawal');
  });

  it.each([14, 15, 5, 99])('hides type %i', (type) => {
    expect(gameEventDisplay(type)).toBeNull();
  });
});

describe('signedAmount', () => {
  it('puts a plus on credits and a minus on withdrawals, whatever the sign sent', () => {
    expect(signedAmount('credit', '10.00')).toBe('+10.00');
    expect(signedAmount('credit', '-10.00')).toBe('+10.00');
    expect(signedAmount('withdrawal', '-2.50')).toBe('−2.50');
    expect(signedAmount('withdrawal', '2.50')).toBe('−2.50');
  });
});
