import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { ChangeWatch } from '../db/change-watch.js';
import {
  AnswerCache,
  ENCODED_OVERHEAD_BYTES,
  ENTRY_OVERHEAD_BYTES,
  LONGEST_KEY,
  SEEN_KEYS,
  SEEN_KEYS_BYTES,
  type KeptAnswer,
} from './answer-cache.js';

/** A change watch the test moves by hand: `change()` stands for a commit to a watched table. */
function handWatch() {
  let changed = false;
  const watch: ChangeWatch = {
    changed: () => {
      const was = changed;
      changed = false;
      return was;
    },
    close: async () => undefined,
  };
  return { watch, change: () => (changed = true) };
}

const answer = (size: number, etag?: string) => ({ body: 'x'.repeat(size), etag });

/** A cache whose answers may cost `answerBytes` together, beside its memory of keys. */
const cacheOf = (watch: ChangeWatch, answerBytes: number) => new AnswerCache(watch, SEEN_KEYS_BYTES + answerBytes);

/** The size of a body that, kept under a one-character key without an ETag, costs `bytes`. */
const costing = (bytes: number) => bytes - ENTRY_OVERHEAD_BYTES - 1;

/** A read of `key` that missed and was answered with `kept`, as the route's hooks do it. */
function read(cache: AnswerCache, key: string, kept: KeptAnswer): void {
  if (!cache.lookup(key).kept) cache.keep(key, kept, cache.lookup(key).generation);
}

/** `key` read twice: its answer is kept from the second read. */
function readTwice(cache: AnswerCache, key: string, kept: KeptAnswer): void {
  read(cache, key, kept);
  read(cache, key, kept);
}

