import { describe, expect, it, vi } from 'vitest';
import type { ChangeWatch } from '../../../db/change-watch.js';
import type { TokenWithOwner } from './token.repository.js';
import { TokenCache, tokenEntryBytes } from './token-cache.js';

function candidate(id: string, lastUsedAt: string | null = null): TokenWithOwner {
  return {
    token: { id, last_used_at: lastUsedAt } as TokenWithOwner['token'],
    owner: { id: 'user', name: 'User', email: 'user@example.test', role: 'admin', is_active: true },
  };
}

/** A watch the test moves: `changes.next = true` stands for a commit somewhere. */
function controlledWatch() {
  const watch = {
    next: false,
    changed(): boolean {
      const changed = watch.next;
      watch.next = false;
      return changed;
    },
    close: vi.fn(async () => undefined),
  };
  return watch satisfies ChangeWatch;
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe('TokenCache', () => {
  it('answers a prefix it has loaded without loading again, until the watch tells of a change', async () => {
    const watch = controlledWatch();
    const cache = new TokenCache(watch);
    const load = vi.fn(async () => [candidate('a')]);
    await cache.lookup('p', load);
    await cache.lookup('p', load);
    expect(load).toHaveBeenCalledTimes(1);
    watch.next = true;
    await cache.lookup('p', load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('does not keep an unknown prefix', async () => {
    const cache = new TokenCache(controlledWatch());
    const load = vi.fn(async () => []);
    await cache.lookup('unknown', load);
    await cache.lookup('unknown', load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('does not store a load that began before a change it may have missed', async () => {
    const watch = controlledWatch();
    const cache = new TokenCache(watch);
    const stale = deferred<TokenWithOwner[]>();
    const racing = cache.lookup('p', () => stale.promise);
    // A commit lands while the first load is on its way; a second lookup hears of it and loads the new row.
    watch.next = true;
    expect(await cache.lookup('p', async () => [candidate('fresh')])).toEqual([candidate('fresh')]);
    stale.resolve([candidate('stale')]);
    expect(await racing).toEqual([candidate('stale')]);
    // The late stale answer did not replace the fresh one.
    const load = vi.fn(async () => []);
    expect(await cache.lookup('p', load)).toEqual([candidate('fresh')]);
    expect(load).not.toHaveBeenCalled();
  });

  it('does not store a load overtaken by a change that a lookup of another prefix heard of', async () => {
    const watch = controlledWatch();
    const cache = new TokenCache(watch);
    const stale = deferred<TokenWithOwner[]>();
    const racing = cache.lookup('p', () => stale.promise);
    watch.next = true;
    await cache.lookup('q', async () => [candidate('q')]);
    stale.resolve([candidate('stale')]);
    await racing;
    const load = vi.fn(async () => [candidate('fresh')]);
    expect(await cache.lookup('p', load)).toEqual([candidate('fresh')]);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('keeps at most its bytes, dropping the least recently used prefix', async () => {
    const cache = new TokenCache(controlledWatch(), 2 * tokenEntryBytes('a', [candidate('a')]));
    for (const prefix of ['a', 'b', 'c']) await cache.lookup(prefix, async () => [candidate(prefix)]);
    const load = vi.fn(async () => [candidate('a')]);
    await cache.lookup('c', load);
    await cache.lookup('b', load);
    expect(load).not.toHaveBeenCalled();
    await cache.lookup('a', load);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('records a last use in the kept entry, without loading again', async () => {
    const cache = new TokenCache(controlledWatch());
    await cache.lookup('p', async () => [candidate('a'), candidate('b')]);
    cache.touched('p', 'a', '2026-11-25T00:00:00.000Z');
    const load = vi.fn(async () => []);
    const [a, b] = await cache.lookup('p', load);
    expect(load).not.toHaveBeenCalled();
    expect(a!.token.last_used_at).toBe('2026-11-25T00:00:00.000Z');
    expect(b!.token.last_used_at).toBeNull();
  });

  it('closes its watch', async () => {
    const watch = controlledWatch();
    await new TokenCache(watch).close();
    expect(watch.close).toHaveBeenCalled();
  });
});
