import { describe, expect, it } from 'vitest';
import { shortenTrx } from './trx';

describe('shortenTrx (docs/product.md section 5)', () => {
  const trx = '3f2a8b7c-1d2e-4f5a-9b8c-7d6e5f4a9c1d';

  it('shows the first 4 and the last 4 characters', () => {
    expect(shortenTrx(trx)).toBe('3f2a…9c1d');
  });

  it('shows the first 4 and an ellipsis on phones', () => {
    expect(shortenTrx(trx, true)).toBe('3f2a…');
  });

  it('leaves an id that is not longer than what it would show', () => {
    expect(shortenTrx('abcdefgh')).toBe('abcdefgh');
    expect(shortenTrx('abcdefghi')).toBe('abcd…fghi');
    expect(shortenTrx('abcd', true)).toBe('abcd');
  });
});