describe('AnswerCache', () => {
  it('keeps an answer and its ETag from its second read until the watched tables change, then from the next', () => {
    const { watch, change } = handWatch();
    const cache = cacheOf(watch, 16_000);
    read(cache, 'a', answer(10, '"tag"'));
    expect(cache.lookup('a').kept).toBeUndefined();
    read(cache, 'a', answer(10, '"tag"'));
    expect(cache.lookup('a').kept).toEqual(answer(10, '"tag"'));
    change();
    expect(cache.lookup('a').kept).toBeUndefined();
    read(cache, 'a', answer(10, '"new"'));
    expect(cache.lookup('a').kept).toEqual(answer(10, '"new"'));
  });

  it('does not let answers read once push out those read again, and forgets reads older than its memory of keys', () => {
    const { watch } = handWatch();
    const cache = cacheOf(watch, 16 * 300);
    readTwice(cache, 'a', answer(100));
    for (let i = 0; i < 100; i += 1) read(cache, `once ${i}`, answer(100));
    expect(cache.lookup('a').kept).toBeDefined();
    expect(cache.lookup('once 0').kept).toBeUndefined();

    read(cache, 'b', answer(10));
    for (let i = 0; i < SEEN_KEYS; i += 1) read(cache, `later ${i}`, answer(10));
    read(cache, 'b', answer(10)); // still remembered: within the last two sets of keys
    expect(cache.lookup('b').kept).toBeDefined();
    read(cache, 'c', answer(10));
    for (let i = 0; i < 2 * SEEN_KEYS; i += 1) read(cache, `much later ${i}`, answer(10));
    read(cache, 'c', answer(10)); // forgotten: read as if for the first time
    expect(cache.lookup('c').kept).toBeUndefined();
  });

  it('does not keep an answer read before a clear', () => {
    const { watch, change } = handWatch();
    const cache = cacheOf(watch, 16_000);
    read(cache, 'a', answer(10));
    const { generation } = cache.lookup('a');
    change();
    cache.lookup('b');
    cache.keep('a', answer(10), generation);
    expect(cache.lookup('a').kept).toBeUndefined();
  });

  it('lets the least recently served answers go beyond its budget, and never keeps one above a sixteenth of it', () => {
    const { watch } = handWatch();
    const cache = cacheOf(watch, 16 * 300);
    const keep = (key: string, bytes: number) => readTwice(cache, key, answer(costing(bytes)));
    keep('a', 300);
    keep('b', 300);
    for (let i = 0; i < 14; i += 1) keep(String.fromCharCode(0x41 + i + 2), 300);
    expect(cache.lookup('a').kept).toBeDefined(); // served: now the most recent
    keep('z', 300); // one answer over the budget: the least recently served (b) goes
    expect(cache.lookup('b').kept).toBeUndefined();
    expect(cache.lookup('a').kept).toBeDefined();
    expect(cache.lookup('z').kept).toBeDefined();
    keep('y', 301);
    expect(cache.lookup('y').kept).toBeUndefined();
  });

  it('counts the keys, two bytes a character beyond Latin-1, and never keeps an answer under an unusually long key', () => {
    const { watch } = handWatch();
    const cache = cacheOf(watch, 16 * 1000);
    const keep = (key: string) => readTwice(cache, key, answer(10));
    // A key of 830 characters costs a thousand bytes with its answer: 16 fit, the 17th pushes the first out.
    const long = (i: number) => `${i}`.padEnd(830, '.');
    for (let i = 0; i < 17; i += 1) keep(long(i));
    expect(cache.lookup(long(0)).kept).toBeUndefined();
    expect(cache.lookup(long(16)).kept).toBeDefined();
    // So does one of 415 characters that take two bytes each.
    const wide = (i: number) => `${i}`.padEnd(415, 'ж');
    for (let i = 0; i < 17; i += 1) keep(wide(i));
    expect(cache.lookup(wide(0)).kept).toBeUndefined();
    expect(cache.lookup(wide(1)).kept).toBeDefined();
    expect(cache.lookup(wide(16)).kept).toBeDefined();

    const tooLong = 'k'.repeat(LONGEST_KEY + 1);
    keep(tooLong);
    expect(cache.lookup(tooLong).kept).toBeUndefined();
  });

  it('compresses a kept answer once per encoding, keeping the bytes within its budget', () => {
    const { watch } = handWatch();
    const cache = cacheOf(watch, 16 * 2000);
    const body = JSON.stringify({ data: Array.from({ length: 40 }, (_, i) => ({ id: i, name: 'Widget' })) });
    readTwice(cache, 'a', { body, etag: undefined });
    const kept = cache.lookup('a').kept!;
    const br = cache.encoded('a', kept, 'br');
    expect(brotliDecompressSync(br).toString('utf8')).toBe(body);
    // Kept: the next hit is given the same bytes, not compressed again.
    const keptWithBr = cache.lookup('a').kept!;
    expect(keptWithBr.encoded?.br).toBe(br);
    expect(cache.encoded('a', keptWithBr, 'br')).toBe(br);
    const gzip = cache.encoded('a', keptWithBr, 'gzip');
    expect(gunzipSync(gzip).toString('utf8')).toBe(body);
    expect(Object.keys(cache.lookup('a').kept!.encoded ?? {}).sort()).toEqual(['br', 'gzip']);

    // An answer whose compressed copy would take it past an entry's share is served it but keeps none.
    const largest = 2000 - ENTRY_OVERHEAD_BYTES - 1;
    const incompressible = Array.from({ length: largest - 10 }, (_, i) =>
      String.fromCharCode(33 + ((i * 7919) % 90)),
    ).join('');
    readTwice(cache, 'b', { body: incompressible, etag: undefined });
    const keptB = cache.lookup('b').kept!;
    expect(keptB).toBeDefined();
    expect(brotliDecompressSync(cache.encoded('b', keptB, 'br')).toString('utf8')).toBe(incompressible);
    expect(cache.lookup('b').kept).toBe(keptB);
    expect(ENCODED_OVERHEAD_BYTES).toBeGreaterThan(0);
  });
});
