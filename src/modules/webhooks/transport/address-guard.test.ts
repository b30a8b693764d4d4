import type { LookupAddress, LookupOptions } from 'node:dns';
import { describe, expect, it, vi } from 'vitest';
import { BlockedAddressError, blockedReason, checkWebhookUrl, guardedLookup } from './address-guard.js';
import type { AddressPolicy, Resolver } from './address-guard.js';

const strict: AddressPolicy = { allowHttp: false, allowPrivateTargets: false };
const lenient: AddressPolicy = { allowHttp: true, allowPrivateTargets: true };

function resolvingTo(...addresses: string[]): Resolver {
  return vi.fn(async () => addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }) as const));
}

const failingResolver: Resolver = async (hostname) => {
  throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
};

describe('blockedReason', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['::1', 'loopback'],
    ['10.0.0.5', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['fc00::1', 'private'],
    ['fd12:3456::1', 'private'],
    ['fec0::1', 'private'],
    ['169.254.1.1', 'link-local'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['169.254.169.254', 'metadata'],
    ['fd00:ec2::254', 'metadata'],
    ['100.100.100.200', 'metadata'],
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['::', 'unspecified'],
    ['100.64.0.1', 'carrier-grade NAT'],
    ['100.127.255.254', 'carrier-grade NAT'],
    ['224.0.0.1', 'multicast'],
    ['ff02::1', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['240.0.0.1', 'reserved'],
    ['192.0.2.10', 'reserved'],
    ['198.18.0.1', 'reserved'],
    ['2001:db8::1', 'reserved'],
    ['100::1', 'reserved'],
  ])('refuses %s as %s', (address, reason) => {
    expect(blockedReason(address)).toBe(reason);
  });

  it.each([
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:10.0.0.1', 'private'],
    ['::ffff:169.254.169.254', 'metadata'],
    ['::ffff:0:7f00:1', 'loopback'],
    ['64:ff9b::7f00:1', 'loopback'],
    ['64:ff9b::a00:1', 'private'],
    ['64:ff9b::a9fe:a9fe', 'metadata'],
    ['64:ff9b:1::1', 'private'],
    ['2002:7f00:1::', 'loopback'],
    ['2002:c0a8:101::1', 'private'],
    ['2002:a9fe:a9fe::', 'metadata'],
    // Teredo: public server 93.184.216.34, client 127.0.0.1 stored bit-inverted
    ['2001:0:5db8:d822:0:0:80ff:fffe', 'loopback'],
    ['::7f00:1', 'loopback'],
    ['::5db8:d822', 'reserved'],
  ])('judges the IPv4 address inside the transition form %s (%s)', (address, reason) => {
    expect(blockedReason(address)).toBe(reason);
  });

  it.each([
    '93.184.216.34',
    '8.8.8.8',
    '172.32.0.1',
    '100.128.0.1',
    '2606:2800:220:1:248:1893:25c8:1946',
    '::ffff:93.184.216.34',
    '64:ff9b::5db8:d822',
    '2002:5db8:d822::1',
  ])('allows the public address %s', (address) => {
    expect(blockedReason(address)).toBeNull();
  });

  it.each(['example.com', '', '2130706433', '0x7f.1', '1.2.3', '::ffff:999.0.0.1'])(
    'calls %j not an address',
    (address) => {
      expect(blockedReason(address)).toBe('invalid');
    },
  );
});

