import { describe, expect, it } from 'vitest';
import { ipAllowed, whitelistEntryError } from './ip-whitelist.js';

describe('IP whitelists', () => {
  it('validate entries', () => {
    for (const ok of ['10.0.0.1', '10.0.0.0/8', '0.0.0.0/0', '2001:db8::1', '2001:db8::/32', '::1/128'])
      expect(whitelistEntryError(ok)).toBeNull();
    for (const bad of [
      '10.0.0.256',
      '10.0.0.0/33',
      '2001:db8::/129',
      'example.com',
      '10.0.0.0/8/1',
      '10.0.0.0/x',
      '',
    ]) {
      expect(whitelistEntryError(bad)).not.toBeNull();
    }
  });

  it('match addresses and ranges, IPv4 and IPv6, including IPv4-mapped IPv6', () => {
    const list = ['192.168.1.0/24', '203.0.113.7', '2001:db8::/32'];
    expect(ipAllowed(list, '192.168.1.77')).toBe(true);
    expect(ipAllowed(list, '192.168.2.1')).toBe(false);
    expect(ipAllowed(list, '203.0.113.7')).toBe(true);
    expect(ipAllowed(list, '::ffff:203.0.113.7')).toBe(true);
    expect(ipAllowed(list, '2001:db8:1::5')).toBe(true);
    expect(ipAllowed(list, '2001:db9::5')).toBe(false);
    expect(ipAllowed(list, 'garbage')).toBe(false);
  });
});
