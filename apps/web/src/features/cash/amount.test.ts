import { describe, expect, it } from 'vitest';
import type { NumpadKey } from '../../components/ui/numpad';
import { amountTextToCents, applyAmountKey, isValidAmountText, sanitizeAmountInput } from './amount';

/** Presses keys on the numpad from an empty field. */
function press(...keys: NumpadKey[]): string {
  return keys.reduce(applyAmountKey, '');
}
const typeKeys = (text: string) => press(...(text.split('') as NumpadKey[]));

describe('numpad entry', () => {
  it('takes digits', () => {
    expect(typeKeys('125')).toBe('125');
  });

  it('takes at most one decimal point', () => {
    expect(typeKeys('1.2.3')).toBe('1.23');
    expect(typeKeys('1..')).toBe('1.');
  });

  it('takes at most 2 decimals', () => {
    expect(typeKeys('1.005')).toBe('1.00');
    expect(typeKeys('19.999')).toBe('19.99');
  });

  it("turns a lone '.' into '0.'", () => {
    expect(press('.')).toBe('0.');
    expect(press('.', '5')).toBe('0.5');
  });

  it('drops a leading zero before a digit', () => {
    expect(typeKeys('05')).toBe('5');
    expect(typeKeys('000')).toBe('0');
    expect(typeKeys('0.05')).toBe('0.05');
  });

  it('stops at 8 characters', () => {
    expect(typeKeys('123456789')).toBe('12345678');
    expect(typeKeys('12345.678')).toBe('12345.67');
    expect(typeKeys('1234567.8')).toBe('1234567.');
  });

  it('deletes the last character with backspace, and does nothing on an empty field', () => {
    expect(applyAmountKey('12.5', 'backspace')).toBe('12.');
    expect(applyAmountKey('12.', 'backspace')).toBe('12');
    expect(applyAmountKey('', 'backspace')).toBe('');
  });
});

describe('typing into the field (wide screens)', () => {
  it('accepts a valid change', () => {
    expect(sanitizeAmountInput('12.5', '12.')).toBe('12.5');
  });

  it('keeps the old text for an invalid change', () => {
    expect(sanitizeAmountInput('12a', '12')).toBe('12');
    expect(sanitizeAmountInput('1.2.3', '1.2')).toBe('1.2');
    expect(sanitizeAmountInput('1.005', '1.00')).toBe('1.00');
    expect(sanitizeAmountInput('-5', '')).toBe('');
    expect(sanitizeAmountInput('123456789', '12345678')).toBe('12345678');
  });

  it("reads a comma as the decimal point and a lone '.' as '0.'", () => {
    expect(sanitizeAmountInput('1,5', '1')).toBe('1.5');
    expect(sanitizeAmountInput('.', '')).toBe('0.');
  });

  it('accepts clearing the field', () => {
    expect(sanitizeAmountInput('', '12')).toBe('');
  });
});

describe('cents', () => {
  it.each([
    ['', 0],
    ['0.', 0],
    ['0.29', 29],
    ['19.99', 1999],
    ['0.1', 10],
    ['12', 1200],
    ['12.', 1200],
    ['12345678', 1_234_567_800],
    ['1.15', 115],
    ['4.35', 435],
  ])('%s is %i cents, with no floating-point error', (text, cents) => {
    expect(amountTextToCents(text)).toBe(cents);
  });

  it.each(['1.005', 'abc', '1.2.3', '-1', '123456789', '1e3'])('refuses %s', (text) => {
    expect(amountTextToCents(text)).toBeNull();
    expect(isValidAmountText(text)).toBe(false);
  });
});
