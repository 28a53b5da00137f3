import { describe, expect, it } from 'vitest';
import { clientNetwork } from './client-network';

describe('clientNetwork (what the per-client sign-in limits count)', () => {
  it('keeps an IPv4 address and anything that is not an IP as it is', () => {
    expect(clientNetwork('203.0.113.7')).toBe('203.0.113.7');
    expect(clientNetwork('unknown')).toBe('unknown');
  });

  it('counts an IPv6 address by its /64 network, however it is written', () => {
    const network = '2001:db8:1:2::/64';
    for (const ip of [
      '2001:db8:1:2::1',
      '2001:0db8:0001:0002:ffff:ffff:ffff:ffff',
      '2001:DB8:1:2:0:0:0:0',
      '2001:db8:1:2:a::b',
      '2001:db8:1:2::192.0.2.1',
      'fe80::1%eth0'.replace('fe80::1', '2001:db8:1:2::1'),
    ])
      expect(clientNetwork(ip), ip).toBe(network);
    expect(clientNetwork('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(clientNetwork('::1')).toBe('0:0:0:0::/64');
    expect(clientNetwork('2001:db8::')).toBe('2001:db8:0:0::/64');
  });
});
