import { isIPv4, isIPv6 } from 'node:net';

/**
 * The key every per-address rate limit counts under. An IPv4 address is one caller, but an
 * IPv6 subscriber is usually handed a whole /64 (2^64 addresses), so keying on the full
 * address would give one attacker an unlimited supply of fresh allowances: IPv6 addresses
 * count per /64 prefix. An IPv4-mapped IPv6 address (::ffff:192.0.2.1, what a dual-stack
 * socket reports for IPv4 clients) counts as its IPv4 address.
 * Anything that is not an IP address (it should not happen) is returned unchanged.
 */
export function clientAddressKey(ip: string): string {
  if (isIPv4(ip)) return ip;
  const address = ip.split('%')[0]!; // a zone index (fe80::1%eth0) names the interface, not the host
  if (!isIPv6(address)) return ip;
  const groups = ipv6Groups(address);
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff)
    return [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join('.');
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address, '::' expanded and a dotted IPv4 tail included. */
function ipv6Groups(address: string): number[] {
  const [head, tail] = address.includes('::') ? address.split('::') : [address, undefined];
  const parse = (part: string | undefined) =>
    !part
      ? []
      : part.split(':').flatMap((group) => {
          if (!group.includes('.')) return [parseInt(group, 16)];
          const [a, b, c, d] = group.split('.').map(Number) as [number, number, number, number];
          return [(a << 8) | b, (c << 8) | d];
        });
  const left = parse(head);
  const right = parse(tail);
  if (tail === undefined) return left;
  return [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
}
