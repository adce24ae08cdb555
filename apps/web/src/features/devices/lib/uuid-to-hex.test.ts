import { describe, expect, it } from 'vitest';
import { uuidToHex } from './uuid-to-hex';

const toBase64 = (hex: string) =>
  btoa(String.fromCharCode(...(hex.match(/../g) ?? []).map((h) => parseInt(h, 16))));

describe('uuidToHex', () => {
  it('shows 16 bytes as 32 hex characters', () => {
    const hex = '0123456789abcdeffedcba9876543210';
    expect(uuidToHex(toBase64(hex))).toBe(hex);
  });

  it('truncates longer values to 32 characters', () => {
    expect(uuidToHex(toBase64('00112233445566778899aabbccddeeff0102'))).toBe(
      '00112233445566778899aabbccddeeff',
    );
  });

  it('pads shorter values with zeros', () => {
    expect(uuidToHex(toBase64('abcd'))).toBe('abcd' + '0'.repeat(28));
    expect(uuidToHex('')).toBe('0'.repeat(32));
  });

  it('accepts URL-safe base64 without padding', () => {
    expect(uuidToHex('-_8')).toBe('fbff' + '0'.repeat(28));
  });

  it('gives zeros for text that is not base64 instead of throwing', () => {
    expect(uuidToHex('not base64!')).toBe('0'.repeat(32));
  });
});