describe('checkWebhookUrl', () => {
  it('accepts an https url on a public address', async () => {
    expect(await checkWebhookUrl('https://93.184.216.34/hooks?x=1', strict)).toEqual([]);
  });

  it('requires https unless http is allowed', async () => {
    expect(await checkWebhookUrl('http://93.184.216.34/hooks', strict)).toEqual(['The url must use https.']);
    expect(await checkWebhookUrl('http://93.184.216.34/hooks', { ...strict, allowHttp: true })).toEqual([]);
    expect(await checkWebhookUrl('ftp://93.184.216.34/hooks', { ...strict, allowHttp: true })).toEqual([
      'The url must use http or https.',
    ]);
  });

  it('refuses credentials in the url', async () => {
    expect(await checkWebhookUrl('https://user:secret@93.184.216.34/', strict)).toEqual([
      'The url must not contain a user name or password.',
    ]);
    expect(await checkWebhookUrl('https://user@93.184.216.34/', lenient)).toEqual([
      'The url must not contain a user name or password.',
    ]);
  });

  it('refuses what is not a url', async () => {
    expect(await checkWebhookUrl('not a url', strict)).toEqual(['The url is not a valid URL.']);
    expect(await checkWebhookUrl('https://', strict)).toEqual(['The url is not a valid URL.']);
  });

  it('reports every problem at once', async () => {
    expect(await checkWebhookUrl('http://user:pw@example.com/', strict)).toEqual([
      'The url must use https.',
      'The url must not contain a user name or password.',
    ]);
  });

  it.each([
    ['https://127.0.0.1/', 'The url resolves to a loopback address (127.0.0.1).'],
    ['https://[::1]:8443/', 'The url resolves to a loopback address (::1).'],
    ['https://[::ffff:127.0.0.1]/', 'The url resolves to a loopback address (::ffff:7f00:1).'],
    ['https://10.1.2.3/', 'The url resolves to a private address (10.1.2.3).'],
    ['https://169.254.169.254/latest/meta-data/', 'The url resolves to a metadata address (169.254.169.254).'],
    ['https://[fe80::1]/', 'The url resolves to a link-local address (fe80::1).'],
    ['https://0.0.0.0/', 'The url resolves to an unspecified address (0.0.0.0).'],
  ])('refuses the IP literal in %s', async (url, message) => {
    const resolve = resolvingTo('93.184.216.34');
    expect(await checkWebhookUrl(url, strict, resolve)).toEqual([message]);
    expect(resolve).not.toHaveBeenCalled();
  });

  it.each(['https://2130706433/', 'https://0x7f.1/', 'https://017700000001/', 'https://0177.0.0.1/', 'https://127.1/'])(
    'refuses the loopback address written as %s',
    async (url) => {
      expect(new URL(url).hostname).toBe('127.0.0.1');
      expect(await checkWebhookUrl(url, strict, resolvingTo('93.184.216.34'))).toEqual([
        'The url resolves to a loopback address (127.0.0.1).',
      ]);
    },
  );

  it('resolves a name and refuses it when it points to a private address', async () => {
    const resolve = resolvingTo('10.0.0.5');
    expect(await checkWebhookUrl('https://hooks.example.test/in', strict, resolve)).toEqual([
      'The url resolves to a private address (10.0.0.5).',
    ]);
    expect(resolve).toHaveBeenCalledWith('hooks.example.test');
  });

  it('refuses a name when any one of its addresses is blocked', async () => {
    const resolve = resolvingTo('93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946', '169.254.169.254');
    expect(await checkWebhookUrl('https://hooks.example.test/', strict, resolve)).toEqual([
      'The url resolves to a metadata address (169.254.169.254).',
    ]);
  });

  it('accepts a name whose addresses are all public', async () => {
    const resolve = resolvingTo('93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946');
    expect(await checkWebhookUrl('https://hooks.example.test/', strict, resolve)).toEqual([]);
  });

  it('refuses a name that does not resolve', async () => {
    expect(await checkWebhookUrl('https://nowhere.example.test/', strict, failingResolver)).toEqual([
      'The url host could not be resolved.',
    ]);
    expect(await checkWebhookUrl('https://empty.example.test/', strict, resolvingTo())).toEqual([
      'The url host could not be resolved.',
    ]);
  });

  it('neither resolves nor judges addresses when private targets are allowed', async () => {
    const resolve = resolvingTo('10.0.0.5');
    expect(await checkWebhookUrl('https://127.0.0.1/', lenient, resolve)).toEqual([]);
    expect(await checkWebhookUrl('http://receiver.internal:8080/', lenient, resolve)).toEqual([]);
    expect(resolve).not.toHaveBeenCalled();
  });
});

function lookupWith(policy: AddressPolicy, resolve: Resolver, hostname: string, options: LookupOptions) {
  return new Promise<{ address: string | LookupAddress[]; family: number | undefined }>((resolvePromise, reject) => {
    guardedLookup(policy, resolve)(hostname, options, (error, address, family) => {
      if (error) reject(error);
      else resolvePromise({ address, family });
    });
  });
}

describe('guardedLookup', () => {
  it('hands back the public address it resolved', async () => {
    const resolve = resolvingTo('93.184.216.34');
    expect(await lookupWith(strict, resolve, 'hooks.example.test', {})).toEqual({
      address: '93.184.216.34',
      family: 4,
    });
    expect(resolve).toHaveBeenCalledWith('hooks.example.test');
  });

  it('hands back every address when asked for all', async () => {
    const resolve = resolvingTo('2606:2800:220:1:248:1893:25c8:1946', '93.184.216.34');
    const { address } = await lookupWith(strict, resolve, 'hooks.example.test', { all: true });
    expect(address).toEqual([
      { address: '2606:2800:220:1:248:1893:25c8:1946', family: 6 },
      { address: '93.184.216.34', family: 4 },
    ]);
  });

  it('keeps to the family asked for', async () => {
    const resolve = resolvingTo('2606:2800:220:1:248:1893:25c8:1946', '93.184.216.34');
    expect(await lookupWith(strict, resolve, 'hooks.example.test', { family: 4 })).toEqual({
      address: '93.184.216.34',
      family: 4,
    });
    await expect(lookupWith(strict, resolvingTo('93.184.216.34'), 'v4only.test', { family: 6 })).rejects.toMatchObject({
      code: 'ENOTFOUND',
    });
  });

  it('fails with BlockedAddressError when an address is blocked', async () => {
    const lookup = lookupWith(strict, resolvingTo('93.184.216.34', '10.0.0.1'), 'rebind.example.test', { all: true });
    await expect(lookup).rejects.toBeInstanceOf(BlockedAddressError);
    await expect(lookup).rejects.toThrow('Blocked: the host resolves to a private address (10.0.0.1).');
  });

  it('refuses a blocked address of another family than the one asked for', async () => {
    const lookup = lookupWith(strict, resolvingTo('93.184.216.34', '::1'), 'sneaky.example.test', { family: 4 });
    await expect(lookup).rejects.toThrow('Blocked: the host resolves to a loopback address (::1).');
  });

  it('lets private addresses through when private targets are allowed', async () => {
    expect(await lookupWith(lenient, resolvingTo('127.0.0.1'), 'localhost', {})).toEqual({
      address: '127.0.0.1',
      family: 4,
    });
  });

  it('passes resolution failures on', async () => {
    await expect(lookupWith(strict, failingResolver, 'nowhere.test', {})).rejects.toMatchObject({ code: 'ENOTFOUND' });
  });
});
