import { describe, expect, it } from 'vitest';
import { shortenDeviceName } from './shorten-device-name';

describe('shortenDeviceName', () => {
  it('keeps names of up to 16 characters in lists', () => {
    expect(shortenDeviceName('Rocket Game 0001')).toBe('Rocket Game 0001');
    expect(shortenDeviceName('')).toBe('');
  });

  it('shortens names of 17 or more characters to 12 plus an ellipsis in lists', () => {
    expect(shortenDeviceName('Rocket Game 00001')).toBe('Rocket Game …');
    expect(shortenDeviceName('A very long device name indeed')).toBe('A very long …');
  });

  it.each(['mobileHeader', 'editModal'] as const)('keeps up to 18 characters in %s', (context) => {
    expect(shortenDeviceName('Rocket Game 000001', context)).toBe('Rocket Game 000001');
  });

  it.each(['mobileHeader', 'editModal'] as const)(
    'shortens names longer than 18 to 15 plus an ellipsis in %s',
    (context) => {
      expect(shortenDeviceName('Rocket Game 0000001', context)).toBe('Rocket Game 000…');
    },
  );

  it('never cuts an emoji in half', () => {
    expect(shortenDeviceName('🚀🚀🚀🚀🚀🚀🚀🚀🚀🚀🚀🚀🚀🚀🚀🚀🚀')).toBe('🚀'.repeat(12) + '…');
  });
});
