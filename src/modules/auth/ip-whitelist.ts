// IP and CIDR whitelists for integration tokens, IPv4 and IPv6, on Node's own BlockList.
import { BlockList, isIP } from 'node:net';

/** Null when the entry is a valid IP or CIDR, else the reason it is not. */
export function whitelistEntryError(entry: string): string | null {
  const [address = '', prefix, extra] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || extra !== undefined) return 'must be an IPv4 or IPv6 address or CIDR range';
  if (prefix === undefined) return null;
  const bits = Number(prefix);
  const max = family === 4 ? 32 : 128;
  if (!/^\d+$/.test(prefix) || bits > max) return `has a prefix length outside 0..${max}`;
  return null;
}

function unmapIpv4(address: string): string {
  return address.startsWith('::ffff:') && isIP(address.slice(7)) === 4 ? address.slice(7) : address;
}

export function ipAllowed(whitelist: readonly string[], address: string): boolean {
  const ip = unmapIpv4(address);
  const family = isIP(ip);
  if (family === 0) return false;
  const list = new BlockList();
  for (const entry of whitelist) {
    const [base = '', prefix] = entry.split('/');
    const type = isIP(base) === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(base, type);
    else list.addSubnet(base, Number(prefix), type);
  }
  return list.check(ip, family === 6 ? 'ipv6' : 'ipv4');
}
