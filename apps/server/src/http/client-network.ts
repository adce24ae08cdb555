// The network a client address belongs to, for throttles that must hold against one attacker who has
// many addresses inside one network (a venue's LAN behind several NAT addresses, an IPv6 host's /64):
// an IPv4 address counts as its /24, an IPv6 address as its /64 (an IPv4-mapped IPv6 address as IPv4).
import { isIPv4, isIPv6 } from 'node:net';

/** `a.b.c.0/24` of an IPv4 address, `xxxx:xxxx:xxxx:xxxx::/64` of an IPv6 one, else the text unchanged. */
export function networkOf(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1];
  const v4 = mapped ?? ip;
  if (isIPv4(v4)) return `${v4.split('.').slice(0, 3).join('.')}.0/24`;
  if (isIPv6(ip)) return `${expandIPv6(ip).slice(0, 4).join(':')}::/64`;
  return ip;
}

/** The eight 16-bit groups of an IPv6 address, each without leading zeros ('::' expanded). */
function expandIPv6(ip: string): string[] {
  const [head = '', tail] = ip.toLowerCase().split('%')[0]!.split('::');
  const left = head === '' ? [] : head.split(':');
  const right = tail === undefined || tail === '' ? [] : tail.split(':');
  const zeros = tail === undefined ? [] : Array<string>(8 - left.length - right.length).fill('0');
  return [...left, ...zeros, ...right].map((group) => group.replace(/^0+(?=.)/, ''));
}
