import { describe, expect, it } from 'vitest';
import { avatarInitial, cashierDisplayName, shortenCashierName } from './cashier-name';

describe('shortenCashierName (docs/product.md section 5)', () => {
  it.each([
    ['', ''],
    ['Ann', 'Ann'],
    ['Anna Maria', 'Anna …aria'], // 10 characters: shortened
    ['Demo Cash', 'Demo Cash'], // 9 characters: kept
    ['Demo Cashier', 'Demo …hier'],
    ['Alexandria Smith-Johnson', 'Alexa…nson'],
  ])('%j -> %j', (name, shown) => {
    expect(shortenCashierName(name)).toBe(shown);
  });

  it('keeps the first 5 and last 4 characters of a long name', () => {
    const shown = shortenCashierName('ABCDEFGHIJKLMNOP');
    expect(shown).toBe('ABCDE…MNOP');
  });

  it('counts characters, not UTF-16 units (no emoji or accent cut in half)', () => {
    expect(shortenCashierName('José 😀 Gonçalves')).toBe('José …lves');
    expect(shortenCashierName('😀😀😀😀😀😀😀😀😀')).toBe('😀😀😀😀😀😀😀😀😀');
    expect(shortenCashierName('😀😀😀😀😀😀😀😀😀😀')).toBe('😀😀😀😀😀…😀😀😀😀');
  });
});

describe('cashierDisplayName', () => {
  it('uses the fallback word when there is no name', () => {
    expect(cashierDisplayName('', 'Cashier')).toBe('Cashier');
    expect(cashierDisplayName('   ', 'Cashier')).toBe('Cashier');
    expect(cashierDisplayName(undefined, 'Cajero')).toBe('Cajero');
    expect(cashierDisplayName(null, 'Cashier')).toBe('Cashier');
  });
  it('trims a real name', () => {
    expect(cashierDisplayName(' Maria ', 'Cashier')).toBe('Maria');
  });
});

describe('avatarInitial', () => {
  it('is the first letter, upper-cased', () => {
    expect(avatarInitial('maria')).toBe('M');
    expect(avatarInitial('Éva')).toBe('É');
    expect(avatarInitial('')).toBe('?');
  });
});
