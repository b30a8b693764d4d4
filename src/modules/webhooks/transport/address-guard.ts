// Keeps webhook deliveries away from the service's own network (SSRF): loopback, private, link-local and cloud
// metadata addresses are refused when a subscription is created and again on every connection.
import { promises as dns } from 'node:dns';
import type { LookupAddress, LookupOptions } from 'node:dns';
import { isIP } from 'node:net';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import type { IPv4, IPv6 } from 'ipaddr.js';

export interface AddressPolicy {
  allowHttp: boolean;
  allowPrivateTargets: boolean;
}

export type Resolver = (hostname: string) => Promise<Array<{ address: string; family: 4 | 6 }>>;

export type BlockedReason =
  | 'loopback'
  | 'private'
  | 'link-local'
  | 'metadata'
  | 'unspecified'
  | 'carrier-grade NAT'
  | 'multicast'
  | 'broadcast'
  | 'reserved'
  | 'invalid';

export class BlockedAddressError extends Error {
  readonly code = 'EWEBHOOKBLOCKED';

  constructor(
    readonly address: string,
    readonly reason: BlockedReason,
  ) {
    super(`Blocked: the host resolves to ${describeAddress(address, reason)}.`);
    this.name = 'BlockedAddressError';
  }
}

const systemResolver: Resolver = async (hostname) => {
  const found = await dns.lookup(hostname, { all: true, verbatim: true });
  return found.map(({ address, family }) => ({ address, family: family === 6 ? 6 : 4 }));
};

// Instance metadata services hand out cloud credentials; they are named apart from the ranges they sit in
// (AWS/GCP/Azure 169.254.169.254 and fd00:ec2::254, Alibaba 100.100.100.200, Oracle 192.0.0.192,
// Azure's wire server 168.63.129.16, which is a public address).
const METADATA_ADDRESSES = new Set(
  ['169.254.169.254', '100.100.100.200', '192.0.0.192', '168.63.129.16', 'fd00:ec2::254'].map(normalise),
);

const IPV4_REASONS: Record<string, BlockedReason> = {
  unspecified: 'unspecified',
  broadcast: 'broadcast',
  multicast: 'multicast',
  linkLocal: 'link-local',
  loopback: 'loopback',
  carrierGradeNat: 'carrier-grade NAT',
  private: 'private',
};

const IPV6_REASONS: Record<string, BlockedReason> = {
  unspecified: 'unspecified',
  linkLocal: 'link-local',
  multicast: 'multicast',
  loopback: 'loopback',
  uniqueLocal: 'private',
  deprecatedSiteLocal: 'private',
};

/** Why the address may not be a webhook target, or null when it may. */
export function blockedReason(address: string): BlockedReason | null {
  if (!ipaddr.isValid(address) || isIP(stripZone(address)) === 0) return 'invalid';
  const parsed = ipaddr.parse(address);
  return parsed.kind() === 'ipv4' ? ipv4Reason(parsed as IPv4) : ipv6Reason(parsed as IPv6);
}

function ipv4Reason(address: IPv4): BlockedReason | null {
  if (METADATA_ADDRESSES.has(address.toString())) return 'metadata';
  const range = address.range();
  if (range === 'unicast') return null;
  return IPV4_REASONS[range] ?? 'reserved';
}

function ipv6Reason(address: IPv6): BlockedReason | null {
  if (METADATA_ADDRESSES.has(address.toNormalizedString())) return 'metadata';
  const embedded = embeddedIpv4(address);
  if (embedded === 'local-use') return 'private';
  if (embedded) {
    const reasons = embedded.map(ipv4Reason);
    return reasons.find((reason) => reason !== null) ?? (isIpv4Compatible(address) ? 'reserved' : null);
  }
  const range = address.range();
  if (range === 'unicast') return null;
  return IPV6_REASONS[range] ?? 'reserved';
}

/**
 * The IPv4 addresses an IPv6 transition form carries, which is where a packet to it actually ends up:
 * IPv4-mapped and -translated, NAT64 (64:ff9b::/96), 6to4, Teredo (server and client) and the deprecated
 * IPv4-compatible ::a.b.c.d. 'local-use' for the NAT64 local-use prefix, whose gateway is a private network.
 */
function embeddedIpv4(address: IPv6): IPv4[] | 'local-use' | null {
  const parts = address.parts;
  const word = (index: number): number => parts[index] ?? 0;
  const fromWords = (high: number, low: number): IPv4 =>
    new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
  const lastFour = (): IPv4 => fromWords(word(6), word(7));
  if (isLoopbackOrUnspecified(address)) return null;
  switch (address.range()) {
    case 'ipv4Mapped':
    case 'rfc6145':
      return [lastFour()];
    case 'rfc6052':
      return word(2) === 0 ? [lastFour()] : 'local-use';
    case '6to4':
      return [fromWords(word(1), word(2))];
    case 'teredo':
      return [fromWords(word(2), word(3)), fromWords(word(6) ^ 0xffff, word(7) ^ 0xffff)];
    default:
      return isIpv4Compatible(address) ? [lastFour()] : null;
  }
}

function isIpv4Compatible(address: IPv6): boolean {
  return address.parts.slice(0, 6).every((part) => part === 0) && !isLoopbackOrUnspecified(address);
}

