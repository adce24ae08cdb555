import { describe, expect, it } from 'vitest';
import { uuidToHex } from './uuid-to-hex';

describe('uuidToHex', () => {
  it('writes 16 bytes as 32 lowercase hex characters', () => {
    expect(uuidToHex('AAECAwQFBgcICQoLDA0ODw==')).toBe('000102030405060708090a0b0c0d0e0f');
  });
  it('pads a shorter value with zeros to 32', () => {
    expect(uuidToHex('/w==')).toBe('ff' + '0'.repeat(30));
  });
  it('truncates a longer value to 32', () => {
    expect(uuidToHex(btoa(String.fromCharCode(...Array.from({ length: 20 }, () => 0xab))))).toBe(
      'ab'.repeat(16),
    );
  });
  it('reads URL-safe base64 without padding', () => {
    expect(uuidToHex('-_8')).toBe('fbff' + '0'.repeat(28));
  });
  it('gives null for no uuid or one that is not base64, so the receipt says mobile', () => {
    expect(uuidToHex('')).toBeNull();
    expect(uuidToHex(null)).toBeNull();
    expect(uuidToHex(undefined)).toBeNull();
    expect(uuidToHex('not base64!')).toBeNull();
  });
});
