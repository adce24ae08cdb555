import { describe, expect, it } from 'vitest';
import { networkOf } from './client-network.js';

describe('networkOf', () => {
  it('counts an IPv4 address, plain or mapped into IPv6, as its /24', () => {
    expect(networkOf('192.168.7.201')).toBe('192.168.7.0/24');
    expect(networkOf('192.168.7.3')).toBe(networkOf('192.168.7.201'));
    expect(networkOf('::ffff:192.168.7.3')).toBe('192.168.7.0/24');
    expect(networkOf('192.168.8.3')).not.toBe(networkOf('192.168.7.3'));
  });

  it('counts an IPv6 address as its /64, however it is written', () => {
    expect(networkOf('2001:db8:0:1::5')).toBe('2001:db8:0:1::/64');
    expect(networkOf('2001:0db8:0000:0001:ffff::1')).toBe('2001:db8:0:1::/64');
    expect(networkOf('2001:db8:0:2::5')).not.toBe(networkOf('2001:db8:0:1::5'));
    expect(networkOf('::1')).toBe('0:0:0:0::/64');
  });

  it('leaves anything else as it is', () => {
    expect(networkOf('not an address')).toBe('not an address');
  });
});
