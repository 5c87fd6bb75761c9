import { describe, expect, it } from 'vitest';
import { clientAddressKey } from './client-address.ts';

describe('clientAddressKey', () => {
  it('keeps an IPv4 address as it is', () => {
    expect(clientAddressKey('192.0.2.1')).toBe('192.0.2.1');
    expect(clientAddressKey('192.0.2.2')).not.toBe(clientAddressKey('192.0.2.1'));
  });

  it('counts every address of one IPv6 /64 as one caller', () => {
    const key = clientAddressKey('2001:db8:1:2::1');
    expect(key).toBe('2001:db8:1:2::/64');
    for (const other of [
      '2001:db8:1:2::ffff',
      '2001:0DB8:0001:0002:abcd:ef01:2345:6789',
      '2001:db8:1:2:0:0:0:0',
      '2001:db8:1:2::',
    ])
      expect(clientAddressKey(other), other).toBe(key);
    expect(clientAddressKey('2001:db8:1:3::1')).not.toBe(key);
  });

  it("expands '::' wherever it stands", () => {
    expect(clientAddressKey('::1')).toBe('0:0:0:0::/64');
    expect(clientAddressKey('::')).toBe('0:0:0:0::/64');
    expect(clientAddressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientAddressKey('2001::5:6:7:8')).toBe('2001:0:0:0::/64');
    expect(clientAddressKey('1:2:3::')).toBe('1:2:3:0::/64');
    expect(clientAddressKey('1:2:3:4:5::8')).toBe('1:2:3:4::/64');
    // '::' on the right of the prefix: 2001:db8:0:0 is not 2001:db8:0:5.
    expect(clientAddressKey('2001:db8::5:0:0:1')).toBe('2001:db8:0:0::/64');
    expect(clientAddressKey('2001:db8:0:5::1')).toBe('2001:db8:0:5::/64');
  });

  it('counts an IPv4-mapped IPv6 address as the IPv4 address', () => {
    expect(clientAddressKey('::ffff:192.0.2.1')).toBe('192.0.2.1');
    expect(clientAddressKey('::FFFF:192.0.2.1')).toBe('192.0.2.1');
    expect(clientAddressKey('::ffff:c000:201')).toBe('192.0.2.1');
    expect(clientAddressKey('0:0:0:0:0:ffff:192.0.2.1')).toBe('192.0.2.1');
    // Other embedded IPv4 forms are ordinary IPv6 addresses (NAT64 shares one /64).
    expect(clientAddressKey('64:ff9b::192.0.2.1')).toBe('64:ff9b:0:0::/64');
  });

  it('ignores a zone index and leaves anything else alone', () => {
    expect(clientAddressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(clientAddressKey('not-an-address')).toBe('not-an-address');
    expect(clientAddressKey('')).toBe('');
  });
});
