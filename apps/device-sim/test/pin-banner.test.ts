import { describe, expect, it } from 'vitest';
import { bigDigits, DIGIT_HEIGHT, DIGIT_WIDTH, renderPinBanner } from '../src/pin-banner.js';

describe('pin banner', () => {
  it('draws every digit 5 rows high and 5 wide, each one different', () => {
    const glyphs = new Set<string>();
    for (let d = 0; d <= 9; d++) {
      const rows = bigDigits(String(d));
      expect(rows).toHaveLength(DIGIT_HEIGHT);
      for (const row of rows) expect(row).toHaveLength(DIGIT_WIDTH);
      expect(rows.join('')).toMatch(/^[# ]+$/);
      glyphs.add(rows.join('\n'));
    }
    expect(glyphs.size).toBe(10);
  });

  it('lays digits side by side and keeps leading zeros', () => {
    const rows = bigDigits('01234');
    expect(rows).toHaveLength(DIGIT_HEIGHT);
    const single = bigDigits('0');
    expect(rows[0]?.startsWith(single[0]!)).toBe(true);
    expect(new Set(rows.map((r) => r.length)).size).toBe(1);
    expect(rows[0]!.length).toBe(5 * DIGIT_WIDTH + 4 * 3);
  });

  it('ends with a plain PIN line for scripts and the expiry', () => {
    const banner = renderPinBanner('012345', {
      expiresAt: new Date('2026-11-22T10:15:00.000Z'),
      title: 'Home play',
    });
    const lines = banner.split('\n');
    expect(lines).toContain('PIN: 012345');
    expect(lines.filter((l) => /^PIN: /.test(l))).toHaveLength(1);
    expect(banner).toContain('expires at 2026-11-22T10:15:00.000Z');
    expect(banner).toContain('Home play');
    // The framed part is a rectangle.
    const framed = lines.slice(0, lines.indexOf('PIN: 012345'));
    expect(new Set(framed.map((l) => l.length)).size).toBe(1);
  });

  it('refuses anything but digits', () => {
    expect(() => bigDigits('12a45')).toThrow(RangeError);
    expect(() => bigDigits('')).toThrow(RangeError);
  });
});