function isLoopbackOrUnspecified(address: IPv6): boolean {
  const range = address.range();
  return range === 'loopback' || range === 'unspecified';
}

// eslint-disable-next-line no-control-regex -- control characters are what it finds
const CONTROL_CHARACTER = /[\x00-\x1f\x7f]/;

/**
 * Checks a subscription URL when it is created or changed. Returns human messages, empty when the URL is fine:
 * https only (http too when allowHttp), no credentials, a host; unless allowPrivateTargets, an IP literal must be
 * allowed and a name must resolve with every one of its addresses allowed.
 */
export async function checkWebhookUrl(
  url: string,
  policy: AddressPolicy,
  resolve: Resolver = systemResolver,
): Promise<string[]> {
  // The URL parser drops tabs and line breaks silently: a URL holding them would be stored as sent but called
  // as another.
  if (CONTROL_CHARACTER.test(url))
    return ['The url must not contain control characters such as line breaks, tabs or NUL.'];
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return ['The url is not a valid URL.'];
  }
  const problems: string[] = [];
  const schemeProblem = checkScheme(parsed, policy);
  if (schemeProblem) problems.push(schemeProblem);
  if (parsed.username || parsed.password) problems.push('The url must not contain a user name or password.');
  const host = hostOf(parsed);
  if (!host) problems.push('The url must have a host.');
  if (schemeProblem || !host || policy.allowPrivateTargets) return problems;
  return [...problems, ...(await checkHost(host, resolve))];
}

/** The message when the URL's scheme may not be used under the policy, else null. */
export function checkScheme(url: URL, policy: AddressPolicy): string | null {
  if (url.protocol === 'https:') return null;
  if (policy.allowHttp) return url.protocol === 'http:' ? null : 'The url must use http or https.';
  return 'The url must use https.';
}

/** The URL's host without the brackets of an IPv6 literal. */
export function hostOf(url: URL): string {
  return url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
}

async function checkHost(host: string, resolve: Resolver): Promise<string[]> {
  let addresses: string[];
  if (isIP(host) !== 0) {
    addresses = [host];
  } else {
    try {
      addresses = (await resolve(host)).map((entry) => entry.address);
    } catch {
      return ['The url host could not be resolved.'];
    }
    if (addresses.length === 0) return ['The url host could not be resolved.'];
  }
  const messages = new Set<string>();
  for (const address of addresses) {
    const reason = blockedReason(address);
    if (reason) messages.add(`The url resolves to ${describeAddress(address, reason)}.`);
  }
  return [...messages];
}

/** Throws BlockedAddressError when the address may not be connected to under the policy. */
export function assertAllowedAddress(address: string, policy: AddressPolicy): void {
  if (policy.allowPrivateTargets) return;
  const reason = blockedReason(address);
  if (reason) throw new BlockedAddressError(address, reason);
}

/**
 * A `lookup` for net/tls connect options: resolves with `resolve` and fails with BlockedAddressError when any
 * address is blocked (unless allowPrivateTargets). The socket then connects to an address that was just checked,
 * so a name that changes its answer between check and connect (DNS rebinding) gains nothing.
 */
export function guardedLookup(policy: AddressPolicy, resolve: Resolver = systemResolver): LookupFunction {
  return (hostname, options, callback) => {
    resolveAllowed(hostname, policy, resolve, options).then(
      (addresses) => {
        if (options.all) callback(null, addresses);
        else callback(null, addresses[0]?.address ?? '', addresses[0]?.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, options.all ? [] : ''),
    );
  };
}

async function resolveAllowed(
  hostname: string,
  policy: AddressPolicy,
  resolve: Resolver,
  options: LookupOptions,
): Promise<LookupAddress[]> {
  const resolved = await resolve(hostname);
  for (const { address } of resolved) assertAllowedAddress(address, policy);
  const family = familyOf(options.family);
  const wanted = family === 0 ? resolved : resolved.filter((entry) => entry.family === family);
  if (wanted.length === 0) throw notFound(hostname);
  return wanted.map(({ address, family: addressFamily }) => ({ address, family: addressFamily }));
}

function familyOf(family: LookupOptions['family']): 0 | 4 | 6 {
  if (family === 4 || family === 'IPv4') return 4;
  if (family === 6 || family === 'IPv6') return 6;
  return 0;
}

function notFound(hostname: string): NodeJS.ErrnoException {
  const error: NodeJS.ErrnoException = new Error(`getaddrinfo ENOTFOUND ${hostname}`);
  error.code = 'ENOTFOUND';
  error.syscall = 'getaddrinfo';
  return error;
}

/** "a loopback address (127.0.0.1)", for messages. */
export function describeAddress(address: string, reason: BlockedReason): string {
  const article = /^[aeiou]/.test(reason) ? 'an' : 'a';
  return `${article} ${reason} address (${address})`;
}

function normalise(address: string): string {
  const parsed = ipaddr.parse(address);
  return parsed.kind() === 'ipv4' ? parsed.toString() : (parsed as IPv6).toNormalizedString();
}

function stripZone(address: string): string {
  const percent = address.indexOf('%');
  return percent === -1 ? address : address.slice(0, percent);
}
